import {
  type CheckVerdict,
  DEFAULT_TASKS,
  type MaintenanceTask,
  type SignOff,
  type TaskInterval,
  type TaskScope,
  type UseCount,
} from '../../src/lib/maintenance'
import type { Db, Tx } from '../history/db'
import { type MachineUse, machineUse } from '../history/machine-use'
import { iso, ms } from '../history/store'

/** A refusal with its HTTP status, in words. */
export class MaintenanceError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message)
  }
}

/** A task as a person enters it. */
export interface TaskInput {
  name: string
  scope: TaskScope
  per: MaintenanceTask['per']
  interval: TaskInterval
  note: string
}

/** A counted sign-off with the machine's use at it. */
export type CountedSignOff = SignOff & { use: UseCount }

/** Most tasks kept (removed ones aside). */
export const MAX_TASKS = 200

const taskOf = (r: Record<string, unknown>): MaintenanceTask & { createdAt: number } => ({
  id: Number(r.id),
  name: String(r.name),
  scope: (typeof r.scope === 'string' ? JSON.parse(r.scope) : r.scope) as TaskScope,
  per: r.per as MaintenanceTask['per'],
  interval: { kind: r.interval_kind as TaskInterval['kind'], value: Number(r.interval_value) },
  note: String(r.note),
  version: Number(r.version),
  updatedAt: ms(r.updated_at)!,
  updatedBy: String(r.updated_by),
  createdAt: ms(r.created_at)!,
})

const signOffOf = (r: Record<string, unknown>): CountedSignOff => ({
  id: Number(r.id),
  taskId: Number(r.task_id),
  machineId: String(r.machine_id),
  head: r.head === null ? null : Number(r.head),
  at: ms(r.at)!,
  by: String(r.by),
  note: String(r.note),
  counted: Boolean(r.counted),
  start: Boolean(r.start),
  use: {
    runningMs: Number(r.running_ms),
    stitches: Number(r.stitches),
    unrecordedMs: Number(r.unrecorded_ms),
  },
})

/** The maintenance tasks and their sign-offs (issue 53), on the history's database. */
export class MaintenanceStore {
  constructor(readonly db: Db) {}

