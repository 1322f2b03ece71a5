/** Made by the Vite plugin of scripts/vite-messages.ts. */
declare module 'virtual:stitchboard-messages' {
  /** every piece of the catalogues: `app` (the shell's messages) and each lazily loaded piece's path */
  export const PIECES: readonly string[]
  /** `language`'s compiled messages of `piece` (src/lib/i18n/messages.ts); an error for a piece or
   * language the catalogues have not, or messages that could not be fetched */
  export function loadPiece(language: string, piece: string): Promise<unknown>
}
