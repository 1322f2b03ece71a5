import { clockMinutes } from './clock'

/** Quiet hours of the alerts' sound, in factory time; `to` before `from` crosses midnight. */
export interface QuietHours {
  from: string
  to: string
}

/** Whether `at` (Unix ms) lies inside the quiet hours in `timeZone`. */
export function isQuiet(quiet: QuietHours | null, at: number, timeZone: string): boolean {
  if (!quiet) return false
  const from = clockMinutes(quiet.from)
  const to = clockMinutes(quiet.to)
  if (from === null || to === null || from === to) return false
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  )
  const minute = Number(parts.hour) * 60 + Number(parts.minute)
  return from < to ? minute >= from && minute < to : minute >= from || minute < to
}
