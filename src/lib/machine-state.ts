import { KNOWN_MACHINE_STATUSES, type Machine } from '../api/contract/machine'

export { durationInWords } from './duration'

/** What the board shows for a machine. "not-reporting" is its own state: a silent machine must never
 * look stopped, nor keep showing "running" from old data. */
export type BoardState = 'running' | 'stopped' | 'threadbreak' | 'idle' | 'not-reporting' | 'unknown'

/** A machine whose last report is older than this is not reporting, whatever its last status said. */
export const SILENT_AFTER_SECONDS = 5 * 60
/** Default of the exception threshold for stopped and thread-break machines (minutes). */
export const DEFAULT_ATTENTION_MINUTES = 10

export const STATE_LABELS: Record<BoardState, string> = {
  running: 'Running',
  stopped: 'Stopped',
  threadbreak: 'Thread break',
  idle: 'Idle',
  'not-reporting': 'Not reporting',
  unknown: 'Unknown status',
}

/** Icons beside the text, so colour is never the only signal. */
export const STATE_ICONS: Record<BoardState, string> = {
  running: '▶',
  stopped: '■',
  threadbreak: '✂',
  idle: '◌',
  'not-reporting': '⚠',
  unknown: '?',
}

const seconds = (iso: string | null | undefined) => {
  const ms = iso ? Date.parse(iso) : Number.NaN
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000)
}

export function boardState(machine: Machine, now: number): BoardState {
  if (machine.status === 'offline') return 'not-reporting'
  const lastSeen = seconds(machine.last_seen)
  if (lastSeen !== null && now - lastSeen > SILENT_AFTER_SECONDS) return 'not-reporting'
  if ((KNOWN_MACHINE_STATUSES as readonly string[]).includes(machine.status))
    return machine.status as BoardState
  return 'unknown'
}

/** The words for a machine's state; an unknown status shows the upstream's own text, never a blank. */
export function stateLabel(machine: Machine, state: BoardState): string {
  if (state === 'unknown') return machine.status.trim() || 'No status reported'
  return STATE_LABELS[state]
}

/** Seconds since the state began: since the last report for a silent machine, else since status_since. */
export function secondsInState(machine: Machine, state: BoardState, now: number): number | null {
  const since =
    state === 'not-reporting'
      ? (seconds(machine.last_seen) ?? seconds(machine.status_since))
      : seconds(machine.status_since)
  return since === null ? null : Math.max(0, now - since)
}

/** Stopped or in a thread break for longer than the threshold: someone should go and look. */
export function needsAttention(machine: Machine, now: number, thresholdMinutes: number): boolean {
  const state = boardState(machine, now)
  if (state !== 'stopped' && state !== 'threadbreak') return false
  return (secondsInState(machine, state, now) ?? 0) > thresholdMinutes * 60
}

/** Share of the loaded design sewn, 0–1, or null without a design. */
export function designProgress(machine: Machine): number | null {
  const design = machine.design
  if (!design || design.stitches_total <= 0) return null
  return Math.min(1, Math.max(0, design.stitches_done / design.stitches_total))
}

/** Unix ms when the design should be done, from the remaining time; null when unknown or silent. */
export function finishAt(machine: Machine, state: BoardState, nowMs: number): number | null {
  if (
    state === 'not-reporting' ||
    machine.remaining_seconds === null ||
    machine.remaining_seconds === undefined
  )
    return null
  if (!machine.design) return null
  return nowMs + machine.remaining_seconds * 1000
}

const URGENCY: Record<BoardState, number> = {
  threadbreak: 0,
  stopped: 1,
  'not-reporting': 2,
  unknown: 3,
  idle: 4,
  running: 5,
}

export type SortOrder = 'urgency' | 'name'

/** Thread break and stopped first, longest first; or by name. */
export function sortMachines(machines: readonly Machine[], order: SortOrder, now: number): Machine[] {
  const byName = (a: Machine, b: Machine) =>
    a.machine_name.localeCompare(b.machine_name, undefined, { numeric: true })
  if (order === 'name') return [...machines].sort(byName)
  return machines
    .map((m) => ({ m, state: boardState(m, now) }))
    .map((x) => ({ ...x, rank: URGENCY[x.state], age: secondsInState(x.m, x.state, now) ?? 0 }))
    .sort((a, b) => a.rank - b.rank || b.age - a.age || byName(a.m, b.m))
    .map((x) => x.m)
}

/** Counts per state and the share of machines running. */
export function boardSummary(machines: readonly Machine[], now: number) {
  const counts: Record<BoardState, number> = {
    running: 0,
    stopped: 0,
    threadbreak: 0,
    idle: 0,
    'not-reporting': 0,
    unknown: 0,
  }
  for (const m of machines) counts[boardState(m, now)]++
  return {
    counts,
    total: machines.length,
    runningShare: machines.length ? counts.running / machines.length : 0,
  }
}
