import type { StateInterval } from '../../src/lib/domain'
import type { GivenReason } from '../../src/lib/stop-parts'
import {
  defaultStopSettings,
  type PlannedScope,
  type PlannedStop,
  type StopSettings,
} from '../../src/lib/stop-reasons'
import type { Db, Tx } from '../history/db'
import { iso, ms } from '../history/store'
import { storedSettings } from './settings'

/** One line of the log: a write with who and when, before and after. */
export interface StopLogEntry {
  id: number
  action: 'reason' | 'split' | 'planned' | 'cancel-planned' | 'settings'
  machineId: string | null
  start: number | null
  before: unknown
  after: unknown
  by: string
  at: number
}

const json = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value)

/** The reasons' tables (migration 5): settings, planned stops, the reasons given, splits and the log. */
export class StopStore {
  constructor(readonly db: Db) {}

  async settings(): Promise<{ settings: StopSettings; updatedAt: number | null; updatedBy: string | null }> {
    const [row] = await this.db.query<Record<string, unknown>>('select * from stop_settings where id = 1')
    if (!row) return { settings: defaultStopSettings(), updatedAt: null, updatedBy: null }
    return {
      settings: storedSettings(json(row.settings)),
      updatedAt: ms(row.updated_at),
      updatedBy: String(row.updated_by),
    }
  }

  async saveSettings(settings: StopSettings, by: string, at: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.query<Record<string, unknown>>(
        'select settings from stop_settings where id = 1 for update',
      )
      await tx.query(
        `insert into stop_settings (id, settings, updated_at, updated_by) values (1, $1, $2, $3)
         on conflict (id) do update set settings = excluded.settings, updated_at = excluded.updated_at,
           updated_by = excluded.updated_by`,
        [JSON.stringify(settings), iso(at), by],
      )
      await log(tx, 'settings', null, null, row ? json(row.settings) : null, settings, by, at)
    })
  }

  /** Planned stops not cancelled that end after `from` and start before `till`. */
  async planned(from: number, till: number): Promise<PlannedStop[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select * from planned_stops where cancelled_at is null and ends_at > $1 and starts_at < $2
       order by starts_at, id`,
      [iso(from), iso(till)],
    )
    return rows.map(plannedOf)
  }

  /** A planned stop not cancelled, by its ID; undefined when there is none. */
  async plannedById(id: number): Promise<PlannedStop | undefined> {
    const [row] = await this.db.query<Record<string, unknown>>(
      'select * from planned_stops where id = $1 and cancelled_at is null',
      [id],
    )
    return row ? plannedOf(row) : undefined
  }

  async addPlanned(p: Omit<PlannedStop, 'id' | 'at'>, at: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `insert into planned_stops (scope, reason, starts_at, ends_at, note, created_by, created_at)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [JSON.stringify(p.scope), p.reason, iso(p.from), iso(p.till), p.note, p.by, iso(at)],
      )
      const id = Number(row!.id)
      await log(tx, 'planned', null, null, null, { id, ...p }, p.by, at)
      return id
    })
  }

  /** Cancels a planned stop; false when there is none (or it was cancelled already). */
  async cancelPlanned(id: number, by: string, at: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<Record<string, unknown>>(
        `update planned_stops set cancelled_by = $2, cancelled_at = $3
         where id = $1 and cancelled_at is null returning id, reason, starts_at, ends_at`,
        [id, by, iso(at)],
      )
      if (rows.length === 0) return false
      await log(tx, 'cancel-planned', null, null, { id }, null, by, at)
      return true
    })
  }

  /** The reasons given to parts of `machines` (all when null) that start in [from, till). */
  async given(machines: readonly string[] | null, from: number, till: number): Promise<GivenReason[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select * from stop_reasons_given where starts_at >= $1 and starts_at < $2
       ${machines ? 'and machine_id = any($3)' : ''}`,
      machines ? [iso(from), iso(till), machines] : [iso(from), iso(till)],
    )
    return rows.map(givenOf)
  }

  async splits(
    machines: readonly string[] | null,
    from: number,
    till: number,
  ): Promise<Array<{ machineId: string; at: number }>> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select machine_id, at from stop_splits where at >= $1 and at < $2
       ${machines ? 'and machine_id = any($3)' : ''}`,
      machines ? [iso(from), iso(till), machines] : [iso(from), iso(till)],
    )
    return rows.map((r) => ({ machineId: String(r.machine_id), at: ms(r.at)! }))
  }

  /** Gives (or changes) the reason of the part of `machineId` starting at `start`, in one transaction with
   * its log line; returns what it replaced. Two people at once: both are logged, the later one holds. */
  async give(reason: Omit<GivenReason, 'at'>, at: number): Promise<GivenReason | null> {
    return this.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [
        `stop:${reason.machineId}:${reason.start}`,
      ])
      const [row] = await tx.query<Record<string, unknown>>(
        'select * from stop_reasons_given where machine_id = $1 and starts_at = $2',
        [reason.machineId, iso(reason.start)],
      )
      const before = row ? givenOf(row) : null
      await tx.query(
        `insert into stop_reasons_given (machine_id, starts_at, reason, comment, given_by, given_at)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (machine_id, starts_at) do update set reason = excluded.reason, comment = excluded.comment,
           given_by = excluded.given_by, given_at = excluded.given_at`,
        [reason.machineId, iso(reason.start), reason.reason, reason.comment, reason.by, iso(at)],
      )
      const after = { reason: reason.reason, comment: reason.comment }
      await log(
        tx,
        'reason',
        reason.machineId,
        reason.start,
        before && { reason: before.reason, comment: before.comment, by: before.by },
        after,
        reason.by,
        at,
      )
      return before
    })
  }

  /** Many reasons at once with their log lines (the demo's record), none replacing one given. */
  async seed(reasons: readonly GivenReason[]): Promise<void> {
    if (reasons.length === 0) return
    const column = <T>(f: (r: GivenReason) => T) => reasons.map(f)
    await this.db.transaction(async (tx) => {
      await tx.query(
        `insert into stop_reasons_given (machine_id, starts_at, reason, comment, given_by, given_at)
         select * from unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
         on conflict do nothing`,
        [
          column((r) => r.machineId),
          column((r) => iso(r.start)),
          column((r) => r.reason),
          column((r) => r.comment),
          column((r) => r.by),
          column((r) => iso(r.at)),
        ],
      )
      await tx.query(
        `insert into stop_log (action, machine_id, starts_at, before, after, by, at)
         select 'reason', m, s, null, jsonb_build_object('reason', r, 'comment', null), b, a
         from unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::timestamptz[]) as x(m, s, r, b, a)`,
        [
          column((r) => r.machineId),
          column((r) => iso(r.start)),
          column((r) => r.reason),
          column((r) => r.by),
          column((r) => iso(r.at)),
        ],
      )
    })
  }

  /** Splits a stop at `at`; false when it was split there already. */
  async split(machineId: string, start: number, splitAt: number, by: string, at: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query(
        `insert into stop_splits (machine_id, at, split_by, split_at) values ($1, $2, $3, $4)
         on conflict do nothing returning at`,
        [machineId, iso(splitAt), by, iso(at)],
      )
      if (rows.length === 0) return false
      await log(tx, 'split', machineId, start, null, { at: splitAt }, by, at)
      return true
    })
  }

  /** The log of the parts of one machine's stop (its start and any split within [start, end]). */
  async logOf(machineId: string, from: number, till: number): Promise<StopLogEntry[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select * from stop_log where machine_id = $1 and starts_at >= $2 and starts_at <= $3 order by at, id limit 200`,
      [machineId, iso(from), iso(till)],
    )
    return rows.map(logOf)
  }

  /** The latest writes of every kind (the settings page's record). */
  async recentLog(limit = 50): Promise<StopLogEntry[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      'select * from stop_log order by at desc, id desc limit $1',
      [limit],
    )
    return rows.map(logOf)
  }

  /** Forgets what is older than the history (HISTORY_DAYS): reasons and splits of stops that began before
   * `before`, log lines written before it, planned stops that ended before it. Returns the rows removed. */
  async prune(before: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      let removed = 0
      for (const sql of [
        'delete from stop_reasons_given where starts_at < $1 returning 1',
        'delete from stop_splits where at < $1 returning 1',
        'delete from stop_log where at < $1 returning 1',
        'delete from planned_stops where ends_at < $1 returning 1',
      ])
        removed += (await tx.query(sql, [iso(before)])).length
      return removed
    })
  }

  /** The history's intervals of `machines` overlapping [from, till), in the domain's words. */
  async intervals(
    machines: readonly string[] | null,
    from: number,
    till: number,
  ): Promise<Map<string, StateInterval[]>> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select machine_id, code, turning, reporting, design_id, started_at, ended_at, seen_since from state_intervals
       where started_at < $2 and (ended_at is null or ended_at > $1) ${machines ? 'and machine_id = any($3)' : ''}
       order by machine_id, started_at`,
      machines ? [iso(from), iso(till), machines] : [iso(from), iso(till)],
    )
    const byMachine = new Map<string, StateInterval[]>()
    for (const r of rows) {
      const id = String(r.machine_id)
      const interval: StateInterval = {
        start: ms(r.started_at)!,
        end: ms(r.ended_at),
        code: r.code === null ? null : Number(r.code),
        turning: Boolean(r.turning),
        reporting: Boolean(r.reporting),
        designId: (r.design_id as string | null) ?? null,
        atLeast: Boolean(r.seen_since),
      }
      const list = byMachine.get(id)
      if (list) list.push(interval)
      else byMachine.set(id, [interval])
    }
    return byMachine
  }
}

