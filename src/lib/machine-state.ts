import type { Machine } from './domain'
import { durationInWords } from './duration'
import type { MessageKey, Translator } from './i18n/translator'
import { naturalCompare } from './natural-order'
import { type MachineState, meaningLabel, STATE_WORD_KEYS, type StatusMeaning } from './status-codes'

export { durationInWords }

/** What the board shows for a machine. "not-reporting" is its own state: a silent machine must never
 * look stopped, nor keep showing "running" from old data. */
export type BoardState = MachineState | 'not-reporting' | 'unknown'

/** A machine whose last report is older than this is not reporting, whatever its last status said. */
export const SILENT_AFTER_SECONDS = 5 * 60
/** Default of the exception threshold for stopped and thread-break machines (minutes). */
export const DEFAULT_ATTENTION_MINUTES = 10

/** The board's words for each state, as messages: the dictionary's states' (one source, shared with the
 * status codes), and the two states the board adds. */
export const STATE_KEYS: Record<BoardState, MessageKey> = {
  ...STATE_WORD_KEYS,
  'not-reporting': 'app.state.notReporting',
  unknown: 'app.state.unknown',
}

/** Icons beside the text, so colour is never the only signal. */
export const STATE_ICONS: Record<BoardState, string> = {
  running: '▶',
  stopped: '■',
  threadbreak: '✂',
  idle: '◌',
  setup: '⚙',
  error: '✖',
  'not-reporting': '⚠',
  unknown: '?',
}

export type StatusDictionary = ReadonlyMap<number, StatusMeaning>

/** The board state of a machine: silent machines are not reporting, whatever their last code; a
 * machine turning (live speed above 0) is running, whatever its code says; otherwise the dictionary's
 * state for the code, or unknown. */
export function boardState(machine: Machine, now: number, codes: StatusDictionary): BoardState {
  if (machine.lastSeen === null || now - Math.floor(machine.lastSeen / 1000) > SILENT_AFTER_SECONDS)
    return 'not-reporting'
  if (machine.liveRpm !== null && machine.liveRpm > 0) return 'running'
  if (machine.statusCode === null) return 'unknown'
  return codes.get(machine.statusCode)?.state ?? 'unknown'
}

/** The words for a machine's state: the dictionary's label for its code, "Status 1234" for a code the
 * dictionary does not know (never guessed). */
export function stateLabel(
  machine: Machine,
  state: BoardState,
  codes: StatusDictionary,
  t: Translator['t'],
): string {
  if (state === 'not-reporting') return t(STATE_KEYS[state])
  if (state === 'unknown') return codeWords(machine.statusCode, t)
  const meaning = machine.statusCode === null ? undefined : codes.get(machine.statusCode)
  if (meaning && meaning.state === state) return meaningLabel(meaning, t)
  return t(STATE_KEYS[state])
}

/** The words for a code the dictionary does not know: "Status 1234" (never guessed), or that none came. */
export const codeWords = (code: number | null, t: Translator['t']): string =>
  code === null ? t('app.state.noStatus') : t('app.state.code', { code })

/** Seconds the machine has been in its state, where known: silence from its last report; any other
 * state from the server's history (issue 18: the vendor's API says what a machine does now, never since
 * when). Null when unknown. */
export function secondsInState(machine: Machine, state: BoardState, now: number): number | null {
  if (state === 'not-reporting') {
    return machine.lastSeen === null ? null : Math.max(0, now - Math.floor(machine.lastSeen / 1000))
  }
  return machine.stateSince === null ? null : Math.max(0, now - Math.floor(machine.stateSince.at / 1000))
}

/** "for 12 min", or "for at least 12 min" when the history began while the machine was already so;
 * in the first minute of such a history, "since before recording began" (not "at least 0 s"). */
export function timeInStateWords(
  machine: Machine,
  state: BoardState,
  now: number,
  t: Translator['t'],
): string | null {
  const age = secondsInState(machine, state, now)
  if (age === null) return null
  const atLeast = state !== 'not-reporting' && machine.stateSince?.atLeast === true
  if (atLeast && age < 60) return t('app.inState.sinceRecording')
  const time = durationInWords(age)
  return atLeast ? t('app.inState.forAtLeast', { time }) : t('app.inState.for', { time })
}

/** How long a machine has been as the board shows it, for a card: "for 12 min", "for at least 2 h 5 min",
 * "silent 40 min", "never reported", or "since: not known". */
export function stateTimeWords(machine: Machine, state: BoardState, now: number, t: Translator['t']): string {
  if (state === 'not-reporting') {
    const age = secondsInState(machine, state, now)
    return age === null
      ? t('app.inState.neverReported')
      : t('app.inState.silentFor', { duration: durationInWords(age) })
  }
  return timeInStateWords(machine, state, now, t) ?? t('app.inState.sinceUnknown')
}

/** Stopped, in a thread break or in error for longer than the threshold: someone should go and look.
 * Where the time in the state is not known, the machine counts as needing attention (better seen once
 * too often than missed). */
