import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** scrypt's cost (N = 2^15, r = 8, p = 1: 32 MiB and ~0.1 s a check on this kind of machine, OWASP's
 * minimum for scrypt); kept with each hash, so a later change of cost still verifies older ones. */
const COST = { N: 2 ** 15, r: 8, p: 1 }
const KEY_BYTES = 32
const MAX_MEMORY = 64 * 1024 * 1024

export const MIN_PASSWORD = 12
export const MAX_PASSWORD = 200

const derive = (password: string, salt: Buffer, cost: typeof COST) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...cost, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )

/** Why a password cannot be used, or null. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string') return 'a password is needed'
  const length = [...password].length
  if (length < MIN_PASSWORD) return `a password has at least ${MIN_PASSWORD} characters`
  if (length > MAX_PASSWORD) return `a password has at most ${MAX_PASSWORD} characters`
  return null
}

/** `scrypt$N$r$p$salt$key` (base64): what is kept of a password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$')
}

/** Whether `password` is the one `stored` was made from; false for anything malformed. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$') ?? []
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // the same work as a real check, so the time taken does not say whether the account exists
    await derive(password, randomBytes(16), COST)
    return false
  }
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string]
  const cost = { N: Number(n), r: Number(r), p: Number(p) }
  if (![cost.N, cost.r, cost.p].every(Number.isSafeInteger) || cost.N > 2 ** 20) return false
  const expected = Buffer.from(key, 'base64')
  const given = await derive(password, Buffer.from(salt, 'base64'), cost)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
