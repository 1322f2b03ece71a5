import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { getJson } from './http'

/** What the server lets the SPA know (GET /app-config.json). */
export const appConfigSchema = z.object({
  demo: z.boolean(),
  threadConesDemo: z.boolean(),
  timeZone: z.string(),
  shifts: z.array(z.object({ name: z.string(), from: z.string(), to: z.string() })),
  version: z.string(),
})
export type AppConfig = z.infer<typeof appConfigSchema>

export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: ({ signal }) => getJson('/app-config.json', appConfigSchema, signal),
    staleTime: 5 * 60_000,
    refetchInterval: 5 * 60_000,
  })
