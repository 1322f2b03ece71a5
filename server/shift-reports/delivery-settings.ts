import * as z from 'zod'
import { clockMinutes } from '../../src/lib/clock'
import { REPORT_KINDS, type ReportKind } from '../../src/lib/shift-report-figures'

/** Where and when reports go: the channels (the alerts' channels, by id) each kind of report is sent to,
 * the grace after a shift's end, and the times the daily and weekly summaries are built. */
export interface ReportSettings {
  channels: Record<ReportKind, string[]>
  graceMinutes: number
  dailyAt: string
  /** ISO weekday, 1 Monday … 7 Sunday */
  weeklyDay: number
  weeklyAt: string
}

/** What a new installation starts with: built, shown in the archive, sent nowhere until channels are chosen. */
export function defaultReportSettings(graceMinutes: number): ReportSettings {
  return {
    channels: { shift: [], day: [], week: [] },
    graceMinutes,
    dailyAt: '07:00',
    weeklyDay: 1,
    weeklyAt: '07:30',
  }
}

const clock = z.string().refine((v) => clockMinutes(v) !== null, 'must be a time HH:MM')
const channelIds = z.array(z.string().max(40)).max(20, 'has at most 20 channels')

export const reportSettingsInput = z.object({
  channels: z.object(
    Object.fromEntries(REPORT_KINDS.map((k) => [k, channelIds])) as Record<ReportKind, typeof channelIds>,
  ),
  graceMinutes: z.int('must be whole minutes').min(0, 'must be 0 or more').max(240, 'must be at most 240'),
  dailyAt: clock,
  weeklyDay: z.int().min(1, 'must be 1 (Monday) to 7 (Sunday)').max(7, 'must be 1 (Monday) to 7 (Sunday)'),
  weeklyAt: clock,
})

/** Settings from a browser's input, each channel one the alerts' settings have; else what is wrong, in words. */
export function checkReportSettings(
  input: unknown,
  channels: readonly string[],
): { ok: true; settings: ReportSettings } | { ok: false; error: string } {
  const parsed = reportSettingsInput.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return { ok: false, error: `${issue.path.join('.') || 'settings'} ${issue.message}` }
  }
  for (const kind of REPORT_KINDS) {
    const unknown = parsed.data.channels[kind].find((id) => !channels.includes(id))
    if (unknown) return { ok: false, error: `channels.${kind} names no channel "${unknown}"` }
  }
  const channelsOf = (kind: ReportKind) => [...new Set(parsed.data.channels[kind])]
  return {
    ok: true,
    settings: {
      ...parsed.data,
      channels: { shift: channelsOf('shift'), day: channelsOf('day'), week: channelsOf('week') },
    },
  }
}

/** Stored settings read back: a damaged row gives the defaults. */
export function storedReportSettings(value: unknown, graceMinutes: number): ReportSettings {
  const parsed = reportSettingsInput.safeParse(value)
  return parsed.success ? parsed.data : defaultReportSettings(graceMinutes)
}
