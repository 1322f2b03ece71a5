/** Maintenance by use (issue 53): tasks due every so many running hours, stitches or calendar days, counted
 * from stitchboard's own record of each machine since the task was last signed off there. */

export const INTERVAL_KINDS = ['hours', 'stitches', 'days'] as const
export type IntervalKind = (typeof INTERVAL_KINDS)[number]

/** The longest interval of each kind: over 10 years, or over 10¹⁰ stitches, is a typing error. */
export const MAX_INTERVAL: Readonly<Record<IntervalKind, number>> = {
  hours: 87_600,
  stitches: 10_000_000_000,
  days: 3_650,
}

/** Where a task applies: every machine, the machines of a location, or chosen machines. */
export type TaskScope = { all: true } | { locationId: number } | { machineIds: string[] }

export interface TaskInterval {
  kind: IntervalKind
  value: number
}

export interface MaintenanceTask {
  id: number
  name: string
  scope: TaskScope
  /** per head: each head is signed off on its own (all of a machine's heads at once by default) */
  per: 'machine' | 'head'
  interval: TaskInterval
  note: string
  version: number
  updatedAt: number
  updatedBy: string
}

/** The share of its interval at which a task is due soon. */
export const DUE_SOON_SHARE = 0.9

export type DueState = 'ok' | 'soon' | 'overdue'

/** A machine's counted use, summed since stitchboard began counting it (server/history/machine-use.ts). */
export interface UseCount {
  runningMs: number
  stitches: number
  /** time nobody recorded: use in it is unknown */
  unrecordedMs: number
}

export interface TaskProgress {
  /** the use since the start, in the interval's unit (hours, stitches, days) */
  used: number
  /** used / interval */
  share: number
  state: DueState
  /** what is left until due, in the interval's unit (negative: overdue by) */
  left: number
  /** part of the time since the start was not recorded: the use is at least `used` */
  uncertain: boolean
}

const HOUR = 3_600_000
const DAY = 86_400_000

/** A task's progress on a machine (or head) from `start` (its last sign-off, or when counting began) to
 * now: `before` and `after` are the machine's counted use then and now. */
export function progressOf(
  interval: TaskInterval,
  before: UseCount,
  after: UseCount,
  start: number,
  now: number,
): TaskProgress {
  const used =
    interval.kind === 'hours'
      ? Math.max(0, after.runningMs - before.runningMs) / HOUR
      : interval.kind === 'stitches'
        ? Math.max(0, after.stitches - before.stitches)
        : Math.max(0, now - start) / DAY
  const share = used / interval.value
  return {
    used,
    share,
    state: share >= 1 ? 'overdue' : share >= DUE_SOON_SHARE ? 'soon' : 'ok',
    left: interval.value - used,
    uncertain: interval.kind !== 'days' && after.unrecordedMs > before.unrecordedMs,
  }
}

/** Whether a task applies to a machine. */
export function applies(scope: TaskScope, machine: { id: string; locationId: number | null }): boolean {
  if ('all' in scope) return true
  if ('locationId' in scope) return machine.locationId === scope.locationId
  return scope.machineIds.includes(machine.id)
}

/** A task as it stands on one machine: one entry for a machine's task, one for each group of heads signed
 * off together for a head's task. */
export interface TaskEntry {
  taskId: number
  machineId: string
  /** the heads (1-based) this entry stands for; null for a machine's task */
  heads: number[] | null
  /** when its count began: the last sign-off, or when stitchboard began counting the machine or made the task */
  since: number
  lastSignOff: SignOff | null
  progress: TaskProgress
}

export interface SignOff {
  id: number
  taskId: number
  machineId: string
  head: number | null
  at: number
  by: string
  note: string
  /** false: signed off again for the same due by someone else at the same time (kept, not counted) */
  counted: boolean
  /** not a sign-off: when the task was made, its count starting from the machine's use then */
  start?: boolean
}

/** The defaults a new installation starts with, from published practice (docs/maintenance.md names the
 * source of each). */
