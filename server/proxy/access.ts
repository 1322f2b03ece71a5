import type { Context, MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { withoutBase } from '../../src/lib/base-path'

export const SESSION_COOKIE = 'stitchboard_session'
/** Most sessions kept; the least recently renewed goes first when a new one would exceed it. */
const MAX_SESSIONS = 10_000

const encoder = new TextEncoder()

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)))
}

/** Compares digests, so the time taken says nothing about where two secrets differ. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length
  for (let i = 0; i < Math.min(a.length, b.length); i++) diff |= a[i]! ^ b[i]!
  return diff === 0
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/** A token bucket: `capacity` attempts at once, one more every `refillMs`. */
class Bucket {
  private tokens: number
  private at: number
  constructor(
    private readonly capacity: number,
    private readonly refillMs: number,
    now: number,
  ) {
    this.tokens = capacity
    this.at = now
  }
  take(now: number): boolean {
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.at) / this.refillMs)
    this.at = now
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
  give() {
    this.tokens = Math.min(this.capacity, this.tokens + 1)
  }
  /** milliseconds until one attempt is allowed again */
  waitMs() {
    return Math.ceil(Math.max(0, 1 - this.tokens) * this.refillMs)
  }
  full(now: number) {
    return this.tokens + (now - this.at) / this.refillMs >= this.capacity
  }
}

/** Where sessions live between restarts: only digests of session ids with their expiry (ms). */
export interface SessionStore {
  load(): Iterable<[string, number]>
  save(sessions: ReadonlyMap<string, number>): void
}

export interface AccessOptions {
  token: string
  /** who is asking (the client's address, see clientAddress) */
  clientKey: (c: Context) => string
  /** whether the browser reached us over HTTPS (directly, or through a trusted TLS proxy) */
  isHttps: (c: Context) => boolean
  sessionHours: number
  /** BASE_PATH ('' at the root): the session cookie's Path, and where a token link leads back to */
  basePath?: string
  /** a monotonic-enough clock in ms for buckets and expiry (Date.now in production) */
  now?: () => number
  store?: SessionStore
}

/** Attempts at the token per client: a burst of 10, then one every 6 s; a success gives its attempt
 * back but resets nothing. In all: 100, then 2 a second, so many addresses cannot guess faster either. */
export const GUESS_LIMITS = {
  perClient: { capacity: 10, refillMs: 6000 },
  overall: { capacity: 100, refillMs: 500 },
}

/** DASHBOARD_TOKEN: `?token=` once sets a session cookie (a random id kept on the server, expiring after
 * SESSION_HOURS without use, renewed while a kiosk polls); `Authorization: Bearer` works too; anything
 * else gets 401. Token attempts are rate-limited per client and in all before they are checked, so
 * parallel connections gain nothing; `DELETE /api/sessions` with the token ends every session. */
export function accessControl({
  token,
  clientKey,
  isHttps,
  sessionHours,
  basePath = '',
  now = Date.now,
  store,
}: AccessOptions) {
  const tokenDigest = digest(token)
  const sessionMs = sessionHours * 3_600_000
  const overall = new Bucket(GUESS_LIMITS.overall.capacity, GUESS_LIMITS.overall.refillMs, now())
  const perClient = new Map<string, Bucket>()
  /** digest of a session id (hex) → expiry (ms); a Map keeps insertion order: oldest renewal first */
  const sessions = new Map<string, number>()
  for (const [id, expires] of store?.load() ?? []) if (expires > now()) sessions.set(id, expires)

  const save = () => store?.save(sessions)

  const bucketOf = (key: string) => {
    let bucket = perClient.get(key)
    if (!bucket) {
      if (perClient.size >= 10_000) {
        // forget clients whose buckets have filled up again; they lose nothing
        for (const [k, b] of perClient) if (b.full(now())) perClient.delete(k)
        if (perClient.size >= 10_000) perClient.delete(perClient.keys().next().value!)
      }
      bucket = new Bucket(GUESS_LIMITS.perClient.capacity, GUESS_LIMITS.perClient.refillMs, now())
      perClient.set(key, bucket)
    }
    return bucket
  }

  /** Checks a token attempt, unless this client or everyone is out of attempts (then null: not checked). */
  const attempt = async (c: Context, given: string): Promise<boolean | null> => {
    const bucket = bucketOf(clientKey(c))
    const t = now()
    if (!bucket.take(t)) return null
    if (!overall.take(t)) {
      bucket.give()
      return null
    }
    const ok = sameBytes(await digest(given), await tokenDigest)
    if (ok) {
      bucket.give()
      overall.give()
    }
    return ok
  }

  /** (Re)starts a session's time; moved to the end of the map, the most recently renewed. */
  const renew = (key: string) => {
    sessions.delete(key)
    sessions.set(key, now() + sessionMs)
    save()
  }

  const newSession = async () => {
    const id = base64url(crypto.getRandomValues(new Uint8Array(32)))
    while (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!)
    renew(hex(await digest(id)))
    return id
  }

  const validSession = async (id: string) => {
    const key = hex(await digest(id))
    const expires = sessions.get(key)
    if (expires === undefined) return null
    if (expires <= now()) {
      sessions.delete(key)
      save()
      return null
    }
    return key
  }

  const setSession = (c: Context, id: string) =>
    setCookie(c, SESSION_COOKIE, id, {
      httpOnly: true,
      sameSite: 'Strict',
      path: basePath || '/',
      maxAge: Math.floor(sessionMs / 1000),
      secure: isHttps(c),
    })

  const refuse = (c: Context, limited: boolean) => {
    const api = c.req.path.startsWith('/api/') || c.req.path.endsWith('.json')
    if (limited) {
      const wait = Math.max(1, Math.ceil(bucketOf(clientKey(c)).waitMs() / 1000))
      const message = `Too many attempts with a wrong access token; try again in ${wait} s`
      c.header('Retry-After', String(wait))
      return api ? c.json({ error: message }, 429) : c.text(message, 429)
    }
    const message =
      'This dashboard needs its access token: open its link with ?token=… once, or send Authorization: Bearer …'
    if (api) return c.json({ error: message }, 401)
    return c.html(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>stitchboard: access needed</title><body><main><h1>Access needed</h1><p>${message}</p></main></body></html>`,
      401,
    )
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.path === '/healthz') return next()
    const url = new URL(c.req.url)
    const offered = url.searchParams.get('token')
    if (offered !== null) {
      const ok = await attempt(c, offered)
      if (!ok) return refuse(c, ok === null)
      setSession(c, await newSession())
      url.searchParams.delete('token') // keep the token out of history, bookmarks and logs
      // a path on this server only: "//evil.example" must not become a link to another site; under the
      // base path whether the proxy stripped it or not (the browser sees the proxy's addresses)
      const path = withoutBase(url.pathname, basePath).replace(/^[/\\]+/, '')
      return c.redirect(`${basePath}/${path}${url.search}`, 303)
    }
    const auth = c.req.header('Authorization')
    if (auth?.startsWith('Bearer ')) {
      const ok = await attempt(c, auth.slice(7))
      if (!ok) return refuse(c, ok === null)
      if (c.req.path === '/api/sessions' && c.req.method === 'DELETE') {
        const ended = sessions.size
        sessions.clear()
        save()
        return c.json({ ended })
      }
      return next()
    }
    const cookie = getCookie(c, SESSION_COOKIE)
    const session = cookie ? await validSession(cookie) : null
    if (!session || !cookie) return refuse(c, false)
    if (c.req.path === '/app-config.json') {
      renew(session)
      setSession(c, cookie)
    }
    return next()
  }
  return middleware
}
