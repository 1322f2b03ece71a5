import type { HistoryGap, StateInterval } from './domain'
import { addDays, dateLanguage, formatFactoryTime, localDate, startOfLocalDay } from './factory-time'
import type { MessageKey, Translator } from './i18n/translator'
import { type BoardState, codeWords, STATE_KEYS, type StatusDictionary } from './machine-state'
import { meaningLabel } from './status-codes'

/** The board state of a recorded interval, by the same rules as a live machine: silent is not reporting,
 * turning is running, else the dictionary's state for the code, or unknown. */
export function intervalState(i: StateInterval, codes: StatusDictionary): BoardState {
  if (!i.reporting) return 'not-reporting'
  if (i.turning) return 'running'
  if (i.code === null) return 'unknown'
  return codes.get(i.code)?.state ?? 'unknown'
}

/** The words for a recorded interval's state: the dictionary's label, "Status 1234" for an unknown code. */
export function intervalLabel(i: StateInterval, codes: StatusDictionary, t: Translator['t']): string {
  const state = intervalState(i, codes)
  if (state === 'not-reporting') return t(STATE_KEYS['not-reporting'])
  if (state === 'running') {
    const meaning = i.code === null ? undefined : codes.get(i.code)
    return meaning?.state === 'running' ? meaningLabel(meaning, t) : t(STATE_KEYS.running)
  }
  if (state === 'unknown') return codeWords(i.code, t)
  return meaningLabel(codes.get(i.code!)!, t)
}

/** States that are stops: time a machine should sew and does not. */
export const STOP_STATES: ReadonlySet<BoardState> = new Set(['stopped', 'threadbreak', 'error'])

/** An interval cut to [from, till) (an open one ends at till); null when outside. */
export function clip(i: StateInterval, from: number, till: number): { start: number; end: number } | null {
  const start = Math.max(i.start, from)
  const end = Math.min(i.end ?? till, till)
  return end > start ? { start, end } : null
}

export interface Stop {
  machineId: string
  code: number | null
  state: BoardState
  label: string
  start: number
  end: number
  /** still going at the end of the range */
  ongoing: boolean
  atLeast: boolean
  designId: string | null
}

/** The stops of one machine in [from, till) lasting at least `minSeconds`, longest first. */
export function stopsOf(
  machineId: string,
  intervals: readonly StateInterval[],
  from: number,
  till: number,
  codes: StatusDictionary,
  t: Translator['t'],
  minSeconds = 0,
): Stop[] {
  const stops: Stop[] = []
  for (const i of intervals) {
    const state = intervalState(i, codes)
    if (!STOP_STATES.has(state)) continue
    const part = clip(i, from, till)
    if (!part || part.end - part.start < minSeconds * 1000) continue
    stops.push({
      machineId,
      code: i.code,
      state,
      label: intervalLabel(i, codes, t),
      start: part.start,
      end: part.end,
      ongoing: i.end === null || i.end > till,
      atLeast: i.atLeast && i.start >= from,
      designId: i.designId,
    })
  }
  return stops.sort((a, b) => b.end - b.start - (a.end - a.start))
}

export interface StopAnalysis {
  /** machine-milliseconds recorded in the range (gaps and machines not yet seen left out) */
  recordedMs: number
  /** machine-milliseconds per state */
  byState: ReadonlyMap<BoardState, number>
  /** running ÷ recorded (not reporting counts as recorded and not running) */
  availability: number | null
  /** stop time by status code (and its label), largest first */
  byCode: Array<{ code: number | null; state: BoardState; label: string; ms: number; count: number }>
  /** stop time by machine, largest first */
  byMachine: Array<{ machineId: string; ms: number; count: number }>
  /** the longest stops, longest first */
  longest: Stop[]
}

/** Availability, time per state and the Pareto of stop time (by code and by machine) over [from, till),
 * from the recorded intervals of every machine. */
