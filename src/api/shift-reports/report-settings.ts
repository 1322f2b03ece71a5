import { queryOptions } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { REPORT_KINDS, type ReportKind } from '../../lib/shift-report-figures'
import { alertSettingsSchemas } from '../alerts/alert-settings'
import { postJson } from '../alerts/alerts'
import { getJson, lazySchemas } from '../core/http'

/** Where the reports go and when the summaries are built (issue 37), and how their deliveries went. */
export const REPORT_SETTINGS_KEY = ['report-settings'] as const

/** The report settings' schemas, loaded with the first answer (http.ts SchemaOf). */
const schemas = lazySchemas(async (z) => {
  const { channelHealth: channelHealthSchema } = await alertSettingsSchemas()
  const ids = z.array(z.string())
  const settingsSchema = z.object({
    channels: z.object({ shift: ids, day: ids, week: ids }),
    graceMinutes: z.number(),
    dailyAt: z.string(),
    weeklyDay: z.number(),
    weeklyAt: z.string(),
  })

  const latestSchema = z.nullable(
    z.object({ id: z.number(), shift: z.string(), day: z.string(), start: z.number(), end: z.number() }),
  )
  const pageSchema = z.object({
    settings: settingsSchema,
    updatedBy: z.nullable(z.string()),
    updatedAt: z.nullable(z.number()),
    canChange: z.boolean(),
    mailConfigured: z.boolean(),
    channels: z.array(z.object({ id: z.string(), name: z.string(), kind: z.string() })),
    health: z.array(channelHealthSchema),
    latest: z.object({ shift: latestSchema, day: latestSchema, week: latestSchema }),
  })
  return {
    settings: settingsSchema,
    page: pageSchema,
    saved: z.object({ settings: settingsSchema }),
    sent: z.object({ reportId: z.number(), channels: z.array(z.string()) }),
  }
})
type Schemas = Awaited<ReturnType<typeof schemas>>
export type ReportSettings = z.infer<Schemas['settings']>
export type ReportSettingsPage = z.infer<Schemas['page']>

export const reportSettingsQueryOptions = () =>
  queryOptions({
    queryKey: REPORT_SETTINGS_KEY,
    queryFn: ({ signal }) => getJson('/api/report-settings', () => schemas().then((s) => s.page), signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  })

const auth = (token: string): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {})

export const saveReportSettings = (settings: ReportSettings, by: string, token: string) =>
  postJson('/api/report-settings', { settings, by }, () => schemas().then((s) => s.saved), auth(token))

export const sendReportNow = (kind: ReportKind, by: string, token: string) =>
  postJson('/api/report-settings/send-now', { kind, by }, () => schemas().then((s) => s.sent), auth(token))

export { REPORT_KINDS }
