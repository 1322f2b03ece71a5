/** The one place the app learns its base path (BASE_PATH, '' at the root): the server writes it as the
 * page's `<base href="/stitchboard/">` (server/page-hints.ts); without one (the dev server, jsdom, Node) it
 * is the root. Read once, as the app starts. Every address the app fetches, streams or links to outside
 * the router goes through `appUrl`; the router takes it as its basename. */
export const BASE_PATH = (globalThis.document?.querySelector('base')?.getAttribute('href') ?? '').replace(
  /\/$/,
  '',
)

/** An address of this server as the browser asks for it: `/api/live` → `/stitchboard/api/live`. */
export const appUrl = (path: string) => BASE_PATH + path

/** The app's own path of the page's address, which is under the base path (the page is served there, and
 * its router knows no other): `/stitchboard/kiosk` → `/kiosk`, `/stitchboard` → `/`. Simpler than the
 * server's withoutBase (src/lib/base-path.ts), which also takes paths a proxy stripped: the shell's code
 * is close to its budget. */
export const appPath = (pathname: string) => pathname.slice(BASE_PATH.length) || '/'