  /** The published defaults, on a database that never had a task. */
  async seedDefaults(now: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.query('lock table maintenance_tasks in exclusive mode')
      const [any] = await tx.query('select 1 from maintenance_tasks limit 1')
      if (any) return false
      for (const task of DEFAULT_TASKS)
        await insertTask(tx, { ...task, scope: { all: true }, note: '' }, 'stitchboard', now)
      return true
    })
  }

  /** The tasks in force, by name. */
  async tasks(): Promise<Array<MaintenanceTask & { createdAt: number }>> {
    const rows = await this.db.query<Record<string, unknown>>(
      'select * from maintenance_tasks where removed_at is null order by lower(name), id',
    )
    return rows.map(taskOf)
  }

  async create(input: TaskInput, by: string, now: number): Promise<MaintenanceTask> {
    return this.db.transaction((tx) => createIn(tx, input, by, now))
  }

  /** A check of the thread-break assistant made a task: once, on its machine, within `days`. The same check
   * made a task again while it waits is that task (`made: false`), so two people tapping at once make one. */
  async fromCheck(
    check: { machineId: string; name: string; note: string; days: number },
    by: string,
    now: number,
  ): Promise<{ task: MaintenanceTask; made: boolean }> {
    return this.db.transaction(async (tx) => {
      await tx.query('lock table maintenance_tasks in exclusive mode')
      const [waiting] = await tx.query<Record<string, unknown>>(
        `select * from maintenance_tasks t where removed_at is null and interval_kind = 'once' and name = $1
           and scope = $2::jsonb and not exists (select 1 from maintenance_signoffs s
             where s.task_id = t.id and s.counted and not s.start)
         order by id limit 1`,
        [check.name, JSON.stringify({ machineIds: [check.machineId] })],
      )
      if (waiting) return { task: taskOf(waiting), made: false }
      const input: TaskInput = {
        name: check.name,
        scope: { machineIds: [check.machineId] },
        per: 'machine',
        interval: { kind: 'once', value: check.days },
        note: check.note,
      }
      return { task: await createIn(tx, input, by, now), made: true }
    })
  }

  /** Changes a task (or removes it: `input` null), refused when someone changed it since `version`. */
  async update(
    id: number,
    version: number,
    input: TaskInput | null,
    by: string,
    now: number,
  ): Promise<MaintenanceTask | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<Record<string, unknown>>(
        'select * from maintenance_tasks where id = $1 and removed_at is null for update',
        [id],
      )
      if (!row) throw new MaintenanceError(404, `There is no task ${id}: someone may have removed it`)
      const task = taskOf(row)
      if (task.version !== version)
        throw new MaintenanceError(
          409,
          `“${task.name}” was changed by ${task.updatedBy} at ${iso(task.updatedAt)} meanwhile: look at the change and make yours again`,
        )
      if (input === null) {
        await tx.query(
          'update maintenance_tasks set removed_at = $2, updated_at = $2, updated_by = $3, version = version + 1 where id = $1',
          [id, iso(now), by],
        )
        return null
      }
      const [changed] = await tx.query<Record<string, unknown>>(
        `update maintenance_tasks set name = $2, scope = $3, per = $4, interval_kind = $5, interval_value = $6,
           note = $7, updated_at = $8, updated_by = $9, version = version + 1 where id = $1 returning *`,
        [
          id,
          input.name,
          JSON.stringify(input.scope),
          input.per,
          input.interval.kind,
          input.interval.value,
          input.note,
          iso(now),
          by,
        ],
      )
      return taskOf(changed!)
    })
  }

  /** The last counted sign-off of each task, machine and head. */
  async lastSignOffs(): Promise<CountedSignOff[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select distinct on (task_id, machine_id, head) * from maintenance_signoffs where counted
       order by task_id, machine_id, head, at desc, id desc`,
    )
    return rows.map(signOffOf)
  }

  /** Sign-offs since `from` (Unix ms), newest first, at most `limit`. */
  async signOffsSince(from: number, limit: number): Promise<SignOff[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      'select * from maintenance_signoffs where at >= $1 and not start order by at desc, id desc limit $2',
      [iso(from), limit],
    )
    return rows.map((r) => {
      const { use: _use, ...signOff } = signOffOf(r)
      return signOff
    })
  }

  /** The counted sign-offs in [from, till) (Unix ms), oldest first, at most `limit`. */
  async signOffsBetween(from: number, till: number, limit: number): Promise<SignOff[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      'select * from maintenance_signoffs where counted and not start and at >= $1 and at < $2 order by at, id limit $3',
      [iso(from), iso(till), limit],
    )
    return rows.map((r) => {
      const { use: _use, ...signOff } = signOffOf(r)
      return signOff
    })
  }

  /** The machines' counted use now. */
  use(): Promise<Map<string, MachineUse>> {
    return machineUse(this.db)
  }

  /**
   * Signs a task off on a machine (all its heads, or the heads given), resetting its count. `seen`: the last
   * sign-off the person saw there (null: none). When someone signed it off since, this one is kept but not
   * counted, and the answer says who was first.
   */
  async signOff(
    input: { taskId: number; machineId: string; heads: number[] | null; note: string; seen: number | null },
    by: string,
    now: number,
  ): Promise<{ signOffs: SignOff[]; first: SignOff | null }> {
    return this.db.transaction(async (tx) => {
      const [task] = await tx.query<Record<string, unknown>>(
        'select * from maintenance_tasks where id = $1 and removed_at is null for update',
        [input.taskId],
      )
      if (!task)
        throw new MaintenanceError(404, `There is no task ${input.taskId}: someone may have removed it`)
      const [use] = await tx.query<Record<string, unknown>>(
        'select running_ms, stitches, unrecorded_ms from machine_use where machine_id = $1',
        [input.machineId],
      )
      if (!use)
        throw new MaintenanceError(
          409,
          `The task cannot be signed off on ${input.machineId}: stitchboard has not counted that machine's use yet`,
        )
      const heads: Array<number | null> = taskOf(task).per === 'machine' ? [null] : (input.heads ?? [null])
      const [last] = await tx.query<Record<string, unknown>>(
        `select * from maintenance_signoffs where task_id = $1 and machine_id = $2 and counted
           and (head is null or $3::int[] is null or head = any($3::int[]))
         order by at desc, id desc limit 1`,
        [input.taskId, input.machineId, heads.includes(null) ? null : heads],
      )
      // counted when nobody signed it off since the sign-off the person saw (one of several heads' rows, so
      // compared by time)
      const [seenRow] =
        input.seen === null
          ? []
          : await tx.query<{ at: unknown }>('select at from maintenance_signoffs where id = $1', [input.seen])
      const seenAt = seenRow ? ms(seenRow.at) : null
      const counted = !last || (seenAt !== null && ms(last.at)! <= seenAt)
      const rows = await tx.query<Record<string, unknown>>(
        `insert into maintenance_signoffs (task_id, machine_id, head, at, by, note, running_ms, stitches, unrecorded_ms, counted)
         select $1, $2, h, $4, $5, $6, $7, $8, $9, $10 from unnest($3::int[]) as h returning *`,
        [
          input.taskId,
          input.machineId,
          heads,
          iso(now),
          by,
          input.note,
          use.running_ms,
          use.stitches,
          use.unrecorded_ms,
          counted,
        ],
      )
      const strip = (r: Record<string, unknown>): SignOff => {
        const { use: _use, ...signOff } = signOffOf(r)
        return signOff
      }
      return { signOffs: rows.map(strip), first: counted || !last ? null : strip(last) }
    })
  }
}

