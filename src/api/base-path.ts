import { basePathOf, withoutBase } from '../lib/base-path'

/** The one place the app learns its base path (BASE_PATH, '' at the root): the server names it in the
 * page's `<base href>` (server/page-hints.ts); without one (the dev server, jsdom) it is the root. Read
 * once. Every address the app fetches, streams or links to outside the router goes through `appUrl`; the
 * router takes it as its basename. */
let base: string | undefined
export function basePath(): string {
  base ??= typeof document === 'undefined' ? '' : basePathOf(document.querySelector('base')?.href)
  return base
}

/** An address of this server as the browser asks for it: `/api/live` → `/stitchboard/api/live`. */
export const appUrl = (path: string) => `${basePath()}${path}`

/** The app's own path of a browser address: `/stitchboard/kiosk` → `/kiosk`. */
export const appPath = (pathname: string) => withoutBase(pathname, basePath())
