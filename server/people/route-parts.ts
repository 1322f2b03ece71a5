import type { Context } from 'hono'
import * as z from 'zod'
import { isRole, ROLES } from '../../src/lib/roles'
import type { AuditLog } from '../audit/log'
import { readBodyLimited } from '../proxy/request-body'
import type { DeviceStore } from './devices'
import type { PeopleGuard } from './guard'
import type { OidcClient } from './oidc'
import type { PeopleStore, Person } from './store'

/** What the people's routes (./routes.ts, ./auth-routes.ts) share: their options, body checks and answers. */
export const MAX_BODY_BYTES = 8 * 1024
export const MAX_AUDIT_DAYS = 92
export const MAX_EXPORT_ROWS = 50_000
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/

export const login = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N}._@-]{2,64}$/u, 'is 2–64 letters, digits or . _ @ -')
export const name = z
  .string()
  .trim()
  .min(1, 'is empty')
  .max(60, 'is longer than 60 characters')
  .refine((s) => !CONTROL.test(s), 'holds control characters')
export const locations = z
  .array(
    z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
  )
  .max(200)
export const role = z.string().refine(isRole, `is not one of ${ROLES.join(', ')}`)

export const newPerson = z
  .object({ login, name, role, locations: locations.default([]), password: z.string() })
  .strict()
export const personChange = z
  .object({
    name: name.optional(),
    role: role.optional(),
    locations: locations.optional(),
    active: z.boolean().optional(),
    password: z.string().optional(),
    // the vendor's operatorId (/reports/operator-overview); null unlinks
    vendorOperatorId: z
      .string()
      .trim()
      .regex(/^[\w.:@-]{1,64}$/, 'is 1–64 letters, digits or . _ : @ -')
      .nullable()
      .optional(),
  })
  .strict()

export const problemOf = (error: z.ZodError, what: string) => {
  const issue = error.issues[0]
  return `${what}: ${issue?.path.join('.') || 'the body'} ${issue?.message ?? 'is not right'}`
}

/** A person as the pages see them (never a hash). */
export const personJson = (p: Person) => ({
  id: p.id,
  login: p.login,
  name: p.name,
  role: p.role,
  locations: p.locations,
  active: p.active,
  createdAt: p.createdAt,
  createdBy: p.createdBy,
  vendorOperatorId: p.vendorOperatorId,
})

/** Attempts at signing in: per client a burst of 10, then one every 6 s; per login 5 wrong passwords in
 * 15 minutes, then that login waits (whoever tries it). Both bounded in entries. */
export interface PeopleRoutesOptions {
  parts: () => { people: PeopleStore; audit: AuditLog; devices: DeviceStore } | null
  guard: PeopleGuard
  address: (c: Context) => string
  adminToken: string | null
  idleMs: number
  now: () => number
  /** the factory's identity provider, or null */
  oidc: OidcClient | null
  /** where cookies are set (BASE_PATH), and whether over HTTPS */
  basePath: string
  isHttps: (c: Context) => boolean
}

export async function jsonOf(
  c: Context,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const body = await readBodyLimited(c.req.raw, MAX_BODY_BYTES)
  if (!body.ok) return { ok: false, response: c.json({ error: 'The body may be at most 8 KiB' }, 413) }
  try {
    return { ok: true, value: JSON.parse(body.text) as unknown }
  } catch {
    return { ok: false, response: c.json({ error: 'The body is not JSON' }, 400) }
  }
}

/** Signing in and out, the first administrator, the people and their sessions, and the audit log. */
/** The answer while the history's database is not ready. */
export const unavailable = (c: Context) =>
  c.json({ error: 'Signing in needs the history’s database, which is not ready yet' }, 503)