/** The verdicts kept: a year, and at most this many listed. */
const VERDICT_DAYS = 365
const MAX_VERDICTS = 1000

/** The assistant's verdicts: each one kept, the latest of each check shown, and the score. */
export async function recordVerdict(
  db: Db,
  input: Omit<CheckVerdict, 'id' | 'at'>,
  at: number,
): Promise<CheckVerdict> {
  const [row] = await db.query<Record<string, unknown>>(
    `insert into break_check_verdicts (machine_id, kind, head, needle, right_check, by, at)
     values ($1, $2, $3, $4, $5, $6, $7) returning *`,
    [input.machineId, input.kind, input.head, input.needle, input.right, input.by, iso(at)],
  )
  return verdictOf(row!)
}

/** The verdicts of the last year, newest first (at most MAX_VERDICTS), and the score over all of them. */
export async function verdicts(
  db: Db,
  now: number,
): Promise<{ verdicts: CheckVerdict[]; right: number; wrong: number }> {
  const from = iso(now - VERDICT_DAYS * 86_400_000)
  await db.query('delete from break_check_verdicts where at < $1', [from])
  const rows = await db.query<Record<string, unknown>>(
    'select * from break_check_verdicts order by at desc, id desc limit $1',
    [MAX_VERDICTS],
  )
  const [score] = await db.query<{ right: string; wrong: string }>(
    `select count(*) filter (where right_check) as right, count(*) filter (where not right_check) as wrong
     from break_check_verdicts`,
  )
  return { verdicts: rows.map(verdictOf), right: Number(score?.right ?? 0), wrong: Number(score?.wrong ?? 0) }
}

const verdictOf = (r: Record<string, unknown>): CheckVerdict => ({
  id: Number(r.id),
  machineId: String(r.machine_id),
  kind: r.kind as CheckVerdict['kind'],
  head: r.head === null ? null : Number(r.head),
  needle: r.needle === null ? null : Number(r.needle),
  right: Boolean(r.right_check),
  by: String(r.by),
  at: ms(r.at)!,
})

/** A sign-off as the demo's past has it: at a moment, with the machine's use then (./demo.ts). */
export async function insertSignOff(
  db: Db,
  input: { taskId: number; machineId: string; heads: number[] | null; note: string; by: string },
  at: number,
  use: UseCount,
): Promise<void> {
  await db.query(
    `insert into maintenance_signoffs (task_id, machine_id, head, at, by, note, running_ms, stitches, unrecorded_ms)
     select $1, $2, h, $4, $5, $6, $7, $8, $9 from unnest($3::int[]) as h`,
    [
      input.taskId,
      input.machineId,
      input.heads ?? [null],
      iso(at),
      input.by,
      input.note,
      use.runningMs,
      use.stitches,
      use.unrecordedMs,
    ],
  )
}

async function insertTask(tx: Tx, input: TaskInput, by: string, now: number): Promise<MaintenanceTask> {
  const [row] = await tx.query<Record<string, unknown>>(
    `insert into maintenance_tasks (name, scope, per, interval_kind, interval_value, note, created_at, created_by,
       updated_at, updated_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $7, $8) returning *`,
    [
      input.name,
      JSON.stringify(input.scope),
      input.per,
      input.interval.kind,
      input.interval.value,
      input.note,
      iso(now),
      by,
    ],
  )
  return taskOf(row!)
}

/** Adds a task in the caller's transaction: refused past MAX_TASKS (a task once that was done counts no
 * more); its count starts now on every machine counted so far, from the machine's use now. */
async function createIn(tx: Tx, input: TaskInput, by: string, now: number): Promise<MaintenanceTask> {
  await tx.query('lock table maintenance_tasks in exclusive mode')
  const [count] = await tx.query<{ n: string }>(
    `select count(*) as n from maintenance_tasks t where removed_at is null
       and not (interval_kind = 'once' and exists (select 1 from maintenance_signoffs s
         where s.task_id = t.id and s.counted and not s.start))`,
  )
  if (Number(count?.n) >= MAX_TASKS)
    throw new MaintenanceError(
      409,
      `The task cannot be added: there are ${MAX_TASKS} tasks already, the most kept; remove one first`,
    )
  const task = await insertTask(tx, input, by, now)
  await tx.query(
    `insert into maintenance_signoffs (task_id, machine_id, head, at, by, note, running_ms, stitches, unrecorded_ms, start)
     select $1, machine_id, null, $2, $3, '', running_ms, stitches, unrecorded_ms, true from machine_use`,
    [task.id, iso(now), by],
  )
  return task
}
