import type { MachineFacts } from '../../src/api/contract/to-domain'
import {
  applies,
  type BreaksSince,
  entriesOf,
  headRuns,
  type MaintenanceTask,
  type TaskEntry,
  type TaskOverdue,
} from '../../src/lib/maintenance'
import type { MaintenanceFigures, OverdueTask } from '../../src/lib/shift-report-figures'
import { REPORT_TASKS } from '../../src/lib/shift-report-orders'
import type { BreakCounter } from './breaks'
import type { CountedSignOff, MaintenanceStore } from './store'

/** Every task on every machine it applies to, as it stands now. */
export function board(
  tasks: ReadonlyArray<MaintenanceTask & { createdAt: number }>,
  machines: ReadonlyMap<string, Pick<MachineFacts, 'locationId' | 'heads'>>,
  use: ReadonlyMap<
    string,
    { runningMs: number; stitches: number; unrecordedMs: number; countedSince: number }
  >,
  lastSignOffs: readonly CountedSignOff[],
  now: number,
  breaks?: BreaksSince,
): TaskEntry[] {
  const byTaskMachine = new Map<string, CountedSignOff[]>()
  for (const s of lastSignOffs) {
    const key = `${s.taskId} ${s.machineId}`
    const list = byTaskMachine.get(key)
    if (list) list.push(s)
    else byTaskMachine.set(key, [s])
  }
  for (const list of byTaskMachine.values()) list.sort((a, b) => b.at - a.at || b.id - a.id)
  const entries: TaskEntry[] = []
  for (const task of tasks) {
    for (const [id, machine] of machines) {
      const counted = use.get(id)
      if (!counted || !applies(task.scope, { id, locationId: machine.locationId })) continue
      const signOffs = byTaskMachine.get(`${task.id} ${id}`) ?? []
      // never signed off: counted since stitchboard began counting the machine, from nothing
      const start = { at: counted.countedSince, use: { runningMs: 0, stitches: 0, unrecordedMs: 0 } }
      const at = { at: now, use: counted }
      for (const entry of entriesOf(task, id, machine.heads, signOffs, start, at, breaks)) {
        if (entry.lastSignOff === null) entry.progress.uncertain = true
        entries.push(entry)
      }
    }
  }
  return entries
}

/** An entry's or a sign-off's heads as a person reads them ("3, 5–8"); null for the machine's task or all of
 * its heads: the one rule of the wall's list, the alerts and the shift report. */
export function headsText(
  heads: readonly number[] | null,
  machineHeads: number | null | undefined,
): string | null {
  return heads === null || heads.length === 0 || heads.length === machineHeads ? null : headRuns(heads)
}

/** Every task on every machine as it stands now, the tasks by breaks with the breaks since each entry's start
 * (asked of the production API: see ./breaks.ts). */
export async function entriesNow(
  tasks: ReadonlyArray<MaintenanceTask & { createdAt: number }>,
  machines: ReadonlyMap<string, Pick<MachineFacts, 'locationId' | 'heads'>>,
  use: Parameters<typeof board>[2],
  lastSignOffs: readonly CountedSignOff[],
  now: number,
  breaks: BreakCounter | undefined,
): Promise<TaskEntry[]> {
  const first = board(tasks, machines, use, lastSignOffs, now)
  const byBreaks = new Set(tasks.filter((t) => t.interval.kind === 'breaks').map((t) => t.id))
  if (byBreaks.size === 0 || !breaks) return first
  const wanted = first
    .filter((e) => byBreaks.has(e.taskId))
    .map((e) => ({ machineId: e.machineId, since: e.since }))
  return board(tasks, machines, use, lastSignOffs, now, await breaks(wanted))
}

/** How often the maintenance rule works its list out again (the alerts run at every poll). */
const OVERDUE_EVERY_MS = 60_000

/** The tasks overdue by more than `marginShare` of their interval on each machine, for the maintenance
 * alert rule: each with when it was first seen so (kept while it stays overdue). Worked out at most once a
 * minute; when it cannot be (the database, the machines), the last list stands, so the other rules run
 * and no alert clears for it. */
