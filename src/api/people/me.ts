import { queryOptions } from '@tanstack/react-query'
import type { Role } from '../../lib/roles'
import { getJson, lazySchemas } from '../core/http'

/** Who this browser is to the server (server/people/routes.ts `/api/auth/me`); in the shell, apart from
 * the rest of the people's API. */
export const PEOPLE_KEY = ['people'] as const

export interface Person {
  id: number
  login: string
  name: string
  role: Role
  locations: number[]
  active: boolean
  createdAt: number
  createdBy: string
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
}

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
      }),
    ),
    adminToken: z.boolean(),
    oidc: z.nullable(z.string()),
  }),
}))

export const meQueryOptions = () =>
  queryOptions({
    queryKey: [...PEOPLE_KEY, 'me'],
    queryFn: ({ signal }): Promise<Me> => getJson('/api/auth/me', () => schemas().then((s) => s.me), signal),
    staleTime: 60_000,
  })