export function needsAttention(
  machine: Machine,
  now: number,
  thresholdMinutes: number,
  codes: StatusDictionary,
): boolean {
  const state = boardState(machine, now, codes)
  if (state !== 'stopped' && state !== 'threadbreak' && state !== 'error') return false
  const age = secondsInState(machine, state, now)
  return age === null || age > thresholdMinutes * 60
}

/** What the wall calls out in large type (issue 20): a stop that needs attention, a machine that stopped
 * reporting, or one whose status code nobody has explained. Everything else is normal enough to be quiet. */
export function callsOut(
  machine: Machine,
  now: number,
  thresholdMinutes: number,
  codes: StatusDictionary,
): boolean {
  const state = boardState(machine, now, codes)
  return (
    state === 'not-reporting' || state === 'unknown' || needsAttention(machine, now, thresholdMinutes, codes)
  )
}

/** Share of the loaded design sewn, 0–1, or null without a design. */
export function designProgress(machine: Machine): number | null {
  const { stitch, designStitches } = machine
  if (machine.designId === null || stitch === null || designStitches === null || designStitches <= 0)
    return null
  return Math.min(1, Math.max(0, stitch / designStitches))
}

/** Unix ms when the design should be done by the vendor's estimate (the configured speed, no stops);
 * null when unknown, and whenever the machine is not running (its finish time moves). */
export function finishAt(machine: Machine, state: BoardState, nowMs: number): number | null {
  if (state !== 'running' || machine.vendorRemainingSeconds === null || machine.designId === null) return null
  return nowMs + machine.vendorRemainingSeconds * 1000
}

/** Stitches still to sew for the job: the rest of this pass and every pass still to come of a repeated
 * design; null without a design or position. */
export function remainingStitches(machine: Machine): { stitches: number; passesAfterThis: number } | null {
  const { stitch, designStitches, repeats, passes } = machine
  if (machine.designId === null || stitch === null || designStitches === null || designStitches <= 0)
    return null
  const thisPass = Math.max(0, designStitches - stitch)
  const passesAfterThis =
    repeats !== null && repeats > 1 && passes !== null ? Math.max(0, repeats - passes - 1) : 0
  return { stitches: thisPass + passesAfterThis * designStitches, passesAfterThis }
}

/** Seconds until this pass ends (the next hoop is needed then): at the machine's pace where known, else
 * by the vendor's set-speed estimate; null without a design or either. */
export function passSecondsLeft(
  machine: Machine,
  stitchesPerMinute: number | null | undefined,
): number | null {
  const { stitch, designStitches } = machine
  if (machine.designId === null) return null
  if (
    stitchesPerMinute &&
    stitchesPerMinute > 0 &&
    stitch !== null &&
    designStitches !== null &&
    designStitches > 0
  )
    return (Math.max(0, designStitches - stitch) / stitchesPerMinute) * 60
  return machine.vendorRemainingSeconds
}

/** Unix ms when the job should be done at the machine's actual pace (stitches a minute over the last
 * hours, stops included); null when the machine is not running, the pace is unknown or nothing was sewn. */
export function finishAtPace(
  machine: Machine,
  state: BoardState,
  stitchesPerMinute: number | null | undefined,
  nowMs: number,
): number | null {
  if (state !== 'running' || !stitchesPerMinute || stitchesPerMinute <= 0) return null
  const remaining = remainingStitches(machine)
  if (!remaining) return null
  return nowMs + Math.round((remaining.stitches / stitchesPerMinute) * 60_000)
}

const URGENCY: Record<BoardState, number> = {
  threadbreak: 0,
  error: 1,
  stopped: 2,
  'not-reporting': 3,
  unknown: 4,
  setup: 5,
  idle: 6,
  running: 7,
}

export type SortOrder = 'urgency' | 'name'

/** Thread break and stopped first, longest first; or by name. */
export function sortMachines(
  machines: readonly Machine[],
  order: SortOrder,
  now: number,
  codes: StatusDictionary,
): Machine[] {
  const byName = (a: Machine, b: Machine) => naturalCompare(a.name, b.name)
  if (order === 'name') return [...machines].sort(byName)
  return machines
    .map((m) => ({ m, state: boardState(m, now, codes) }))
    .map((x) => ({ ...x, rank: URGENCY[x.state], age: secondsInState(x.m, x.state, now) ?? 0 }))
    .sort((a, b) => a.rank - b.rank || b.age - a.age || byName(a.m, b.m))
    .map((x) => x.m)
}

/** Counts per state and the share of machines running. */
export function boardSummary(machines: readonly Machine[], now: number, codes: StatusDictionary) {
  const counts: Record<BoardState, number> = {
    running: 0,
    stopped: 0,
    threadbreak: 0,
    idle: 0,
    setup: 0,
    error: 0,
    'not-reporting': 0,
    unknown: 0,
  }
  for (const m of machines) counts[boardState(m, now, codes)]++
  return {
    counts,
    total: machines.length,
    runningShare: machines.length ? counts.running / machines.length : 0,
  }
}
