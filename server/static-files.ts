import type { Context } from 'hono'
import { type PageKind, pageKind } from './page-hints'

/** One built file, held in memory with its precompressed forms. */
export interface StaticFile {
  body: Uint8Array
  gzip?: Uint8Array
  brotli?: Uint8Array
  contentType: string
}

/** Files by URL path ("/index.html", "/assets/index-3f2a.js"). */
export type StaticFiles = ReadonlyMap<string, StaticFile>

const HASHED = /^\/assets\//

export type PageTheme = 'light' | 'dark' | 'system'

/** Where the page in one theme, with the preloads of one kind of page (server/page-hints.ts), is kept
 * among the files (a key no request path can name). */
export const indexVariant = (theme: PageTheme, page: PageKind) => `/index.html?theme=${theme}&page=${page}`

const THEME_COOKIE = /(?:^|;\s*)stitchboard-theme=(light|dark)(?:;|$)/

/** The theme of the page's first paint, as the app will choose it (src/app/theme.ts): `?theme=`, the
 * user's choice (a cookie the app sets beside its local storage), dark on a wall monitor, else the
 * system's (the stylesheet follows prefers-color-scheme until the app has started). */
export function pageTheme(path: string, query: string | undefined, cookie: string | undefined): PageTheme {
  if (query === 'light' || query === 'dark') return query
  const chosen = THEME_COOKIE.exec(cookie ?? '')?.[1]
  if (chosen === 'light' || chosen === 'dark') return chosen
  return path === '/kiosk' || path.startsWith('/kiosk/') ? 'dark' : 'system'
}

/** Serves the built SPA: hashed assets cached for a year, index.html never cached, every other
 * extension-less path answered with index.html (client-side routes), compressed when the browser can. */
export function serveStatic(c: Context, files: StaticFiles): Response {
  const path = c.req.path
  let file = files.get(path)
  let name = path
  let themed = false
  if (path === '/index.html' || (!file && !/\.[a-z0-9]+$/i.test(path))) {
    const theme = pageTheme(path, c.req.query('theme'), c.req.header('Cookie'))
    file = files.get(indexVariant(theme, pageKind(path))) ?? files.get('/index.html')
    name = '/index.html'
    themed = true
  }
  if (!file) return c.json({ error: `No such file: ${path.slice(0, 200)}` }, 404)
  const accepts = c.req.header('Accept-Encoding') ?? ''
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    'Cache-Control': HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache',
    Vary: themed ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
  }
  let body = file.body
  if (file.brotli && /\bbr\b/.test(accepts)) {
    body = file.brotli
    headers['Content-Encoding'] = 'br'
  } else if (file.gzip && /\bgzip\b/.test(accepts)) {
    body = file.gzip
    headers['Content-Encoding'] = 'gzip'
  }
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers)
}
