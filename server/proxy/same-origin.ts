import type { MiddlewareHandler } from 'hono'

/** A Host header's name part, lower case, without the port ("[::1]:8080" → "[::1]"). */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase()
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1)
  const colon = h.indexOf(':')
  return colon === -1 ? h : h.slice(0, colon)
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/
const isIpLiteral = (name: string) => IPV4.test(name) || (name.startsWith('[') && name.endsWith(']'))
const isLocalName = (name: string) => name === 'localhost' || name.endsWith('.localhost')

export interface SameOriginOptions {
  /** names a request may be addressed to besides IP literals and localhost: ALLOWED_HOSTS, HOST and
   * the machine's own name */
  allowedHosts: readonly string[]
}

/** DNS rebinding and cross-site requests (issue 21): a request must be addressed to this server by a name
 * it knows (an attacker's domain that resolves to us is refused: rebinding needs its own name in Host;
 * an IP address or localhost cannot be rebound), and a POST must come from a page of this same origin
 * and carry JSON, so no other site's form or `text/plain` fetch can use the look-up with our licence. */
export function sameOrigin({ allowedHosts }: SameOriginOptions): MiddlewareHandler {
  const allowed = new Set(allowedHosts.map((h) => h.toLowerCase()))
  const knownHost = (host: string | undefined) => {
    if (!host) return false
    const name = hostName(host)
    return isIpLiteral(name) || isLocalName(name) || allowed.has(name)
  }
  return async (c, next) => {
    const host = c.req.header('Host') ?? new URL(c.req.url).host
    if (!knownHost(host)) {
      return c.json(
        {
          error: `This server does not answer to the name "${hostName(host ?? '').slice(0, 100)}"; add it to ALLOWED_HOSTS`,
        },
        421,
      )
    }
    if (c.req.method === 'POST') {
      const origin = c.req.header('Origin')
      const site = c.req.header('Sec-Fetch-Site')
      let originMatches = false
      try {
        originMatches = origin !== undefined && new URL(origin).host.toLowerCase() === host.toLowerCase()
      } catch {
        // "null" or garbage: no match
      }
      // a browser's Sec-Fetch-Site cannot be set by a page: believed when present; otherwise the Origin
      if (site === undefined ? !originMatches : site !== 'same-origin') {
        return c.json({ error: 'Refused: a POST must come from a page of this dashboard (Origin)' }, 403)
      }
      const type = c.req.header('Content-Type') ?? ''
      if (!/^application\/json\s*(;|$)/i.test(type)) {
        return c.json({ error: 'Refused: a POST must send Content-Type: application/json' }, 415)
      }
    }
    return next()
  }
}