export const DEFAULT_TASKS: ReadonlyArray<{
  key: string
  name: string
  per: MaintenanceTask['per']
  interval: TaskInterval
}> = [
  { key: 'hook-oil', name: 'Oil the rotary hooks', per: 'machine', interval: { kind: 'hours', value: 4 } },
  {
    key: 'needles',
    name: 'Change the needles',
    per: 'head',
    interval: { kind: 'stitches', value: 2_000_000 },
  },
  {
    key: 'bobbin-case',
    name: 'Clean the bobbin cases and hooks',
    per: 'machine',
    interval: { kind: 'hours', value: 8 },
  },
  { key: 'hook-timing', name: 'Check the hook timing', per: 'head', interval: { kind: 'days', value: 90 } },
  {
    key: 'trimmer',
    name: 'Clean and check the trimmer knives',
    per: 'machine',
    interval: { kind: 'days', value: 7 },
  },
  {
    key: 'service',
    name: 'Yearly service by a technician',
    per: 'machine',
    interval: { kind: 'days', value: 365 },
  },
]

/** The entries of a task on a machine: for a head's task, its heads grouped by their last sign-off (all of
 * them in one entry until one is signed off alone). `signOffs`: the counted ones of this task and machine,
 * newest first; `useAt`: the machine's use at a sign-off (by its ID). */
export function entriesOf(
  task: Pick<MaintenanceTask, 'id' | 'per' | 'interval'>,
  machineId: string,
  heads: number | null,
  signOffs: readonly (SignOff & { use: UseCount })[],
  start: { at: number; use: UseCount },
  now: { at: number; use: UseCount },
): TaskEntry[] {
  const entry = (last: (SignOff & { use: UseCount }) | null, group: number[] | null): TaskEntry => {
    const from = last ? { at: last.at, use: last.use } : start
    const { use: _use, ...lastSignOff } = last ?? { use: null }
    return {
      taskId: task.id,
      machineId,
      heads: group,
      since: from.at,
      lastSignOff: last ? (lastSignOff as SignOff) : null,
      progress: progressOf(task.interval, from.use, now.use, from.at, now.at),
    }
  }
  if (task.per === 'machine' || heads === null) {
    return [entry(signOffs[0] ?? null, null)]
  }
  // each head's last sign-off: its own, or one of the whole machine (head null) when newer
  // heads signed off together (one sign-off of several heads is a row each, at one time by one person)
  const groups = new Map<string, { last: (SignOff & { use: UseCount }) | null; heads: number[] }>()
  for (let head = 1; head <= heads; head++) {
    const last = signOffs.find((s) => s.head === head || s.head === null) ?? null
    const key = last ? `${last.at} ${last.by}` : ''
    const group = groups.get(key)
    if (group) group.heads.push(head)
    else groups.set(key, { last, heads: [head] })
  }
  return [...groups.values()].map((g) => entry(g.last, g.heads))
}

/** Heads as a person reads them: "1–4, 7" (runs joined). */
export function headRuns(heads: readonly number[]): string {
  const runs: string[] = []
  let start = heads[0]
  for (let i = 1; i <= heads.length; i++) {
    if (heads[i] === (heads[i - 1] ?? 0) + 1) continue
    const end = heads[i - 1]!
    runs.push(start === end ? String(start) : `${start}–${end}`)
    start = heads[i]
  }
  return runs.join(', ')
}

/** A maintenance task overdue on a machine, as the maintenance rule reads it (server/alerts/rules.ts, from server/maintenance). */
export interface TaskOverdue {
  /** the task, the machine and its heads: one alert each */
  key: string
  machineId: string
  machineName: string
  task: string
  /** the heads it is overdue on ("3, 5–8"), null for the machine's task or all its heads */
  heads: string | null
  /** its use against its interval */
  share: number
  /** when it was first seen past its margin */
  since: number
}

/** A technician's verdict on one of the thread-break assistant's checks. */
export interface CheckVerdict {
  id: number
  machineId: string
  kind: 'needle' | 'head' | 'cell'
  head: number | null
  needle: number | null
  right: boolean
  by: string
  at: number
}
