import type { Machine } from '../../lib/domain'
import { addDays, localDate } from '../../lib/factory-time'
import type { Translator } from '../../lib/i18n/translator'
import {
  type BoardState,
  boardState,
  needsAttention,
  passSecondsLeft,
  type StatusDictionary,
  secondsInState,
  stateLabel,
  stateTimeWords,
} from '../../lib/machine-state'
import { naturalCompare } from '../../lib/natural-order'
import { shiftWindow } from '../../lib/shift-window'
import { currentShift, type NamedShift } from '../../lib/time-range'

/** Outside every shift the kiosk refreshes this slowly instead of polling all night. */
export const QUIET_REFRESH_SECONDS = 300

/** The next shift to begin after `now` (Unix s), or null when none is configured. */
export function nextShiftStart(
  now: number,
  timeZone: string,
  shifts: readonly NamedShift[],
): { shift: NamedShift; at: number } | null {
  const today = localDate(now, timeZone)
  let best: { shift: NamedShift; at: number } | null = null
  for (let d = 0; d <= 1; d++) {
    for (const shift of shifts) {
      const [start] = shiftWindow(shift, addDays(today, d), timeZone)
      if (start > now && (!best || start < best.at)) best = { shift, at: start }
    }
  }
  return best
}

/** When to refresh next: every `refresh` seconds during a shift; between shifts every 5 minutes, but
 * never later than the start of the next shift (so it speeds up as the shift begins). */
export function refreshPlan(
  now: number,
  refresh: number,
  timeZone: string,
  shifts: readonly NamedShift[],
): { delayMs: number; quiet: { next: NamedShift; at: number } | null } {
  if (shifts.length === 0 || currentShift(now, timeZone, shifts))
    return { delayMs: refresh * 1000, quiet: null }
  const next = nextShiftStart(now, timeZone, shifts)
  const untilNext = next ? next.at - now : QUIET_REFRESH_SECONDS
  const seconds = Math.max(refresh, Math.min(QUIET_REFRESH_SECONDS, untilNext))
  return { delayMs: seconds * 1000, quiet: next ? { next: next.shift, at: next.at } : null }
}

/** A machine that needs someone now (exception-first kiosk): its state said once, and how long. */
export interface Exception {
  machine: Machine
  /** the badge's colour and sign */
  state: BoardState
  /** the badge's words: the state ("Thread break"), or what comes ("Design done in 4 min") */
  label: string
  /** how long, or what to do: "for 12 min", "silent 2 h 5 min", "prepare the next design" */
  time: string
  /** for ordering: the most urgent first */
  rank: number
  /** seconds in its state, for ordering within a rank (the longest first; unknown counts as longest) */
  seconds?: number
}

export const FINISHING_SECONDS = 5 * 60

export function exceptionsOf(
  machines: readonly Machine[],
  now: number,
  attentionMinutes: number,
  codes: StatusDictionary,
  /** the reasons are said in its language */
  t: Translator['t'],
  /** stitches a minute per machine over the last hours (stops included), where known */
  paces?: ReadonlyMap<string, number>,
): Exception[] {
  const found: Exception[] = []
  for (const machine of machines) {
    const state = boardState(machine, now, codes)
    // the state's words only for a machine that gets a card (this runs for every machine at every tick)
    const card = () => ({ machine, state, label: stateLabel(machine, state, codes, t) })
    if (needsAttention(machine, now, attentionMinutes, codes)) {
      const since = secondsInState(machine, state, now)
      found.push({
        ...card(),
        time: stateTimeWords(machine, state, now, t),
        rank: state === 'threadbreak' ? 0 : 1,
        seconds: since ?? Number.POSITIVE_INFINITY,
      })
    } else if (state === 'not-reporting') {
      found.push({ ...card(), time: stateTimeWords(machine, state, now, t), rank: 2 })
    } else if (state === 'running') {
      const seconds = passSecondsLeft(machine, paces?.get(machine.id))
      if (seconds !== null && seconds <= FINISHING_SECONDS) {
        const minutes = Math.max(0, Math.ceil(seconds / 60))
        found.push({
          machine,
          state,
          label: t('kiosk.exceptions.designDoneIn', { minutes }),
          time: t('kiosk.exceptions.prepareNext'),
          rank: 3,
        })
      }
    }
  }
  return found.sort(
    (a, b) =>
      a.rank - b.rank ||
      (b.seconds ?? 0) - (a.seconds ?? 0) ||
      naturalCompare(a.machine.name, b.machine.name),
  )
}

/** The rotation: the exception page first while any machine needs action, a turn for each of its
 * screens ("exceptions:1"), then the listed pages. */
export function rotationOf(pages: readonly string[], exceptionScreens: number): string[] {
  return [...Array.from({ length: exceptionScreens }, (_, screen) => `exceptions:${screen}`), ...pages]
}
