import * as z from 'zod'
import { clockMinutes } from '../../src/lib/clock'
import { LANGUAGES, type Language, type MessageKey } from '../../src/lib/i18n/translator'

/** The states the state rule watches, and the words for them. */
export const WATCHED_STATES = ['stopped', 'threadbreak', 'error', 'not-reporting', 'unknown'] as const
export type WatchedState = (typeof WATCHED_STATES)[number]

export const RULE_IDS = ['state', 'head-breaks', 'hot-spot', 'screens', 'orders', 'maintenance'] as const
export type RuleId = (typeof RULE_IDS)[number]

/** Each rule's name, as a message (said in each channel's and screen's language). */
export const RULE_NAMES: Record<RuleId, MessageKey> = {
  state: 'channel.rule.state',
  'head-breaks': 'channel.rule.headBreaks',
  'hot-spot': 'channel.rule.hotSpot',
  screens: 'channel.rule.screens',
  orders: 'channel.rule.orders',
  maintenance: 'channel.rule.maintenance',
}

export const CHANNEL_KINDS = ['webhook', 'teams', 'slack', 'email'] as const
export type ChannelKind = (typeof CHANNEL_KINDS)[number]

/** One step of a rule's escalation: after `afterMinutes` from the alert, these channels are told. */
export interface Level {
  name: string
  afterMinutes: number
  channels: string[]
}

export interface Channel {
  id: string
  name: string
  kind: ChannelKind
  /** webhook, Teams, Slack: the address, a secret (it carries the receiver's key); never sent to a browser */
  url: string | null
  /** e-mail: the addresses */
  to: string[]
  /** the language its messages are in; null: the factory's (LANGUAGE), else English */
  language: Language | null
}

export interface AlertSettings {
  rules: {
    state: { enabled: boolean; minutes: Record<WatchedState, number>; levels: Level[] }
    'head-breaks': { enabled: boolean; inARow: number; withinMinutes: number; levels: Level[] }
    'hot-spot': { enabled: boolean; levels: Level[] }
    /** an enrolled wall screen that has not been in touch for `minutes` */
    screens: { enabled: boolean; minutes: number; levels: Level[] }
    /** an open order whose expected finish turned later than its due time, or whose slow end did */
    orders: { enabled: boolean; levels: Level[] }
    /** a maintenance task overdue by more than `marginPercent` of its interval */
    maintenance: { enabled: boolean; marginPercent: number; levels: Level[] }
  }
  /** an alert ends after its cause has been gone this long (a machine that flaps gives one alert) */
  clearAfterMinutes: number
  channels: Channel[]
  /** no sound on the dashboards between these clock times (factory time); null: never quiet */
  quietHours: { from: string; to: string } | null
  /** alerts per hour one person can handle (ISA-18.2 plans for about 10): more is a noisy rule */
  alertsPerHour: number
}

const defaultLevels = (): Level[] => [
  { name: 'Wall and dashboards', afterMinutes: 0, channels: [] },
  { name: 'Line supervisor', afterMinutes: 15, channels: [] },
  { name: 'Production manager', afterMinutes: 45, channels: [] },
]

/** The rules a new installation starts with: few and calm (issue 19). */
export function defaultSettings(): AlertSettings {
  return {
    rules: {
      state: {
        enabled: true,
        minutes: { stopped: 10, threadbreak: 10, error: 5, 'not-reporting': 10, unknown: 15 },
        levels: defaultLevels(),
      },
      'head-breaks': { enabled: true, inARow: 3, withinMinutes: 60, levels: defaultLevels() },
      'hot-spot': { enabled: true, levels: defaultLevels() },
      screens: { enabled: true, minutes: 10, levels: defaultLevels() },
      orders: { enabled: true, levels: defaultLevels() },
      maintenance: { enabled: true, marginPercent: 10, levels: defaultLevels() },
    },
    clearAfterMinutes: 2,
    channels: [],
    quietHours: { from: '22:00', to: '06:00' },
    alertsPerHour: 10,
  }
}

const MAX_CHANNELS = 20
const MAX_LEVELS = 6
const name = z.string().trim().min(1, 'must not be empty').max(60, 'must be at most 60 characters')
const minutes = z
  .number()
  .min(0, 'must be 0 or more')
  .max(24 * 60, 'must be at most 1440 (a day)')
const clock = z.string().refine((v) => clockMinutes(v) !== null, 'must be a time HH:MM')
const email = z.email('must be an e-mail address')

/** A webhook address: https (http only to this machine's own name, for tests and a local relay). */
const hookUrl = z.string().refine((value) => {
  try {
    const url = new URL(value)
    const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
    return url.protocol === 'https:' || (url.protocol === 'http:' && local)
  } catch {
    return false
  }
}, 'must be an https:// address (http:// only to this machine itself)')

const level = z.object({
  name,
  afterMinutes: minutes,
  channels: z.array(z.string().max(40)).max(MAX_CHANNELS),
})
const levels = z
  .array(level)
  .min(1, 'needs at least one level')
  .max(MAX_LEVELS, `has at most ${MAX_LEVELS} levels`)
  .refine(
    (list) => list.every((l, i) => i === 0 || l.afterMinutes > list[i - 1]!.afterMinutes),
    'levels must come later one after another',
  )

