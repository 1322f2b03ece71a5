import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Role } from '../../lib/roles'
import { getJson, lazySchemas } from '../core/http'

/** Who this browser is to the server (server/people/routes.ts `/api/auth/me`); in the shell, apart from
 * the rest of the people's API. */
export const PEOPLE_KEY = ['people'] as const

/** An enrolled device as the pages see it. */
export interface DeviceInfo {
  id: number
  kind: 'floor' | 'wall'
  name: string
  locationId: number | null
  createdAt: number
  createdBy: string
  enrolledAt: number | null
  seenAt: number | null
  address: string
  revokedAt: number | null
  revokedBy: string | null
  pinLocked: boolean
  codeExpiresAt: number | null
}

export interface Person {
  id: number
  login: string
  name: string
  role: Role
  locations: number[]
  active: boolean
  createdAt: number
  createdBy: string
  /** the operator this person is in the machines' records (the vendor's operatorId), if linked */
  vendorOperatorId: string | null
}

/** Who this browser is to the server. */
export interface Me {
  /** whether stitchboard has an administrator: from then on changes need a signed-in person */
  accounts: boolean
  /** whether the server's database answers (signing in needs it) */
  ready: boolean
  person: Person | null
  /** before accounts: whether settings can be changed with the admin token */
  adminToken: boolean
  /** the factory's identity provider (its host) to sign in at, or null */
  oidc: string | null
  /** the enrolled device this browser is (on a floor device people give their PIN with a change) */
  device: DeviceInfo | null
}

/** A device's schema (also the devices' list, ./people.ts). */
export const deviceSchemaOf = (z: typeof import('../core/zod-parts')) =>
  z.object({
    id: z.number(),
    kind: z.enum(['floor', 'wall']),
    name: z.string(),
    locationId: z.nullable(z.number()),
    createdAt: z.number(),
    createdBy: z.string(),
    enrolledAt: z.nullable(z.number()),
    seenAt: z.nullable(z.number()),
    address: z.string(),
    revokedAt: z.nullable(z.number()),
    revokedBy: z.nullable(z.string()),
    pinLocked: z.boolean(),
    codeExpiresAt: z.nullable(z.number()),
  })

const schemas = lazySchemas((z) => ({
  me: z.object({
    accounts: z.boolean(),
    ready: z.boolean(),
    person: z.nullable(
      z.object({
        id: z.number(),
        login: z.string(),
        name: z.string(),
        role: z.enum(['viewer', 'operator', 'supervisor', 'admin']),
        locations: z.array(z.number()),
        active: z.boolean(),
        createdAt: z.number(),
        createdBy: z.string(),
        vendorOperatorId: z._default(z.nullable(z.string()), null),
      }),
    ),
    adminToken: z.boolean(),
    oidc: z.nullable(z.string()),
    device: z.nullable(deviceSchemaOf(z)),
  }),
}))

export const meQueryOptions = () =>
  queryOptions({
    queryKey: [...PEOPLE_KEY, 'me'],
    queryFn: ({ signal }): Promise<Me> => getJson('/api/auth/me', () => schemas().then((s) => s.me), signal),
    staleTime: 60_000,
  })

/** Whether this browser may see the board: before accounts, everyone; then a signed-in person or an
 * enrolled device (the server refuses anyone else). False until the server has said; true when it cannot
 * say (a server without people, or the DASHBOARD_TOKEN's gate: the answers then speak for themselves). */
export function useSeesBoard(): boolean {
  const me = useQuery(meQueryOptions())
  if (me.isError) return true
  return me.data !== undefined && !(me.data.accounts && !me.data.person && !me.data.device)
}