async function log(
  tx: Tx,
  action: StopLogEntry['action'],
  machineId: string | null,
  start: number | null,
  before: unknown,
  after: unknown,
  by: string,
  at: number,
) {
  await tx.query(
    `insert into stop_log (action, machine_id, starts_at, before, after, by, at) values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      action,
      machineId,
      start === null ? null : iso(start),
      before === null ? null : JSON.stringify(before),
      after === null ? null : JSON.stringify(after),
      by,
      iso(at),
    ],
  )
}

function givenOf(r: Record<string, unknown>): GivenReason {
  return {
    machineId: String(r.machine_id),
    start: ms(r.starts_at)!,
    reason: String(r.reason),
    comment: (r.comment as string | null) ?? null,
    by: String(r.given_by),
    at: ms(r.given_at)!,
  }
}

function logOf(r: Record<string, unknown>): StopLogEntry {
  return {
    id: Number(r.id),
    action: r.action as StopLogEntry['action'],
    machineId: (r.machine_id as string | null) ?? null,
    start: ms(r.starts_at),
    before: r.before === null ? null : json(r.before),
    after: r.after === null ? null : json(r.after),
    by: String(r.by),
    at: ms(r.at)!,
  }
}

const plannedOf = (r: Record<string, unknown>): PlannedStop => ({
  id: Number(r.id),
  scope: json(r.scope) as PlannedScope,
  reason: String(r.reason),
  from: ms(r.starts_at)!,
  till: ms(r.ends_at)!,
  note: (r.note as string | null) ?? null,
  by: String(r.created_by),
  at: ms(r.created_at)!,
})
