/** Made by the Vite plugin in vite.config.ts (compiledMessages). */
declare module 'virtual:stitchboard-messages' {
  /** every piece of the catalogues: `app` (the shell's messages) and each lazily loaded piece's path */
  export const PIECES: readonly string[]
  /** each language's pieces, each a chunk of compiled messages (src/lib/i18n/messages.ts) */
  export const LOADERS: Readonly<
    Record<string, Readonly<Record<string, () => Promise<{ default: unknown }>>>>
  >
}
