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

/** DNS rebinding and cross-site requests (issue 21): a request must be addressed to this server by a name
 * it knows (`allowedHosts`: ALLOWED_HOSTS, HOST and the machine's own name, lower case; an attacker's
 * domain that resolves to us is refused, since rebinding needs its own name in Host, and an IP address or
 * localhost cannot be rebound), and a POST must come from a page of this same origin
 * and carry JSON, so no other site's form or `text/plain` fetch can use the look-up with our licence.
 * A plain function, run before routing, so the cache-hit path stays synchronous. Null when it may pass. */
export function sameOriginRefusal(
  request: Request,
  allowedHosts: ReadonlySet<string>,
  /** a POST that needs no page's Origin: an ERP's call with its key (server/people/guard.ts) */
  fromIntegration: (request: Request) => boolean = () => false,
): Response | null {
  const host = request.headers.get('Host') ?? new URL(request.url).host
  const name = hostName(host)
  if (!isIpLiteral(name) && !isLocalName(name) && !allowedHosts.has(name)) {
    return Response.json(
      { error: `This server does not answer to the name "${name.slice(0, 100)}"; add it to ALLOWED_HOSTS` },
      { status: 421 },
    )
  }
  if (request.method !== 'POST') return null
  const origin = request.headers.get('Origin')
  const site = request.headers.get('Sec-Fetch-Site')
  let originMatches = false
  try {
    originMatches = origin !== null && new URL(origin).host.toLowerCase() === host.toLowerCase()
  } catch {
    // "null" or garbage: no match
  }
  // a browser's Sec-Fetch-Site cannot be set by a page: believed when present; otherwise the Origin
  if ((site === null ? !originMatches : site !== 'same-origin') && !fromIntegration(request)) {
    return Response.json(
      { error: 'Refused: a POST must come from a page of this dashboard (Origin)' },
      { status: 403 },
    )
  }
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get('Content-Type') ?? '')) {
    return Response.json(
      { error: 'Refused: a POST must send Content-Type: application/json' },
      { status: 415 },
    )
  }
  return null
}
