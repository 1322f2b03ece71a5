/**
 * The app's messages come in pieces: the shell's, the piece `app`, loaded before the first render
 * (src/app/main.tsx), and one for each piece of the app loaded lazily with the messages it shows: a page
 * (the page registry, src/app/pages.ts), the wall, the alert bar, the kiosk's set-up, and parts of pages
 * loaded when first shown (a wall view, a chart, a section below: `lazyPart` and `withMessages` beside
 * their use, src/components/with-messages.ts). A piece is keyed by its module's path, written beside its
 * loader; the build finds them there (scripts/message-pieces.ts), takes a piece's messages as the names
 * written out in its code, up to the next piece, and makes them one file per piece and language, loaded
 * with the piece's code. `npm run bench:bundle` counts each piece's messages into its first load.
 */
export const SHELL_PIECE = 'app'
