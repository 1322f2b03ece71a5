/** Made by the Vite plugin in vite.config.ts (compiledMessages). */
declare module 'virtual:stitchboard-messages' {
  /** every part of the catalogues: the first segments of the messages' names */
  export const PARTS: readonly string[]
  /** each language's parts, each a chunk of compiled messages (src/lib/i18n/messages.ts) */
  export const LOADERS: Readonly<
    Record<string, Readonly<Record<string, () => Promise<{ default: unknown }>>>>
  >
}
