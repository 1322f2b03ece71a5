import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { REPORT_KINDS, type ReportKind } from '../../lib/shift-report-figures'
import { channelHealthSchema } from '../alerts/alert-settings'
import { postJson } from '../alerts/alerts'
import { getJson } from '../core/http'

/** Where the reports go and when the summaries are built (issue 37), and how their deliveries went. */
export const REPORT_SETTINGS_KEY = ['report-settings'] as const

const ids = z.array(z.string())
const settingsSchema = z.object({
  channels: z.object({ shift: ids, day: ids, week: ids }),
  graceMinutes: z.number(),
  dailyAt: z.string(),
  weeklyDay: z.number(),
  weeklyAt: z.string(),
})
export type ReportSettings = z.infer<typeof settingsSchema>

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
export type ReportSettingsPage = z.infer<typeof pageSchema>

export const reportSettingsQueryOptions = () =>
  queryOptions({
    queryKey: REPORT_SETTINGS_KEY,
    queryFn: ({ signal }) => getJson('/api/report-settings', pageSchema, signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  })

const auth = (token: string) => ({ Authorization: `Bearer ${token}` })

export const saveReportSettings = (settings: ReportSettings, by: string, token: string) =>
  postJson('/api/report-settings', { settings, by }, z.object({ settings: settingsSchema }), auth(token))

export const sendReportNow = (kind: ReportKind, by: string, token: string) =>
  postJson(
    '/api/report-settings/send-now',
    { kind, by },
    z.object({ reportId: z.number(), channels: z.array(z.string()) }),
    auth(token),
  )

export { REPORT_KINDS }
