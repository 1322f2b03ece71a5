import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { extname, join, relative, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { getRequestListener } from '@hono/node-server'
import type { Context } from 'hono'
import { Agent, request } from 'undici'
import type { Language } from '../src/lib/i18n/translator'
import { PAGE_DATA, type PageKind, withBaseHref, withLanguage, withPreloads } from './page-hints'
import { requestTargetProblem } from './proxy/allow-list'
import { MAX_TARGET_LENGTH } from './proxy/api-get'
import { normaliseAddress } from './proxy/client-address'
import { SECURITY_HEADERS } from './proxy/security-headers'
import type { Transport } from './proxy/upstream'
import { indexVariant, type StaticFile } from './static-files'

/** Node-only pieces of the server: the upstream transport, the built files, the HTTP listener. */

const agent = new Agent({ keepAliveTimeout: 10_000, connections: 128 })

/** undici.request: about twice as fast as Node 20's fetch to the upstream (docs/architecture.md, budgets). */
export const undiciTransport: Transport = async ({ url, method, headers, body, signal }) => {
  const answer = await request(url, { method, headers, body: body ?? null, signal, dispatcher: agent })
  const location = answer.headers.location
  const length = declaredLength(answer.headers)
  return {
    status: answer.statusCode,
    body: answer.body,
    ...(typeof location === 'string' ? { location } : {}),
    ...(length !== undefined ? { length } : {}),
  }
}

/** The Content-Length of a body sent as it is (no Content-Encoding, no chunked framing), when it is one
 * plain number: undici.request passes the bytes on undecoded, so that is the number that arrives. */
export function declaredLength(headers: Record<string, string | string[] | undefined>): number | undefined {
  const length = headers['content-length']
  if (typeof length !== 'string' || !/^\d{1,15}$/.test(length)) return undefined
  if (headers['content-encoding'] !== undefined || headers['transfer-encoding'] !== undefined)
    return undefined
  return Number(length)
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg', '.txt'])

/** Every file below `dir`, leaving out dot-folders (Vite's build manifest is not for browsers). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]))
}

/** Reads the built SPA into memory once, with gzip and brotli forms of the text files; its page names
 * the base path (BASE_PATH, '' at the root) it is served under. */
export function loadStaticFiles(
  distDir: string,
  basePath = '',
  language: Language | null = null,
): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  const cache = join(distDir, COMPRESSED_DIR)
  for (const path of filesUnder(distDir)) {
    const ext = extname(path)
    const body = new Uint8Array(readFileSync(path))
    const file: StaticFile = { body, contentType: TYPES[ext] ?? 'application/octet-stream' }
    if (COMPRESSIBLE.has(ext) && body.byteLength > 512) Object.assign(file, compressedForms(body, cache))
    files.set(`/${relative(distDir, path).split(sep).join('/')}`, file)
  }
  // the page in each theme (static-files.ts picks one per request, so the first paint is in the
  // user's theme without an inline script, which the CSP forbids), naming the data the page reads first
  // (server/page-hints.ts)
  const index = files.get('/index.html')
  if (index) {
    const html = withLanguage(withBaseHref(new TextDecoder().decode(index.body), basePath), language)
    for (const theme of ['light', 'dark', 'system'] as const) {
      const themed = html
        .replace(/<html([^>]*?)\s+class="[^"]*"/, '<html$1')
        .replace(/<html\b/, theme === 'system' ? '<html' : `<html class="${theme}"`)
      for (const [kind, urls] of Object.entries(PAGE_DATA) as [PageKind, readonly string[]][]) {
        files.set(
          indexVariant(theme, kind),
          htmlFile(withPreloads(themed, urls, basePath), index.contentType, cache),
        )
      }
    }
  }
  return files
}

function htmlFile(html: string, contentType: string, cache: string): StaticFile {
  const body = new TextEncoder().encode(html)
  return { body, contentType, ...compressedForms(body, cache) }
}

/** Where the gzip and brotli forms of the built files are kept between starts: a dot-folder of the build,
 * which is never served and goes with the next build. */
export const COMPRESSED_DIR = '.compressed'

/**
 * A text file's gzip (level 9) and brotli (quality 11) forms. The strongest settings cost about 2 s of one
 * core for the whole build, at every start: a start keeps them in `cache`, named by a hash of the bytes
 * they were made from (so a form is never of another build's file), and the next start reads them. A
 * cache that cannot be written (a read-only install) only means the next start compresses again.
 */
export function compressedForms(body: Uint8Array, cache: string): { gzip: Uint8Array; brotli: Uint8Array } {
  const name = join(cache, createHash('sha256').update(body).digest('hex'))
  const kept = (suffix: string, make: () => Uint8Array) => {
    try {
      return new Uint8Array(readFileSync(`${name}.${suffix}`))
    } catch {
      const made = make()
      try {
        mkdirSync(cache, { recursive: true })
        // whole or not at all: another server starting at the same moment may read it
        const part = `${name}.${suffix}.${process.pid}.part`
        writeFileSync(part, made)
        renameSync(part, `${name}.${suffix}`)
      } catch {
        // not kept: made again next time
      }
      return made
    }
  }
  return {
    gzip: kept('gz', () => new Uint8Array(gzipSync(body, { level: 9 }))),
    brotli: kept(
      'br',
      () => new Uint8Array(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
    ),
  }
}

/** The version the SPA sees in /app-config.json; a kiosk reloads when it changes. */
export function buildVersion(packageVersion: string, files: ReadonlyMap<string, StaticFile>): string {
  const index = files.get('/index.html')
  const build = index ? createHash('sha256').update(index.body).digest('hex').slice(0, 10) : 'dev'
  return `${packageVersion}+${build}`
}

export const socketAddress = (c: Context) =>
  (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress ?? 'unknown'

/** Limits of the listener (issue 21): slow or idle clients are let go, no client can take every socket. */
export interface ListenerLimits {
  /** the whole request head must arrive within this (slow-header clients) */
  headersTimeoutMs: number
  /** the whole request, body included, must arrive within this (slow or endless bodies) */
  requestTimeoutMs: number
  /** an idle keep-alive connection is closed after this */
  keepAliveTimeoutMs: number
  /** a connection with no traffic at all is closed after this */
  idleTimeoutMs: number
  maxConnections: number
  /** per client address; a trusted reverse proxy (TRUST_PROXY) carries everyone's and is not held to it */
  maxConnectionsPerClient: number
  /** longest raw request target; longer ones are a 414 before any parsing */
  maxTargetLength: number
}

export const LISTENER_LIMITS: ListenerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
  // the live streams (at most 2,000, server/history/routes.ts) and room for requests beside them
  maxConnections: 2600,
  maxConnectionsPerClient: 256,
  // the app's own limit on what follows /api (server/proxy/api-get.ts), for every path
  maxTargetLength: MAX_TARGET_LENGTH + '/api'.length,
}

const refusal = (res: ServerResponse, status: number, error: string) => {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    Connection: 'close',
  })
  res.end(JSON.stringify({ error }))
}

