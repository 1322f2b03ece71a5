import { queryOptions } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { LANGUAGES } from '../../lib/i18n/translator'
import { getJson, lazySchemas } from '../core/http'
import { alertsSchemas, postJson } from './alerts'

/** The alert settings' schemas, loaded with the first answer (http.ts SchemaOf). */
export const alertSettingsSchemas = lazySchemas(async (z) => {
  const { quiet } = await alertsSchemas()
  /** The settings page's view of the settings: channels' addresses only as their host. */
  const levelSchema = z.object({ name: z.string(), afterMinutes: z.number(), channels: z.array(z.string()) })
  const channelSchema = z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(['webhook', 'teams', 'slack', 'email']),
    to: z.array(z.string()),
    /** the host of a webhook's address; the address itself never leaves the server */
    address: z.nullable(z.string()),
    /** the language its messages are in; null: the factory's (LANGUAGE); older servers did not say */
    language: z._default(z.nullable(z.enum(LANGUAGES)), null),
  })
  const alertSettingsSchema = z.object({
    rules: z.object({
      state: z.object({
        enabled: z.boolean(),
        minutes: z.object({
          stopped: z.number(),
          threadbreak: z.number(),
          error: z.number(),
          'not-reporting': z.number(),
          unknown: z.number(),
        }),
        levels: z.array(levelSchema),
      }),
      'head-breaks': z.object({
        enabled: z.boolean(),
        inARow: z.number(),
        withinMinutes: z.number(),
        levels: z.array(levelSchema),
      }),
      'hot-spot': z.object({ enabled: z.boolean(), levels: z.array(levelSchema) }),
      screens: z.object({ enabled: z.boolean(), minutes: z.number(), levels: z.array(levelSchema) }),
      orders: z._default(z.object({ enabled: z.boolean(), levels: z.array(levelSchema) }), {
        enabled: true,
        levels: [],
      }),
      maintenance: z._default(
        z.object({ enabled: z.boolean(), marginPercent: z.number(), levels: z.array(levelSchema) }),
        { enabled: true, marginPercent: 10, levels: [] },
      ),
    }),
    clearAfterMinutes: z.number(),
    channels: z.array(channelSchema),
    quietHours: quiet,
    alertsPerHour: z.number(),
  })
  /** How a channel's messages went: the last attempt, and how many are being tried again, given up, sent
   * (the alerts' and the shift reports' alike). */
  const channelHealthSchema = z.object({
    channelId: z.string(),
    lastAttemptAt: z.nullable(z.number()),
    lastOk: z.nullable(z.boolean()),
    lastDetail: z.nullable(z.string()),
    pending: z.number(),
    failed: z.number(),
    sent: z.number(),
  })

  const ruleIds = z.enum(['state', 'head-breaks', 'hot-spot', 'screens', 'orders', 'maintenance'])
  const settingsPageSchema = z.object({
    settings: alertSettingsSchema,
    /** ADMIN_TOKEN is set on the server: the settings can be changed with it */
    canChange: z.boolean(),
    mailConfigured: z.boolean(),
    health: z.array(channelHealthSchema),
    load: z.object({
      shifts: z.array(
        z.object({
          shift: z.string(),
          span: z.tuple([z.number(), z.number()]),
          perHour: z.number(),
          byRule: z.array(
            z.object({ rule: ruleIds, name: z.string(), alerts: z.number(), perHour: z.number() }),
          ),
        }),
      ),
      noisy: z.array(z.object({ rule: ruleIds, name: z.string(), shift: z.string(), perHour: z.number() })),
    }),
    problems: z.array(z.string()),
  })
  const figuresSchema = {
    alerts: z.number(),
    acknowledged: z.number(),
    medianResponseSeconds: z.nullable(z.number()),
    medianRepairSeconds: z.nullable(z.number()),
  }
  const reportSchema = z.object({
    total: z.object(figuresSchema),
    machines: z.array(z.object({ machineId: z.string(), machineName: z.string(), ...figuresSchema })),
    rules: z.array(z.object({ rule: ruleIds, name: z.string(), ...figuresSchema })),
  })
  return {
    alertSettings: alertSettingsSchema,
    channelHealth: channelHealthSchema,
    settingsPage: settingsPageSchema,
    saved: z.object({ settings: alertSettingsSchema }),
    queued: z.object({ queued: z.boolean() }),
    report: reportSchema,
  }
})
type Schemas = Awaited<ReturnType<typeof alertSettingsSchemas>>

export type AlertSettings = z.infer<Schemas['alertSettings']>
export type AlertChannel = AlertSettings['channels'][number]
export type AlertSettingsPage = z.infer<Schemas['settingsPage']>
export type AlertReport = z.infer<Schemas['report']>

export const alertSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['alert-settings'],
    queryFn: ({ signal }) =>
      getJson('/api/alerts/settings', () => alertSettingsSchemas().then((s) => s.settingsPage), signal),
    refetchInterval: 10_000,
  })

/** A channel as the settings page sends it: `url` only when a new address was typed. */
export type ChannelInput = Omit<AlertChannel, 'address' | 'id'> & { id?: string; url?: string }
export type AlertSettingsInput = Omit<AlertSettings, 'channels'> & { channels: ChannelInput[] }

/** Saves the settings (ADMIN_TOKEN as the bearer); the answer is what the server now keeps, in the same
 * view as the settings page's (new channels with their ids, addresses only as their host). */
export async function saveAlertSettings(
  settings: AlertSettingsInput,
  adminToken: string,
): Promise<AlertSettings> {
  const answer = await postJson(
    '/api/alerts/settings',
    settings,
    () => alertSettingsSchemas().then((s) => s.saved),
    adminToken ? { Authorization: `Bearer ${adminToken}` } : {},
  )
  return answer.settings
}

export async function testAlertChannel(channelId: string, adminToken: string): Promise<void> {
  await postJson(
    `/api/alerts/channels/${encodeURIComponent(channelId)}/test`,
    {},
    () => alertSettingsSchemas().then((s) => s.queued),
    adminToken ? { Authorization: `Bearer ${adminToken}` } : {},
  )
}

/** Alerts raised in a range (Unix s), with the median response and repair times. */
export const alertReportQueryOptions = (from: number, till: number) =>
  queryOptions({
    queryKey: ['alert-report', from, till],
    queryFn: ({ signal }) =>
      getJson(
        `/api/alerts/report?from=${from}&till=${till}`,
        () => alertSettingsSchemas().then((s) => s.report),
        signal,
      ),
    refetchInterval: 60_000,
  })
