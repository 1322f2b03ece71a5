// The types of server-runtime.mjs (plain JavaScript, which scripts/start.mjs imports before anything is
// built); its values and their reasons are there.

export declare const SERVER_NODE_FLAGS: readonly string[]
export declare const SERVER_ENV: Readonly<Record<string, string>>
export declare const JEMALLOC_PATHS: readonly string[]
export declare const JEMALLOC_CONF: string
export declare function serverEnv(exists?: (path: string) => boolean): Record<string, string>
export declare function runWithServerRuntime(args: readonly string[]): void
export declare function serverCommandLine(args: readonly string[], exists?: (path: string) => boolean): string
