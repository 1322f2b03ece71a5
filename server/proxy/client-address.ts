/** "::ffff:127.0.0.1" → "127.0.0.1", lower case. */
export const normaliseAddress = (address: string) =>
  address
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d)/, '')

/** The client's address: the socket's, unless the socket is one of our trusted reverse proxies
 * (TRUST_PROXY); then the right-most X-Forwarded-For entry that is not one of them (entries further
 * left could have been written by the client itself). */
export function clientAddress(
  socketAddress: string,
  forwardedFor: string | undefined,
  trusted: readonly string[],
): string {
  const socket = normaliseAddress(socketAddress)
  if (!forwardedFor || !trusted.includes(socket)) return socket
  const hops = forwardedFor.split(',').map(normaliseAddress).filter(Boolean)
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted.includes(hops[i]!)) return hops[i]!
  return hops[0] ?? socket
}

/** Whether the browser's own connection is HTTPS: this request's, or, from a trusted proxy, the first
 * X-Forwarded-Proto. */
export function reachedOverHttps(
  url: string,
  socketAddress: string,
  forwardedProto: string | undefined,
  trusted: readonly string[],
): boolean {
  if (url.startsWith('https:')) return true
  if (!forwardedProto || !trusted.includes(normaliseAddress(socketAddress))) return false
  return forwardedProto.split(',')[0]!.trim().toLowerCase() === 'https'
}
