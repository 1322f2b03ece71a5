import type { Context, MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { LRUCache } from 'lru-cache'

export const SESSION_COOKIE = 'stitchboard_session'
/** Long enough that a kiosk never meets a login screen; renewed by every /app-config.json it polls. */
const SESSION_MAX_AGE = 400 * 86_400
const FREE_FAILURES = 5
const MAX_DELAY_MS = 8000

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

export interface AccessOptions {
  token: string
  /** who is asking, to slow down repeated failures; the Node entry passes the socket address */
  clientKey: (c: Context) => string
  sleep?: (ms: number) => Promise<void>
}

/** DASHBOARD_TOKEN (ARCHITECTURE.md): `?token=` once sets an HttpOnly, SameSite=Strict cookie;
 * `Authorization: Bearer` works too; anything else gets 401, later ones from the same client slower. */
export function accessControl({
  token,
  clientKey,
  sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
}: AccessOptions) {
  const tokenDigest = digest(token)
  const sessionValue = digest(`stitchboard-session:${token}`).then(base64url)
  const failures = new LRUCache<string, number>({ max: 10_000, ttl: 15 * 60_000 })

  const matchesToken = async (given: string) => sameBytes(await digest(given), await tokenDigest)

  const refuse = async (c: Context) => {
    const key = clientKey(c)
    const count = (failures.get(key) ?? 0) + 1
    failures.set(key, count)
    if (count > FREE_FAILURES) await sleep(Math.min(MAX_DELAY_MS, 250 * 2 ** (count - FREE_FAILURES - 1)))
    const message =
      'This dashboard needs its access token: open its link with ?token=… once, or send Authorization: Bearer …'
    if (c.req.path.startsWith('/api/') || c.req.path.endsWith('.json')) return c.json({ error: message }, 401)
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
      if (!(await matchesToken(offered))) return refuse(c)
      setSession(c, await sessionValue)
      url.searchParams.delete('token') // keep the token out of history, bookmarks and logs
      return c.redirect(`${url.pathname}${url.search}`, 303)
    }
    const auth = c.req.header('Authorization')
    const cookie = getCookie(c, SESSION_COOKIE)
    let allowed = false
    if (auth?.startsWith('Bearer ')) allowed = await matchesToken(auth.slice(7))
    else if (cookie) allowed = sameBytes(encoder.encode(cookie), encoder.encode(await sessionValue))
    if (!allowed) return refuse(c)
    failures.delete(clientKey(c))
    if (cookie && c.req.path === '/app-config.json') setSession(c, cookie)
    return next()
  }
  return middleware
}

function setSession(c: Context, value: string) {
  setCookie(c, SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    maxAge: SESSION_MAX_AGE,
    secure: new URL(c.req.url).protocol === 'https:',
  })
}
