import { NBSP } from './duration'
import { addDays, type LocalDate, localDate, localDateKey, type Span } from './factory-time'
import { shiftWindow, shiftWindows } from './shift-window'
import { currentShift, type NamedShift } from './time-range'

/** One occurrence of a shift: the day it belongs to is the day it starts (a night shift of Monday
 * 22:00 – Tuesday 06:00 is Monday's), its full span, and the part of it inside the asked range. */
export interface ShiftInstance {
  shift: NamedShift
  /** YYYY-MM-DD of the start, in the factory's timezone */
  day: string
  span: Span
  /** the span clipped to the range and to now: what can have data */
  counted: Span
}

/** Every occurrence of `shift` that starts on a factory day from `from`'s day to `till`'s day and has
 * begun by `now`, in time order. */
export function shiftInstances(
  shift: NamedShift,
  from: number,
  till: number,
  now: number,
  timeZone: string,
): ShiftInstance[] {
  const instances: ShiftInstance[] = []
  const last = localDateKey(Math.max(from, till - 1), timeZone)
  for (let day = localDate(from, timeZone); ; day = addDays(day, 1)) {
    const key = dateKey(day)
    if (key > last) break
    const span = shiftWindow(shift, day, timeZone)
    if (span[0] < now) instances.push({ shift, day: key, span, counted: [span[0], Math.min(span[1], now)] })
  }
  return instances
}

const dateKey = (day: LocalDate) =>
  `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`

/** The local days from `from`'s day to `till`'s day, as YYYY-MM-DD. */
export function daysOf(from: number, till: number, timeZone: string): string[] {
  const days: string[] = []
  const last = localDateKey(Math.max(from, till - 1), timeZone)
  for (let day = localDate(from, timeZone); dateKey(day) <= last; day = addDays(day, 1))
    days.push(dateKey(day))
  return days
}

/** The running shift against the same shift yesterday and a week ago. Earlier shifts are compared
 * whole, per hour of shift, so a shift in progress compares fairly (said so on the page). */
export interface ShiftSoFar {
  shift: NamedShift
  /** start → now */
  current: Span
  /** the current shift's full span, for "2 h 10 min of 8 h" */
  planned: Span
  yesterday: Span
  lastWeek: Span
}

export function shiftSoFar(now: number, timeZone: string, shifts: readonly NamedShift[]): ShiftSoFar | null {
  const running = currentShift(now, timeZone, shifts)
  if (!running) return null
  const day = localDate(running.span[0], timeZone)
  return {
    shift: running.shift,
    current: [running.span[0], now],
    planned: running.span,
    yesterday: shiftWindow(running.shift, addDays(day, -1), timeZone),
    lastWeek: shiftWindow(running.shift, addDays(day, -7), timeZone),
  }
}

/** A count per hour of a span (null for an empty span). */
export function perHour(count: number, [start, end]: Span): number | null {
  const hours = (end - start) / 3600
  return hours > 0 ? count / hours : null
}

/** "+12 %" / "−8 %" / "±0 %" of `value` against `reference`; null when there is no reference. */
export function relativeChange(value: number, reference: number): string | null {
  if (!(reference > 0)) return null
  const change = Math.round((100 * (value - reference)) / reference)
  return change === 0 ? `±0${NBSP}%` : `${change > 0 ? '+' : '−'}${Math.abs(change)}${NBSP}%`
}

/** Hours of `shift` inside [from, min(till, now)): what the reference's shift filter counts over a
 * range, including the part of a night shift that began the day before `from`. */
export function shiftHours(
  shift: NamedShift,
  range: { from: number; till: number },
  now: number,
  timeZone: string,
): number {
  const spans = shiftWindows(shift, range.from, Math.min(range.till, now), timeZone)
  return spans.reduce((sum, [start, end]) => sum + (end - start), 0) / 3600
}
