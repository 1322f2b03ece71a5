/** No inline script anywhere; styles from our own files (React's style props go through the CSSOM,
 * which CSP does not restrict). The page's `<base href>` (its base path, BASE_PATH) may only name this
 * origin. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')

/** The headers every answer carries. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'SAMEORIGIN',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
})

/** Marks responses built with SECURITY_HEADERS already in place; touching their headers again would
 * turn the Node adapter's plain header record into a Headers object on the hottest path (bench:proxy).
 * A flag on the object is cheaper there than a WeakSet. */
const COMPLETE = Symbol('security headers in place')

export function withSecurityHeaders(response: Response): Response {
  ;(response as Response & { [COMPLETE]?: true })[COMPLETE] = true
  return response
}

/** Adds the security headers to an answer that does not have them yet. */
export function secure(response: Response): Response {
  if ((response as Response & { [COMPLETE]?: true })[COMPLETE]) return response
  const headers = response.headers
  for (const name in SECURITY_HEADERS) headers.set(name, SECURITY_HEADERS[name]!)
  return response
}
