/** Maintenance by use (issue 53): tasks due every so many running hours, stitches, calendar days or thread
 * breaks, counted from stitchboard's own record of each machine (the breaks from the production API) since
 * the task was last signed off there; or once, a number of days after it was made. */

/** `once`: a task done one time on each of its machines, due `value` days after it was made (a check of the
 * thread-break assistant made a task); signed off, it is done there. */
export const INTERVAL_KINDS = ['hours', 'stitches', 'days', 'breaks', 'once'] as const
export type IntervalKind = (typeof INTERVAL_KINDS)[number]

/** The longest interval of each kind: over 10 years, over 10¹⁰ stitches or a million breaks is a typing
 * error. */
export const MAX_INTERVAL: Readonly<Record<IntervalKind, number>> = {
  hours: 87_600,
  stitches: 10_000_000_000,
  days: 3_650,
  breaks: 1_000_000,
  once: 3_650,
}

/** The kinds counted in whole units (a stitch, a break). */
export const WHOLE_KINDS: ReadonlySet<IntervalKind> = new Set(['stitches', 'breaks'])

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
  /** the use since the start, in the interval's unit (hours, stitches, days, breaks; days for a task once) */
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
 * now: `before` and `after` are the machine's counted use then and now; `breaks`, for a task by breaks, the
 * breaks since the start (null: the production API could not tell). A task once is due soon from the start:
 * it is work waiting. */
export function progressOf(
  interval: TaskInterval,
  before: UseCount,
  after: UseCount,
  start: number,
  now: number,
  breaks: number | null = null,
): TaskProgress {
  const used =
    interval.kind === 'hours'
      ? Math.max(0, after.runningMs - before.runningMs) / HOUR
      : interval.kind === 'stitches'
        ? Math.max(0, after.stitches - before.stitches)
        : interval.kind === 'breaks'
          ? (breaks ?? 0)
          : Math.max(0, now - start) / DAY
  const share = used / interval.value
  return {
    used,
    share,
    state: share >= 1 ? 'overdue' : share >= DUE_SOON_SHARE || interval.kind === 'once' ? 'soon' : 'ok',
    left: interval.value - used,
    uncertain:
      interval.kind === 'breaks'
        ? breaks === null
        : (interval.kind === 'hours' || interval.kind === 'stitches') &&
          after.unrecordedMs > before.unrecordedMs,
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

/** The breaks of a machine's heads (null: all of them) since a time, as far as they are known (null: not). */
export type BreaksSince = (machineId: string, heads: readonly number[] | null, since: number) => number | null

/** The entries of a task on a machine: for a head's task, its heads grouped by their last sign-off (all of
 * them in one entry until one is signed off alone); by breaks, each head on its own (each breaks at its own
 * rate). A task once is gone where it was signed off. `signOffs`: the counted ones of this task and machine,
 * newest first, each with the machine's use then; `breaks`: for a task by breaks. */
export function entriesOf(
  task: Pick<MaintenanceTask, 'id' | 'per' | 'interval'>,
  machineId: string,
  heads: number | null,
  signOffs: readonly (SignOff & { use: UseCount })[],
  start: { at: number; use: UseCount },
  now: { at: number; use: UseCount },
  breaks: BreaksSince = () => null,
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
      progress: progressOf(
        task.interval,
        from.use,
        now.use,
        from.at,
        now.at,
        task.interval.kind === 'breaks' ? breaks(machineId, group, from.at) : null,
      ),
    }
  }
  // a task once is gone where it was signed off
  const waiting = (list: TaskEntry[]) =>
    task.interval.kind === 'once' ? list.filter((e) => !e.lastSignOff || e.lastSignOff.start) : list
  if (task.per === 'machine' || heads === null) {
    return waiting([entry(signOffs[0] ?? null, null)])
  }
  // each head's last sign-off: its own, or one of the whole machine (head null) when newer
  // heads signed off together (one sign-off of several heads is a row each, at one time by one person)
  const groups = new Map<string, { last: (SignOff & { use: UseCount }) | null; heads: number[] }>()
  for (let head = 1; head <= heads; head++) {
    const last = signOffs.find((s) => s.head === head || s.head === null) ?? null
    const key = task.interval.kind === 'breaks' ? String(head) : last ? `${last.at} ${last.by}` : ''
    const group = groups.get(key)
    if (group) group.heads.push(head)
    else groups.set(key, { last, heads: [head] })
  }
  return waiting([...groups.values()].map((g) => entry(g.last, g.heads)))
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

/** How many heads a text of headRuns names, for its words' plural: one, or more. */
export const headsInText = (text: string): number => (/^\d+$/.test(text.trim()) ? 1 : 2)

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

/** The thread-break assistant's kinds of check: a needle, a head, one needle on one head (from the breaks by
 * head and needle), the speed and a stretch of a design (from the break log). */
export const CHECK_KINDS = ['needle', 'head', 'cell', 'speed', 'stretch'] as const

/** A technician's verdict on one of the thread-break assistant's checks. */
export interface CheckVerdict {
  id: number
  machineId: string
  kind: (typeof CHECK_KINDS)[number]
  head: number | null
  needle: number | null
  right: boolean
  by: string
  at: number
}