export function maintenanceOverdue(
  store: MaintenanceStore,
  machineFacts: () => Promise<Map<string, MachineFacts>>,
  now: () => number,
  breaks?: BreakCounter,
) {
  const firstSeen = new Map<string, number>()
  let last: { at: number; margin: number; list: TaskOverdue[] } | null = null
  return async (marginShare: number): Promise<TaskOverdue[]> => {
    const at = now()
    if (last && last.margin === marginShare && at - last.at < OVERDUE_EVERY_MS && at >= last.at)
      return last.list
    try {
      const list = await overdueNow(marginShare, at)
      last = { at, margin: marginShare, list }
      return list
    } catch {
      return last?.list ?? []
    }
  }
  async function overdueNow(marginShare: number, at: number): Promise<TaskOverdue[]> {
    const [tasks, use, last, facts] = await Promise.all([
      store.tasks(),
      store.use(),
      store.lastSignOffs(),
      machineFacts(),
    ])
    const names = new Map(tasks.map((t) => [t.id, t.name]))
    const overdue = (await entriesNow(tasks, facts, use, last, at, breaks)).filter(
      (e) => e.progress.share >= marginShare,
    )
    const seen = new Set<string>()
    const result = overdue.map((e) => {
      const machine = facts.get(e.machineId)
      const heads = headsText(e.heads, machine?.heads)
      const key = `maintenance-${e.taskId}-${e.machineId}${heads === null ? '' : `-${e.heads!.join('.')}`}`
      seen.add(key)
      const since = firstSeen.get(key) ?? at
      firstSeen.set(key, since)
      return {
        key,
        machineId: e.machineId,
        machineName: machine?.name ?? e.machineId,
        task: names.get(e.taskId) ?? String(e.taskId),
        heads,
        share: e.progress.share,
        since,
      }
    })
    for (const key of firstSeen.keys()) if (!seen.has(key)) firstSeen.delete(key)
    return result
  }
}

/** Sign-offs a report reads of one shift at most (a row per head). */
const MAX_REPORT_SIGNOFFS = 5000

/** The maintenance of a shift's report: the tasks signed off in [from, till) (heads signed off together in
 * one row) and those overdue now, the most overdue first (src/lib/shift-report-figures.ts). */
export function maintenanceFigures(
  store: MaintenanceStore,
  machineFacts: () => Promise<Map<string, MachineFacts>>,
  now: () => number,
  breaks?: BreakCounter,
) {
  return async (from: number, till: number): Promise<MaintenanceFigures> => {
    const [tasks, use, last, facts, signed] = await Promise.all([
      store.tasks(),
      store.use(),
      store.lastSignOffs(),
      machineFacts(),
      store.signOffsBetween(from, till, MAX_REPORT_SIGNOFFS),
    ])
    const named = new Map(tasks.map((t) => [t.id, t]))
    const machineName = (id: string) => facts.get(id)?.name ?? id
    const headsOf = (machineId: string, heads: number[]) => headsText(heads, facts.get(machineId)?.heads)
    const groups = new Map<
      string,
      { task: string; machineId: string; heads: number[]; at: number; by: string }
    >()
    for (const s of signed) {
      const key = `${s.taskId} ${s.machineId} ${s.at} ${s.by}`
      const group = groups.get(key)
      if (group) {
        if (s.head !== null) group.heads.push(s.head)
      } else
        groups.set(key, {
          task: named.get(s.taskId)?.name ?? String(s.taskId),
          machineId: s.machineId,
          heads: s.head === null ? [] : [s.head],
          at: s.at,
          by: s.by,
        })
    }
    const done = [...groups.values()]
    const at = now()
    const overdue = overdueList(tasks, facts, await entriesNow(tasks, facts, use, last, at, breaks))
    return {
      done: done.slice(0, REPORT_TASKS).map((d) => ({
        task: d.task,
        machine: machineName(d.machineId),
        heads: headsOf(
          d.machineId,
          d.heads.sort((a, b) => a - b),
        ),
        at: d.at,
        by: d.by,
      })),
      doneCount: done.length,
      overdue: overdue.slice(0, REPORT_TASKS),
      overdueCount: overdue.length,
    }
  }
}

/** The tasks overdue now on every machine, the most overdue first, each with its use against its interval
 * and the machine's name: the shift report's list and the wall's. */
export function overdueList(
  tasks: ReadonlyArray<MaintenanceTask>,
  facts: ReadonlyMap<string, Pick<MachineFacts, 'name' | 'heads'>>,
  entries: readonly TaskEntry[],
): OverdueTask[] {
  const named = new Map(tasks.map((t) => [t.id, t]))
  return entries
    .filter((e) => e.progress.state === 'overdue')
    .sort((a, b) => b.progress.share - a.progress.share)
    .map((e) => {
      const task = named.get(e.taskId)!
      const machine = facts.get(e.machineId)
      return {
        task: task.name,
        machine: machine?.name ?? e.machineId,
        heads: headsText(e.heads, machine?.heads),
        kind: task.interval.kind,
        used: e.progress.used,
        interval: task.interval.value,
      }
    })
}
