import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { setClockFormat } from '../lib/factory-time'
import type { StatusDictionary } from '../lib/machine-state'
import { dictionaryOf, MACHINE_STATES, PRODUCT_CODE_WORDS } from '../lib/status-codes'
import { getJson } from './http'

/** What the server lets the SPA know (GET /app-config.json). */
export const appConfigSchema = z.object({
  demo: z.boolean(),
  /** where thread-cone look-ups go: the vendor's job interface, the demo's catalogue, or nowhere (the
   * vendor's API without JOB_API_URL) */
  threadCones: z.enum(['vendor', 'demo', 'none']),
  timeZone: z.string(),
  /** TIME_FORMAT: 24h unless the factory sets 12h (older servers did not say: 24h) */
  timeFormat: z._default(z.enum(['24h', '12h']), '24h'),
  shifts: z.array(z.object({ name: z.string(), from: z.string(), to: z.string() })),
  /** STATUS_CODES, or the demo's table when it is not set */
  statusCodes: z.object({
    source: z.enum(['environment', 'default']),
    // label: the factory's own words (null: the product's); words: the product's own for a code of its
    // table, a message of the shell's part (the demo's 'app.code.…')
    entries: z.array(
      z.object({
        code: z.int(),
        state: z.enum(MACHINE_STATES),
        label: z.nullable(z.string()),
        words: z.optional(z.enum(PRODUCT_CODE_WORDS)),
      }),
    ),
  }),
  /** LOCATIONS: names for the vendor's location IDs */
  locations: z.array(z.object({ id: z.int(), name: z.string() })),
  version: z.string(),
})
export type AppConfig = z.infer<typeof appConfigSchema>

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: async ({ signal }) => {
      const config = await getJson('/app-config.json', appConfigSchema, signal)
      setClockFormat(config.timeFormat)
      return config
    },
    staleTime: 5 * 60_000,
    refetchInterval: 5 * 60_000,
  })

const dictionaryOfConfig = (config: AppConfig) => dictionaryOf(config.statusCodes.entries)
const locationNamesOfConfig = (config: AppConfig) =>
  new Map(config.locations.map(({ id, name }) => [id, name]))

/** The status dictionary (STATUS_CODES, else the demo's table); undefined until the config is read. */
export const useStatusCodes = (): StatusDictionary | undefined =>
  useQuery({ ...appConfigQueryOptions(), select: dictionaryOfConfig }).data

/** Where thread-cone colours come from: the vendor's service, the demo's catalogue (not the factory's),
 * or none configured. */
export type ThreadConeSource = AppConfig['threadCones']
const threadConeSourceOfConfig = (config: AppConfig): ThreadConeSource => config.threadCones

/** The thread-cone source; `source` is undefined until the config is read (`failed`: it could not be). */
export function useThreadConeSource(): { source: ThreadConeSource | undefined; failed: boolean } {
  const query = useQuery({ ...appConfigQueryOptions(), select: threadConeSourceOfConfig })
  return { source: query.data, failed: query.isError }
}

/** LOCATIONS as a map; undefined until the config is read. */
export const useConfiguredLocationNames = (): ReadonlyMap<number, string> | undefined =>
  useQuery({ ...appConfigQueryOptions(), select: locationNamesOfConfig }).data
