import { upperBound } from './binary-search'
import { clockMinutes } from './clock'
import { addDays, type LocalDate, localDate, type Span, zonedInstant } from './factory-time'

/** The reference's shift filter (section 4.1): times of day, `to` before `from` crosses midnight. */
export interface ShiftFilter {
  from: string
  to: string
}

/** The span of one shift that starts on local day `day`. A shift crossing midnight belongs to the day
 * it starts on. `from` equal to `to` means the whole day. */
export function shiftWindow(shift: ShiftFilter, day: LocalDate, timeZone: string): Span {
  const from = clockMinutes(shift.from)
  const to = clockMinutes(shift.to)
  if (from === null || to === null) throw new RangeError(`not a shift: ${JSON.stringify(shift)}`)
  const start = zonedInstant(day, from, timeZone)
  const endDay = to > from ? day : addDays(day, 1)
  return [start, zonedInstant(endDay, to, timeZone)]
}

/** Every span of `shift` that overlaps [from, till), clipped to it, in time order. */
export function shiftWindows(shift: ShiftFilter, from: number, till: number, timeZone: string): Span[] {
  const spans: Span[] = []
  if (till <= from) return spans
  const last = localDate(till, timeZone)
  // start one day early: a shift crossing midnight may have begun the day before `from`
  for (let day = addDays(localDate(from, timeZone), -1); ; day = addDays(day, 1)) {
    const [start, end] = shiftWindow(shift, day, timeZone)
    if (end > from && start < till) spans.push([Math.max(start, from), Math.min(end, till)])
    if (day.year === last.year && day.month === last.month && day.day === last.day) break
  }
  return spans
}

/** Whether Unix second `at` lies in one of the sorted, disjoint `spans`. */
export function inSpans(spans: readonly Span[], at: number): boolean {
  // the first span ending after `at` is the only one that can hold it
  const i = upperBound(spans, at, (span) => span[1])
  return i < spans.length && spans[i]![0] <= at
}
