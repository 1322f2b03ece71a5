import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import type { Alert } from '../../lib/domain'
import type { QuietHours } from '../../lib/quiet-hours'
import { getJson, lazySchemas, parseResponse, type SchemaOf, send } from '../core/http'
import { isStreamLive } from '../live/live-status'
import { ALERTS_KEY } from './alerts-key'

/** The server's alerts (issue 19): the list every dashboard shows, kept current by the live stream
 * (`alerts` events) and polled while the stream is down. */
export const ALERTS_POLL_MS = 15_000

/** POST JSON to our server and parse the answer at the edge; an error answer's words are the HttpError's
 * message. (Here, not in http: the shell never posts.) */
export async function postJson<T extends z.ZodMiniType>(
  path: string,
  body: unknown,
  schema: SchemaOf<T>,
  headers: Record<string, string> = {},
): Promise<z.infer<T>> {
  const [answer, parser] = await Promise.all([
    send(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
    typeof schema === 'function' ? schema() : schema,
  ])
  return parseResponse(parser, answer)
}

/** The alerts' schemas, loaded with the first answer (http.ts SchemaOf). */
export const alertsSchemas = lazySchemas(async (z) => {
  const { alertWhatSchema } = await import('../contract/alert-what')
  const alert = z.object({
    id: z.number(),
    rule: z.enum(['state', 'head-breaks', 'hot-spot', 'screens', 'orders', 'maintenance']),
    machineId: z.string(),
    machineName: z.string(),
    cause: z.string(),
    detail: z.string(),
    // older servers do not send it: the alert's English words are shown as they are
    what: z._default(z.nullable(alertWhatSchema), null),
    since: z.number(),
    raisedAt: z.number(),
    level: z.number(),
    acknowledgedAt: z.nullable(z.number()),
    acknowledgedBy: z.nullable(z.string()),
    okSince: z.nullable(z.number()),
    clearedAt: z.nullable(z.number()),
  })
  const quiet = z.nullable(z.object({ from: z.string(), to: z.string() }))
  const list = z.object({
    available: z.optional(z.boolean()),
    reason: z.optional(z.string()),
    alerts: z.array(alert),
    quietHours: z.optional(quiet),
  })
  return { alert, quiet, list, acknowledged: z.object({ alert }) }
})
const listSchema = () => alertsSchemas().then((s) => s.list)

export interface AlertList {
  /** false: the server keeps no alerts (no history database); `reason` says why */
  available: boolean
  reason: string | null
  alerts: Alert[]
  quietHours: QuietHours | null
}

const listOf = (value: z.infer<Awaited<ReturnType<typeof listSchema>>>): AlertList => ({
  available: value.available ?? true,
  reason: value.reason ?? null,
  alerts: value.alerts,
  quietHours: value.quietHours ?? null,
})

export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: ALERTS_KEY,
    queryFn: async ({ signal }) => listOf(await getJson('/api/alerts', listSchema, signal)),
    // the stream brings every change; without it, polled
    refetchInterval: () => (isStreamLive() ? false : ALERTS_POLL_MS),
    staleTime: 5_000,
  })

export const useAlerts = () => useQuery(alertsQueryOptions())

/** An `alerts` event of the live stream: the whole list, as the server has it now. */
export async function applyAlertsEvent(client: QueryClient, data: string): Promise<void> {
  const list = listOf(parseResponse(await listSchema(), JSON.parse(data)))
  client.setQueryData(alertsQueryOptions().queryKey, list)
}

/** "I'm on it": the server keeps the first name given and answers with the alert as it now is. */
/** `pin`: on an enrolled floor device, the PIN of who is on it (the server then names them). */
export async function acknowledgeAlert(id: number, name: string, pin?: string): Promise<Alert> {
  const { alert } = await postJson(`/api/alerts/${id}/acknowledge`, { name, ...(pin ? { pin } : {}) }, () =>
    alertsSchemas().then((s) => s.acknowledged),
  )
  return alert
}

/** The alerts' list with one alert as the server answered it, at once rather than at the stream's next
 * event (or the next poll without one). */
export function putAlertInList(client: QueryClient, alert: Alert): void {
  client.setQueryData(alertsQueryOptions().queryKey, (list) =>
    list ? { ...list, alerts: list.alerts.map((a) => (a.id === alert.id ? alert : a)) } : list,
  )
}
