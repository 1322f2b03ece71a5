import { clockMinutes } from './clock'
import { addDays, localDate, localDateKey, type Span, startOfLocalDay, zonedInstant } from './factory-time'
import type { MessageKey } from './i18n/translator'
import { shiftWindow } from './shift-window'

export interface NamedShift {
  name: string
  from: string
  to: string
}

export const RANGE_PRESETS = [
  'current-shift',
  'previous-shift',
  'today',
  'yesterday',
  '7d',
  '30d',
  'custom',
] as const
export type RangePreset = (typeof RANGE_PRESETS)[number]

/** Each preset's words, as messages. */
export const RANGE_LABELS: Record<RangePreset, MessageKey> = {
  'current-shift': 'app.range.currentShift',
  'previous-shift': 'app.range.previousShift',
  today: 'app.range.today',
  yesterday: 'app.range.yesterday',
  '7d': 'app.range.last7',
  '30d': 'app.range.last30',
  custom: 'app.range.custom',
}

/** A time range as the URL states it; custom bounds are factory wall-clock times `YYYY-MM-DDTHH:MM`. */
export interface RangeSpec {
  preset: RangePreset
  from?: string
  till?: string
}

/** Unix seconds [from, till); `open` while till is now (the range still grows). */
export interface ResolvedRange {
  from: number
  till: number
  open: boolean
  /** the shift the range is, for the shift presets */
  shift?: string
}

export interface ShiftSpan {
  shift: NamedShift
  span: Span
}

/** The shift spans of a few days, kept per set of shifts and factory day: they change only when the day
 * does, and every page's header asks for the current shift at each render (on a phone 18 zoned dates
 * each time made the header's render take 45 ms). At most 8 days per set of shifts are kept. */
const spansOfDay = new WeakMap<readonly NamedShift[], Map<string, readonly ShiftSpan[]>>()
const DAYS_KEPT = 8

/** Every shift span that starts between two days before and the day of `at`, in time order. */
export function shiftSpansAround(
  at: number,
  timeZone: string,
  shifts: readonly NamedShift[],
): readonly ShiftSpan[] {
  const key = `${timeZone}|${localDateKey(at, timeZone)}`
  let kept = spansOfDay.get(shifts)
  if (!kept) {
    kept = new Map()
    spansOfDay.set(shifts, kept)
  }
  const known = kept.get(key)
  if (known) return known
  const today = localDate(at, timeZone)
  const spans: ShiftSpan[] = []
  for (let d = -2; d <= 0; d++) {
    for (const shift of shifts) spans.push({ shift, span: shiftWindow(shift, addDays(today, d), timeZone) })
  }
  spans.sort((a, b) => a.span[0] - b.span[0])
  if (kept.size >= DAYS_KEPT) kept.clear()
  kept.set(key, Object.freeze(spans))
  return spans
}

/** The shift running at `at`, or null between shifts. */
export function currentShift(at: number, timeZone: string, shifts: readonly NamedShift[]): ShiftSpan | null {
  return shiftSpansAround(at, timeZone, shifts).find(({ span }) => span[0] <= at && at < span[1]) ?? null
}

/** The last shift that ended by `at` (or before the current one began). */
export function previousShift(at: number, timeZone: string, shifts: readonly NamedShift[]): ShiftSpan | null {
  const current = currentShift(at, timeZone, shifts)
  const before = current ? current.span[0] : at
  const ended = shiftSpansAround(at, timeZone, shifts).filter(({ span }) => span[1] <= before)
  return ended.at(-1) ?? null
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/

/** Unix seconds of a factory wall-clock time `YYYY-MM-DDTHH:MM`, or null when it is not one. */
export function parseFactoryDateTime(text: string, timeZone: string): number | null {
  const match = LOCAL_DATE_TIME.exec(text)
  if (!match) return null
  const minutes = clockMinutes(match[4]!)
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (minutes === null || month < 1 || month > 12 || day < 1 || day > 31) return null
  return zonedInstant({ year, month, day }, minutes, timeZone)
}

/** The Unix-second bounds of a range at `now`, in the factory's timezone; an error in words when a
 * custom range is not usable. */
export function resolveRange(
  spec: RangeSpec,
  now: number,
  timeZone: string,
  shifts: readonly NamedShift[],
): ResolvedRange | { error: MessageKey } {
  const today = startOfLocalDay(localDate(now, timeZone), timeZone)
  const daysAgo = (n: number) => startOfLocalDay(addDays(localDate(now, timeZone), -n), timeZone)
  switch (spec.preset) {
    case 'today':
      return { from: today, till: now, open: true }
    case 'yesterday':
      return { from: daysAgo(1), till: today, open: false }
    case '7d':
      return { from: daysAgo(6), till: now, open: true }
    case '30d':
      return { from: daysAgo(29), till: now, open: true }
    case 'current-shift': {
      const current = currentShift(now, timeZone, shifts)
      if (!current) return { error: 'app.range.noShiftNow' }
      return { from: current.span[0], till: now, open: true, shift: current.shift.name }
    }
    case 'previous-shift': {
      const previous = previousShift(now, timeZone, shifts)
      if (!previous) return { error: 'app.range.noEarlierShift' }
      return { from: previous.span[0], till: previous.span[1], open: false, shift: previous.shift.name }
    }
    case 'custom': {
      const from = spec.from ? parseFactoryDateTime(spec.from, timeZone) : null
      const till = spec.till ? parseFactoryDateTime(spec.till, timeZone) : null
      if (from === null || till === null) return { error: 'app.range.customIncomplete' }
      if (till <= from) return { error: 'app.range.customReversed' }
      return { from, till: Math.min(till, now), open: till > now }
    }
  }
}
