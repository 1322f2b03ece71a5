import type { MiddlewareHandler } from 'hono'

/** No inline script anywhere; styles from our own files (React's style props go through the CSSOM,
 * which CSP does not restrict). */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next()
  const h = c.res.headers
  h.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
  h.set('X-Content-Type-Options', 'nosniff')
  h.set('Referrer-Policy', 'no-referrer')
  h.set('X-Frame-Options', 'SAMEORIGIN')
  h.set('Cross-Origin-Opener-Policy', 'same-origin')
  h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
}