export function stopAnalysis(
  machines: ReadonlyMap<string, readonly StateInterval[]>,
  from: number,
  till: number,
  codes: StatusDictionary,
  t: Translator['t'],
  longestCount = 10,
): StopAnalysis {
  const byState = new Map<BoardState, number>()
  const byCode = new Map<
    string,
    { code: number | null; state: BoardState; label: string; ms: number; count: number }
  >()
  const byMachine = new Map<string, { machineId: string; ms: number; count: number }>()
  const longest: Stop[] = []
  let recordedMs = 0
  for (const [machineId, intervals] of machines) {
    for (const i of intervals) {
      const part = clip(i, from, till)
      if (!part) continue
      const ms = part.end - part.start
      const state = intervalState(i, codes)
      recordedMs += ms
      byState.set(state, (byState.get(state) ?? 0) + ms)
      if (!STOP_STATES.has(state)) continue
      const key = `${i.code}`
      const c = byCode.get(key) ?? { code: i.code, state, label: intervalLabel(i, codes, t), ms: 0, count: 0 }
      c.ms += ms
      c.count++
      byCode.set(key, c)
      const m = byMachine.get(machineId) ?? { machineId, ms: 0, count: 0 }
      m.ms += ms
      m.count++
      byMachine.set(machineId, m)
    }
    longest.push(...stopsOf(machineId, intervals, from, till, codes, t).slice(0, longestCount))
  }
  const running = byState.get('running') ?? 0
  return {
    recordedMs,
    byState,
    availability: recordedMs > 0 ? running / recordedMs : null,
    byCode: [...byCode.values()].sort((a, b) => b.ms - a.ms),
    byMachine: [...byMachine.values()].sort((a, b) => b.ms - a.ms),
    longest: longest.sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, longestCount),
  }
}

/** Machine time not recorded: the unrecorded parts of the range, for each of `machines` machines. */
export const unrecordedMachineMs = (parts: ReadonlyArray<{ start: number; end: number }>, machines: number) =>
  parts.reduce((sum, p) => sum + p.end - p.start, 0) * machines

/** The parts of [from, till) covered by gaps or before recording began: "not recorded". */
export function unrecorded(
  from: number,
  till: number,
  recordingSince: number | null,
  gaps: readonly HistoryGap[],
  t: Translator['t'],
): Array<{ start: number; end: number; reason: string }> {
  const parts: Array<{ start: number; end: number; reason: string }> = []
  if (recordingSince === null) return [{ start: from, end: till, reason: t('app.gap.nothingYet') }]
  if (recordingSince > from)
    parts.push({
      start: from,
      end: Math.min(till, recordingSince),
      reason: t('app.gap.beforeRecording'),
    })
  for (const g of gaps) {
    const start = Math.max(from, g.start)
    const end = Math.min(till, g.end)
    const known = GAP_WORDS[g.reason]
    if (end > start) parts.push({ start, end, reason: known ? t(known) : g.reason })
  }
  return parts
}

/** Why the history has a gap, as the server writes it (server/history/store.ts): kept in these words,
 * said in the reader's language. */
export const GAP_REASONS = {
  portalSilent: 'the machine portal did not answer',
  notRecording: 'stitchboard was not recording',
} as const
const GAP_WORDS: Readonly<Record<string, MessageKey>> = {
  [GAP_REASONS.portalSilent]: 'app.gap.portalSilent',
  [GAP_REASONS.notRecording]: 'app.gap.notRecording',
}

/** One drawn part of a timeline: a state from start to end (Unix ms), with what its tooltip says. */
export interface TimelineSegment {
  start: number
  end: number
  state: BoardState | 'unrecorded'
  label: string
  code: number | null
  design: string | null
  atLeast: boolean
  /** a stop longer than the threshold: marked above the strip */
  marked: boolean
}

/** The parts to draw for one machine over [from, till): its intervals, and "not recorded" where the
 * history has nothing (before recording began, gaps). */
