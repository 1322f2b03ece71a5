import { queryOptions } from '@tanstack/react-query'
import type { Role } from '../../lib/roles'
import { postJson } from '../alerts/alerts'
import { getJson, lazySchemas } from '../core/http'
import { type DeviceInfo, deviceSchemaOf, PEOPLE_KEY, type Person } from './me'

export type { DeviceInfo, Me, Person } from './me'
export { meQueryOptions, PEOPLE_KEY } from './me'

/** People, their sessions and the audit log (server/people/routes.ts). */

export interface SessionRow {
  id: number
  personId: number
  createdAt: number
  seenAt: number
  expiresAt: number
  address: string
  agent: string
  yours: boolean
}

export interface AuditRow {
  id: number
  at: number
  actor: string
  via: string
  address: string
  category: string
  event: string
  target: string
  result: 'ok' | 'refused' | 'failed'
  status: number
  detail: Record<string, unknown>
}

const schemas = lazySchemas((z) => {
  const person = z.object({
    id: z.number(),
    login: z.string(),
    name: z.string(),
    role: z.enum(['viewer', 'operator', 'supervisor', 'admin']),
    locations: z.array(z.number()),
    active: z.boolean(),
    createdAt: z.number(),
    createdBy: z.string(),
    vendorOperatorId: z._default(z.nullable(z.string()), null),
  })
  const session = z.object({
    id: z.number(),
    personId: z.number(),
    createdAt: z.number(),
    seenAt: z.number(),
    expiresAt: z.number(),
    address: z.string(),
    agent: z.string(),
    yours: z.boolean(),
  })
  const entry = z.object({
    id: z.number(),
    at: z.number(),
    actor: z.string(),
    via: z.string(),
    address: z.string(),
    category: z.string(),
    event: z.string(),
    target: z.string(),
    result: z.enum(['ok', 'refused', 'failed']),
    status: z.number(),
    detail: z.record(z.string(), z.unknown()),
  })
  return {
    me: z.object({
      accounts: z.boolean(),
      ready: z.boolean(),
      person: z.nullable(person),
      adminToken: z.boolean(),
    }),
    person: z.object({ person }),
    people: z.object({ people: z.array(person), sessions: z.array(session) }),
    ended: z.object({ ended: z.number() }),
    signedOut: z.object({ signedOut: z.boolean() }),
    audit: z.object({ entries: z.array(entry), more: z.boolean() }),
    devices: z.object({ devices: z.array(deviceSchemaOf(z)) }),
    device: z.object({ device: deviceSchemaOf(z) }),
    created: z.object({
      device: deviceSchemaOf(z),
      code: z.string(),
      link: z.string(),
      qr: z.object({ size: z.number(), cells: z.string() }),
    }),
    set: z.object({ set: z.array(z.string()) }),
  }
})

export const signIn = async (login: string, password: string): Promise<Person> =>
  (await postJson('/api/auth/sign-in', { login, password }, () => schemas().then((s) => s.person))).person

export const signOut = async (): Promise<boolean> =>
  (await postJson('/api/auth/sign-out', {}, () => schemas().then((s) => s.signedOut))).signedOut

export const firstAdmin = async (body: { code: string; login: string; name: string; password: string }) =>
  (await postJson('/api/auth/first-admin', body, () => schemas().then((s) => s.person))).person

export const peopleQueryOptions = () =>
  queryOptions({
    queryKey: [...PEOPLE_KEY, 'list'],
    queryFn: ({ signal }): Promise<{ people: Person[]; sessions: SessionRow[] }> =>
      getJson('/api/people', () => schemas().then((s) => s.people), signal),
    staleTime: 10_000,
  })

export const addPerson = async (body: {
  login: string
  name: string
  role: Role
  locations: number[]
  password: string
}): Promise<Person> => (await postJson('/api/people', body, () => schemas().then((s) => s.person))).person

export const changePerson = async (
  id: number,
  change: Partial<{
    name: string
    role: Role
    locations: number[]
    active: boolean
    password: string
    vendorOperatorId: string | null
  }>,
): Promise<Person> =>
  (await postJson(`/api/people/${id}`, change, () => schemas().then((s) => s.person))).person

/** Ends sessions: one, a person's, or every one. */
export const endSessions = async (which: { session: number } | { person: number } | 'all'): Promise<number> =>
  (
    await postJson(
      which === 'all'
        ? '/api/sessions/end-all'
        : 'session' in which
          ? `/api/sessions/${which.session}/end`
          : `/api/people/${which.person}/end-sessions`,
      {},
      () => schemas().then((s) => s.ended),
    )
  ).ended

export interface AuditQuery {
  from: number
  till: number
  category?: string
  result?: string
  actor?: string
  before?: number
}

export const auditQueryOptions = (q: AuditQuery) =>
  queryOptions({
    queryKey: [...PEOPLE_KEY, 'audit', q],
    queryFn: ({ signal }): Promise<{ entries: AuditRow[]; more: boolean }> => {
      const params = new URLSearchParams({ from: String(q.from), till: String(q.till), limit: '100' })
      for (const key of ['category', 'result', 'actor', 'before'] as const) {
        const value = q[key]
        if (value !== undefined && value !== '') params.set(key, String(value))
      }
      return getJson(`/api/audit?${params}`, () => schemas().then((s) => s.audit), signal)
    },
    staleTime: 10_000,
  })

export const devicesQueryOptions = () =>
  queryOptions({
    queryKey: [...PEOPLE_KEY, 'devices'],
    queryFn: ({ signal }): Promise<DeviceInfo[]> =>
      getJson('/api/devices', () => schemas().then((s) => s.devices), signal).then((d) => d.devices),
    staleTime: 10_000,
  })

/** A new device: its code, the link to enrol it and the QR code of that link (its modules, row by row). */
export const addDevice = (body: { kind: 'floor' | 'wall'; name: string; locationId: number | null }) =>
  postJson('/api/devices', body, () => schemas().then((s) => s.created))

export const enrolDevice = async (code: string): Promise<DeviceInfo> =>
  (await postJson('/api/devices/enrol', { code }, () => schemas().then((s) => s.device))).device

export const revokeDevice = async (id: number): Promise<DeviceInfo> =>
  (await postJson(`/api/devices/${id}/revoke`, {}, () => schemas().then((s) => s.device))).device

export const unlockDevice = async (id: number): Promise<DeviceInfo> =>
  (await postJson(`/api/devices/${id}/unlock`, {}, () => schemas().then((s) => s.device))).device

/** Sets a person's PIN (or badge number); null removes it. */
export const setPin = async (id: number, body: { pin?: string | null; badge?: string | null }) =>
  postJson(`/api/people/${id}/pin`, body, () => schemas().then((s) => s.set))