/** A channel as a browser sends it: without `url` (or null) the stored address is kept. */
const channelInput = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be 1–40 lower-case letters, digits or dashes')
    .optional(),
  name,
  kind: z.enum(CHANNEL_KINDS),
  url: hookUrl.nullable().optional(),
  to: z.array(email).max(20, 'has at most 20 addresses').default([]),
  language: z.enum(LANGUAGES).nullable().default(null),
})

export const settingsInput = z.object({
  rules: z.object({
    state: z.object({
      enabled: z.boolean(),
      minutes: z.object(
        Object.fromEntries(WATCHED_STATES.map((s) => [s, minutes])) as Record<WatchedState, typeof minutes>,
      ),
      levels,
    }),
    'head-breaks': z.object({
      enabled: z.boolean(),
      inARow: z.int().min(2).max(20),
      withinMinutes: z
        .number()
        .min(1)
        .max(24 * 60),
      levels,
    }),
    'hot-spot': z.object({ enabled: z.boolean(), levels }),
    // (settings kept before the rule existed have none: its defaults)
    screens: z
      .object({
        enabled: z.boolean(),
        minutes: z
          .number()
          .min(2, 'must be at least 2 (a screen is in touch every minute)')
          .max(24 * 60, 'must be at most 1440 (a day)'),
        levels,
      })
      .default(() => defaultSettings().rules.screens),
    orders: z.object({ enabled: z.boolean(), levels }).default(() => defaultSettings().rules.orders),
    maintenance: z
      .object({
        enabled: z.boolean(),
        marginPercent: z
          .number()
          .min(0, 'must be at least 0 (an alert as soon as a task is overdue)')
          .max(1000, 'must be at most 1000 (ten times its interval)'),
        levels,
      })
      .default(() => defaultSettings().rules.maintenance),
  }),
  clearAfterMinutes: z.number().min(0).max(120),
  channels: z.array(channelInput).max(MAX_CHANNELS, `has at most ${MAX_CHANNELS} channels`),
  quietHours: z.object({ from: clock, to: clock }).nullable(),
  alertsPerHour: z.number().min(1).max(1000),
})
export type SettingsInput = z.infer<typeof settingsInput>

/** New settings from a browser's input and the stored ones: kept secrets, new IDs, every level naming
 * a channel that exists. Returns what is wrong in words otherwise. */
export function mergeSettings(
  input: unknown,
  stored: AlertSettings,
): { ok: true; settings: AlertSettings } | { ok: false; error: string } {
  const parsed = settingsInput.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return { ok: false, error: `${issue.path.join('.') || 'settings'} ${issue.message}` }
  }
  const data = parsed.data
  const used = new Set<string>()
  const channels: Channel[] = []
  for (const c of data.channels) {
    const before = c.id ? stored.channels.find((s) => s.id === c.id) : undefined
    let id = c.id ?? slug(c.name)
    for (let n = 2; used.has(id); n++) id = `${slug(c.name).slice(0, 36)}-${n}`
    used.add(id)
    const url = c.url ?? (before && before.kind !== 'email' ? before.url : null)
    if (c.kind !== 'email' && !url) return { ok: false, error: `channel "${c.name}" needs its address` }
    if (c.kind === 'email' && c.to.length === 0)
      return { ok: false, error: `channel "${c.name}" needs at least one e-mail address` }
    channels.push({
      id,
      name: c.name,
      kind: c.kind,
      url: c.kind === 'email' ? null : url!,
      to: c.to,
      language: c.language,
    })
  }
  for (const rule of RULE_IDS) {
    for (const l of data.rules[rule].levels) {
      const unknown = l.channels.find((id) => !used.has(id))
      if (unknown)
        return { ok: false, error: `rules.${rule} level "${l.name}" names no channel "${unknown}"` }
    }
  }
  return { ok: true, settings: { ...data, channels } }
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'channel'

/** Settings as a browser may see them: a channel's address only as its host, never whole. */
export function publicSettings(settings: AlertSettings) {
  return {
    ...settings,
    channels: settings.channels.map(({ url, ...channel }) => ({
      ...channel,
      url: null,
      address: url ? addressHint(url) : null,
    })),
  }
}

export const addressHint = (url: string) => {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.host}/…`
  } catch {
    return '…'
  }
}

/** Stored settings read back: a newer or damaged row falls back to the defaults for what it lacks. */
export function storedSettings(value: unknown): AlertSettings {
  const defaults = defaultSettings()
  const parsed = settingsInput.safeParse(value)
  if (!parsed.success) return defaults
  return {
    ...parsed.data,
    channels: parsed.data.channels.map((c) => ({
      id: c.id ?? slug(c.name),
      name: c.name,
      kind: c.kind,
      url: c.url ?? null,
      to: c.to,
      language: c.language,
    })),
  }
}
