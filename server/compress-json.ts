import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'

const gzipAsync = promisify(gzip)

/** Below this a JSON answer goes as it is: the header and the work cost more than they save. */
export const COMPRESS_MIN_BYTES = 1024
/** zlib level 4: 7 days of the factory's timeline (3.9 MB of JSON) → 0.59 MB in about 36 ms on this
 * machine's core, in zlib's thread pool; level 6 saves 0.1 % more for three times the time, and
 * CompressionStream (what hono/compress uses) took 360 ms on the same answer. */
const LEVEL = 4

/** Answers from this size on are gzipped by the API route itself, straight from the bytes it holds
 * (compressJson would first copy them out of the Response: 28 MB more for a 31-day thread-break log of
 * 200 machines), once per answer however many clients are sent it. */
export const LARGE_ANSWER_BYTES = 1024 * 1024

const gzipped = new WeakMap<Uint8Array, Promise<Uint8Array>>()

/** The gzip form of an answer's body, made once while the body lives (a cached answer's, or one shared by
 * the requests that waited for it) and let go with it. */
export function gzipOnce(body: Uint8Array): Promise<Uint8Array> {
  let zipped = gzipped.get(body)
  if (!zipped) {
    zipped = gzipAsync(body, { level: LEVEL })
    gzipped.set(body, zipped)
    zipped.catch(() => gzipped.delete(body))
  }
  return zipped
}

/** Does the client take gzip? An explicit `gzip;q=0` refuses it; `*` counts unless it has q=0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  let wildcard = false
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const refused = q !== undefined && Number(q.slice(2)) === 0
    if (name === 'gzip' || name === 'x-gzip') return !refused
    if (name === '*') wildcard = !refused
  }
  return wildcard
}

/** Gzips complete JSON answers for clients that accept it. Streams (the live feed's
 * text/event-stream), answers already encoded, small ones and `no-transform` ones pass untouched. */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || !res.body) return
    if (!/^application\/json\b/i.test(res.headers.get('Content-Type') ?? '')) return
    if (res.headers.has('Content-Encoding')) return
    if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return
    const vary = res.headers.get('Vary')
    const varied = vary
      ? /\baccept-encoding\b/i.test(vary)
        ? vary
        : `${vary}, Accept-Encoding`
      : 'Accept-Encoding'
    if (!acceptsGzip(c.req.header('Accept-Encoding'))) {
      res.headers.set('Vary', varied)
      return
    }
    const body = new Uint8Array(await res.arrayBuffer())
    const headers = new Headers(res.headers)
    headers.set('Vary', varied)
    if (body.byteLength < COMPRESS_MIN_BYTES) {
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers })
      return
    }
    const zipped = await gzipAsync(body, { level: LEVEL })
    headers.set('Content-Encoding', 'gzip')
    headers.set('Content-Length', String(zipped.byteLength))
    c.res = new Response(new Uint8Array(zipped), { status: res.status, statusText: res.statusText, headers })
  }
}