export function timelineSegments(
  intervals: readonly StateInterval[],
  from: number,
  till: number,
  codes: StatusDictionary,
  t: Translator['t'],
  designName: (id: string) => string,
  markStopsLongerThanSeconds: number,
  missing: ReadonlyArray<{ start: number; end: number; reason: string }>,
): TimelineSegment[] {
  const segments: TimelineSegment[] = []
  for (const i of intervals) {
    const part = clip(i, from, till)
    if (!part) continue
    const state = intervalState(i, codes)
    segments.push({
      ...part,
      state,
      label: intervalLabel(i, codes, t),
      code: i.code,
      design: i.designId === null ? null : designName(i.designId),
      atLeast: i.atLeast && i.start >= from,
      marked: STOP_STATES.has(state) && part.end - part.start > markStopsLongerThanSeconds * 1000,
    })
  }
  for (const m of missing) {
    segments.push({
      ...m,
      state: 'unrecorded',
      label: m.reason,
      code: null,
      design: null,
      atLeast: false,
      marked: false,
    })
  }
  return segments.sort((a, b) => a.start - b.start)
}

/** Midnights (a weekday and date) over several days, every 3 hours over one day, in the factory's zone. */
export function ticksOf(from: number, till: number, timeZone: string): Array<{ at: number; label: string }> {
  const days = (till - from) / 86_400_000
  const ticks: Array<{ at: number; label: string }> = []
  const step = days > 1.5 ? 86_400_000 : days > 0.25 ? 3 * 3_600_000 : 3_600_000
  let day = localDate(Math.floor(from / 1000), timeZone)
  for (let i = 0; i < 40; i++, day = addDays(day, 1)) {
    const midnight = startOfLocalDay(day, timeZone) * 1000
    if (midnight >= till) break
    for (let at = midnight; at < midnight + 86_400_000 && at < till; at += step) {
      if (at <= from) continue
      ticks.push({
        at,
        label: step === 86_400_000 ? weekday(at, timeZone) : formatFactoryTime(at, timeZone, false),
      })
    }
  }
  return ticks
}

const weekdays = new Map<string, Intl.DateTimeFormat>()
function weekday(at: number, timeZone: string) {
  const key = `${dateLanguage()}|${timeZone}`
  let format = weekdays.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(dateLanguage(), { timeZone, weekday: 'short', day: 'numeric' })
    weekdays.set(key, format)
  }
  return format.format(at)
}

/** Time per state and per status code from the portal's own totals (machine-summary's seconds per status
 * code, summed over machines): what can be said of a period stitchboard did not record, without a
 * timeline. Codes are read through the same dictionary as recorded intervals; unknown ones stay unknown. */
export interface StatusTotals {
  /** machine-seconds the portal accounted for */
  totalSeconds: number
  byState: ReadonlyMap<BoardState, number>
  /** running ÷ total, as for recorded time */
  availability: number | null
  /** stop time by status code, largest first */
  stopsByCode: Array<{ code: number; state: BoardState; label: string; seconds: number }>
}

export function statusTotals(
  perMachine: Iterable<ReadonlyMap<number, number>>,
  codes: StatusDictionary,
  t: Translator['t'],
): StatusTotals {
  const byState = new Map<BoardState, number>()
  const byCode = new Map<number, number>()
  let totalSeconds = 0
  for (const secondsByStatus of perMachine)
    for (const [code, seconds] of secondsByStatus) {
      if (!(seconds > 0)) continue
      totalSeconds += seconds
      byCode.set(code, (byCode.get(code) ?? 0) + seconds)
      const state = codes.get(code)?.state ?? 'unknown'
      byState.set(state, (byState.get(state) ?? 0) + seconds)
    }
  const stopsByCode = [...byCode]
    .map(([code, seconds]) => {
      const meaning = codes.get(code)
      return {
        code,
        state: meaning?.state ?? ('unknown' as BoardState),
        label: meaning ? meaningLabel(meaning, t) : codeWords(code, t),
        seconds,
      }
    })
    .filter((c) => STOP_STATES.has(c.state))
    .sort((a, b) => b.seconds - a.seconds)
  return {
    totalSeconds,
    byState,
    availability: totalSeconds > 0 ? (byState.get('running') ?? 0) / totalSeconds : null,
    stopsByCode,
  }
}
