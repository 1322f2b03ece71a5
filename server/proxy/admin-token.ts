import { createHash, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'

/** Wrong admin tokens accepted per 10 minutes (from anywhere) before every try is refused for a while. */
const MAX_WRONG_TOKENS = 20

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * The check of ADMIN_TOKEN before a change of settings (the alerts', the reasons', planned stops): null
 * when the request carries it as `Authorization: Bearer …`; otherwise the refusal. Wrong tokens are
 * counted together for every kind of settings, so guessing is as slow wherever it is tried.
 */
export function adminGate(
  adminToken: () => string | null,
  now: () => number,
): (c: Context, what: string) => Response | null {
  let wrong = { since: 0, count: 0 }
  return (c, what) => {
    const token = adminToken()
    if (!token)
      return c.json({ error: `${what} are read-only: set ADMIN_TOKEN on the server to change them` }, 403)
    const at = now()
    if (at - wrong.since > 600_000) wrong = { since: at, count: 0 }
    if (wrong.count >= MAX_WRONG_TOKENS)
      return c.json({ error: 'Too many wrong admin tokens; try again in a few minutes' }, 429, {
        'Retry-After': '600',
      })
    const header = c.req.header('Authorization') ?? ''
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : ''
    if (!given) return c.json({ error: `Changing ${what.toLowerCase()} needs the admin token` }, 401)
    if (!timingSafeEqual(digest(given), digest(token))) {
      wrong.count++
      return c.json({ error: 'The admin token is not right' }, 403)
    }
    return null
  }
}
