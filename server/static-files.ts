import type { Context } from 'hono'

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

/** Serves the built SPA: hashed assets cached for a year, index.html never cached, every other
 * extension-less path answered with index.html (client-side routes), compressed when the browser can. */
export function serveStatic(c: Context, files: StaticFiles): Response {
  const path = c.req.path
  let file = files.get(path)
  let name = path
  if (!file && !/\.[a-z0-9]+$/i.test(path)) {
    file = files.get('/index.html')
    name = '/index.html'
  }
  if (!file) return c.json({ error: `No such file: ${path.slice(0, 200)}` }, 404)
  const accepts = c.req.header('Accept-Encoding') ?? ''
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    'Cache-Control': HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache',
    Vary: 'Accept-Encoding',
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
