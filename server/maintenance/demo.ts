import type { MachineFacts } from '../../src/api/contract/to-domain'
import { applies, type UseCount } from '../../src/lib/maintenance'
import type { Db } from '../history/db'
import { iso, ms } from '../history/store'
import { insertSignOff, type MaintenanceStore } from './store'

const HOUR = 3_600_000
const DAY = 86_400_000
/** The share of its interval each demo machine's task has used, by the machine's place on the board: most
 * are well within, a few due soon and a few overdue, so a newcomer sees each. */
const SHARES = [
  0.35, 0.62, 0.21, 0.48, 0.71, 0.3, 0.55, 0.83, 0.4, 0.66, 0.12, 0.94, 0.27, 0.58, 0.44, 0.76, 0.18, 0.5,
  0.68, 0.33, 0.61, 1.04, 0.25, 0.8,
]

/**
 * The demo factory's maintenance (issue 53): its machines' use over the days recorded at its first start
 * (the turning intervals, and the stitches at each machine's set speed), and a past sign-off of every task
 * on every machine, so that some are due soon and some overdue. One machine had a head's needles changed
 * on its own.
 */
export async function seedDemoMaintenance(
  db: Db,
  store: MaintenanceStore,
  facts: ReadonlyMap<string, MachineFacts>,
  from: number,
  till: number,
): Promise<void> {
  const rows = await db.query<Record<string, unknown>>(
    `select machine_id, started_at, coalesce(ended_at, $2) as ended_at from state_intervals
     where turning and reporting and started_at < $2 and coalesce(ended_at, $2) > $1 order by machine_id, started_at`,
    [iso(from), iso(till)],
  )
  const spans = new Map<string, Array<[number, number]>>()
  for (const r of rows) {
    const id = String(r.machine_id)
    const span: [number, number] = [Math.max(from, ms(r.started_at)!), Math.min(till, ms(r.ended_at)!)]
    const list = spans.get(id)
    if (list) list.push(span)
    else spans.set(id, [span])
  }
  const machines = [...facts.entries()].sort(([a], [b]) => a.localeCompare(b))
  const speedOf = (m: MachineFacts) => (m.setSpeed ?? 800) * 0.85
  /** the machine's use from `from` to `at` */
  const usedBy = (id: string, m: MachineFacts, at: number): UseCount => {
    let runningMs = 0
    for (const [start, end] of spans.get(id) ?? []) runningMs += Math.max(0, Math.min(end, at) - start)
    return { runningMs, stitches: Math.round((runningMs / 60_000) * speedOf(m)), unrecordedMs: 0 }
  }
  /** the moment before `till` since which the machine ran `runningMs` (from, when it ran less) */
  const ranSince = (id: string, runningMs: number) => {
    let left = runningMs
    for (const [start, end] of [...(spans.get(id) ?? [])].reverse()) {
      if (end - start >= left) return end - left
      left -= end - start
    }
    return from
  }
  await db.transaction(async (tx) => {
    for (const [id, m] of machines) {
      const use = usedBy(id, m, till)
      await tx.query(
        `insert into machine_use (machine_id, running_ms, stitches, unrecorded_ms, counted_since, counted_until)
         values ($1, $2, $3, 0, $4, $5) on conflict (machine_id) do nothing`,
        [id, use.runningMs, use.stitches, iso(from), iso(till)],
      )
    }
  })
  const tasks = await store.tasks()
  for (const [index, [id, m]] of machines.entries()) {
    for (const [t, task] of tasks.entries()) {
      if (!applies(task.scope, { id, locationId: m.locationId })) continue
      // one machine's hooks well past their margin: the maintenance alert at work
      const share =
        index === 2 && task.name === 'Oil the rotary hooks'
          ? 1.3
          : SHARES[(index * 5 + t * 11) % SHARES.length]!
      const { kind, value } = task.interval
      // the defaults only: none is by breaks or once
      if (kind === 'breaks' || kind === 'once') continue
      const at = Math.round(
        kind === 'days'
          ? till - share * value * DAY
          : kind === 'hours'
            ? ranSince(id, share * value * HOUR)
            : ranSince(id, ((share * value) / speedOf(m)) * 60_000),
      )
      const heads = task.per === 'head' && index === 1 && m.heads ? [3] : null
      await insertSignOff(
        db,
        { taskId: task.id, machineId: id, heads: null, note: '', by: 'Demo technician' },
        Math.min(at, till - 60_000),
        usedBy(id, m, at),
      )
      if (heads)
        await insertSignOff(
          db,
          { taskId: task.id, machineId: id, heads, note: 'Needle strike on head 3', by: 'Demo technician' },
          till - 2 * HOUR,
          usedBy(id, m, till - 2 * HOUR),
        )
    }
  }
}