/** An HTTP server for `fetch`, refusing raw request targets a URL parser would quietly normalise, and
 * too long ones, and holding slow, idle and greedy clients to the limits. */
export function createNodeServer(
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
  limits: ListenerLimits = LISTENER_LIMITS,
  trustedProxies: readonly string[] = [],
): Server {
  const listener = getRequestListener(fetch)
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: 1000,
    },
    (req, res) => {
      const target = req.url ?? ''
      if (target.length > limits.maxTargetLength) {
        return refusal(res, 414, `The request address is longer than ${limits.maxTargetLength} characters`)
      }
      const problem = requestTargetProblem(target)
      if (!problem) return listener(req, res)
      refusal(res, 400, `Refused: ${problem}`)
    },
  )
  server.maxConnections = limits.maxConnections
  server.setTimeout(limits.idleTimeoutMs, (socket) => socket.destroy())
  const perClient = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const client = normaliseAddress(socket.remoteAddress ?? 'unknown')
    if (trustedProxies.includes(client)) return
    const count = (perClient.get(client) ?? 0) + 1
    if (count > limits.maxConnectionsPerClient) {
      socket.destroy()
      return
    }
    perClient.set(client, count)
    socket.once('close', () => {
      const left = (perClient.get(client) ?? 1) - 1
      if (left <= 0) perClient.delete(client)
      else perClient.set(client, left)
    })
  })
  // a client that disconnects mid-request is not an error worth a stack trace
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code !== 'ECONNRESET' && socket.writable) {
      // a request line or head over Node's 16 KiB is refused by its parser, before our handler runs
      const status =
        error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request'
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
    }
    socket.destroy()
  })
  return server
}

/** Stops taking connections, lets requests in flight finish, and ends every connection left after
 * `seconds`, slow clients included; resolves when the server is closed. */
export function shutDown(server: Server, seconds: number): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeIdleConnections()
    const timer = setTimeout(() => server.closeAllConnections(), seconds * 1000)
    timer.unref()
  })
}
