import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { setClockFormat } from '../../lib/factory-time'
import type { StatusDictionary } from '../../lib/machine-state'
import { dictionaryOf, MACHINE_STATES, PRODUCT_CODE_WORDS } from '../../lib/status-codes'
import { currentShift, type ShiftSpan } from '../../lib/time-range'
import { getJson, lazySchemas } from './http'

/** What the server lets the SPA know (GET /app-config.json). */
const appConfigSchema = lazySchemas((z) =>
  z.object({
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
  }),
)
export type AppConfig = z.infer<Awaited<ReturnType<typeof appConfigSchema>>>

/** The one query of /app-config.json. Components read it through the hooks below; this object is for
 * code outside React that asks for it ahead (a route's prefetch). */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: async ({ signal }) => {
    const config = await getJson('/app-config.json', appConfigSchema, signal)
    setClockFormat(config.timeFormat)
    return config
  },
  staleTime: 5 * 60_000,
  refetchInterval: 5 * 60_000,
})

/** The configuration's query (loading, error, data), or a part of it with `select` (a component then
 * renders again only when that part changes). The shell says when it cannot be read
 * (src/components/app-config-problem.tsx), so a page need not. */
export function useAppConfig(): UseQueryResult<AppConfig>
export function useAppConfig<T>(select: (config: AppConfig) => T): UseQueryResult<T>
export function useAppConfig<T>(select?: (config: AppConfig) => T): UseQueryResult<T | AppConfig> {
  return useQuery({ ...appConfigQuery, select })
}

const timeZoneOfConfig = (config: AppConfig) => config.timeZone

/** The factory's time zone (TIME_ZONE) once the configuration is read, else undefined: for what is not
 * drawn at all until the zone is known (a timeline's hours, the alerts' shifts). */
export const useKnownFactoryZone = (): string | undefined => useAppConfig(timeZoneOfConfig).data

/** The time zone to show factory times in. The one fallback, while the configuration loads or when it
 * cannot be read: the browser's own zone. The screens are the factory's own, so that is its zone in the
 * common case, where 'UTC' was wrong for every factory east or west of it; when the configuration
 * failed, the shell says so and names the zone shown (src/components/app-config-problem.tsx). */
export const useFactoryZone = (): string =>
  useKnownFactoryZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone

/** The shift running at `nowSeconds` in the factory's zone: null between shifts, undefined until the
 * configuration is read (a shift is never guessed in another zone). */
export function useCurrentShift(nowSeconds: number): ShiftSpan | null | undefined {
  const config = useAppConfig().data
  return config ? currentShift(nowSeconds, config.timeZone, config.shifts) : undefined
}

const dictionaryOfConfig = (config: AppConfig) => dictionaryOf(config.statusCodes.entries)
const locationNamesOfConfig = (config: AppConfig) =>
  new Map(config.locations.map(({ id, name }) => [id, name]))

/** The status dictionary (STATUS_CODES, else the demo's table); undefined until the config is read. */
export const useStatusCodes = (): StatusDictionary | undefined => useAppConfig(dictionaryOfConfig).data

/** Where thread-cone colours come from: the vendor's service, the demo's catalogue (not the factory's),
 * or none configured. */
export type ThreadConeSource = AppConfig['threadCones']
const threadConeSourceOfConfig = (config: AppConfig): ThreadConeSource => config.threadCones

/** The thread-cone source; `source` is undefined until the config is read (`failed`: it could not be). */
export function useThreadConeSource(): { source: ThreadConeSource | undefined; failed: boolean } {
  const query = useAppConfig(threadConeSourceOfConfig)
  return { source: query.data, failed: query.isError }
}

/** LOCATIONS as a map; undefined until the config is read. */
export const useConfiguredLocationNames = (): ReadonlyMap<number, string> | undefined =>
  useAppConfig(locationNamesOfConfig).data
