import type { RejectsRow, TargetRow, TargetScope } from '../../src/lib/plan-targets'
import type { Db } from '../history/db'
import { iso, ms } from '../history/store'

const json = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value)
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value))
/** a `date` column as YYYY-MM-DD, whichever way the driver hands it over */
const dayOf = (value: unknown) =>
  value instanceof Date
    ? `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`
    : String(value).slice(0, 10)

/** The plan's tables (migration 6): targets with their history, rejects per shift. Rows are only added:
 * each is its own record of who and when. */
export class PlanStore {
  constructor(readonly db: Db) {}

  async targets(): Promise<TargetRow[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      'select * from plan_targets order by valid_from desc, id desc limit 10000',
    )
    // the newest within the bound, handed over oldest first
    return rows.reverse().map((r) => ({
      id: Number(r.id),
      shift: String(r.shift),
      weekday: numberOrNull(r.weekday),
      scope: json(r.scope) as TargetScope,
      pieces: numberOrNull(r.pieces),
      stitches: numberOrNull(r.stitches),
      validFrom: ms(r.valid_from)!,
      by: String(r.set_by),
      at: ms(r.set_at)!,
    }))
  }

  async addTarget(row: Omit<TargetRow, 'id'>): Promise<TargetRow> {
    const [saved] = await this.db.query<{ id: unknown }>(
      `insert into plan_targets (shift, weekday, scope, pieces, stitches, valid_from, set_by, set_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [
        row.shift,
        row.weekday,
        JSON.stringify(row.scope),
        row.pieces,
        row.stitches,
        iso(row.validFrom),
        row.by,
        iso(row.at),
      ],
    )
    return { ...row, id: Number(saved!.id) }
  }

  /** Rejects entered for shifts that started on the days `from` … `till` (YYYY-MM-DD). */
  async rejects(from: string, till: string): Promise<RejectsRow[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select id, shift, to_char(day, 'YYYY-MM-DD') as day, location_id, rejects, entered_by, entered_at
       from shift_rejects where day >= $1::date and day <= $2::date order by entered_at desc, id desc limit 20000`,
      [from, till],
    )
    return rows.reverse().map((r) => ({
      id: Number(r.id),
      shift: String(r.shift),
      day: dayOf(r.day),
      locationId: numberOrNull(r.location_id),
      rejects: Number(r.rejects),
      by: String(r.entered_by),
      at: ms(r.entered_at)!,
    }))
  }

  async addRejects(row: Omit<RejectsRow, 'id'>): Promise<RejectsRow> {
    const [saved] = await this.db.query<{ id: unknown }>(
      `insert into shift_rejects (shift, day, location_id, rejects, entered_by, entered_at)
       values ($1, $2::date, $3, $4, $5, $6) returning id`,
      [row.shift, row.day, row.locationId, row.rejects, row.by, iso(row.at)],
    )
    return { ...row, id: Number(saved!.id) }
  }

  /** Rejects of shifts older than `days` go with the history they judge. */
  async pruneOlderThan(day: string): Promise<void> {
    await this.db.query('delete from shift_rejects where day < $1::date', [day])
  }
}
