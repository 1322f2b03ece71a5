import type { ReportCorrection } from '../../src/lib/shift-report-document'
import type { Headline, ReportFigures, ReportKind } from '../../src/lib/shift-report-figures'
import type { Db, Tx } from '../history/db'
import { iso } from '../history/store'

export interface StoredReport {
  id: number
  kind: ReportKind
  /** the shift's name; '' for a day's or a week's summary */
  shift: string
  /** the day it starts (YYYY-MM-DD, factory time) */
  day: string
  start: number
  end: number
  builtAt: number
  builtBy: string
  figures: ReportFigures
}

export type ListedReport = Omit<StoredReport, 'figures'> & { result: Headline; corrections: number }

const ms = (value: unknown) => new Date(value as string | Date).getTime()
/** a date column read as text (YYYY-MM-DD): a Date would be the process's local midnight */
const dayOf = (value: unknown) => String(value).slice(0, 10)
/** jsonb comes back parsed from a server, as text from some drivers */
const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value)

/** The reports in PostgreSQL: one per shift occurrence (and per day and week summarised), never changed
 * once built; what changed afterwards is kept beside them as corrections. */
export class ReportStore {
  constructor(private readonly db: Db) {}

  /** Keeps a report unless one of that shift (or day, or week) exists (another instance built it): its id
   * when this one was kept, else null. `then` runs in the same transaction (its messages are queued with it:
   * a report is never kept without them). */
  async add(
    report: Omit<StoredReport, 'id'>,
    then?: (id: number, tx: Tx) => Promise<void>,
  ): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string }>(
        `insert into shift_reports (kind, shift, day, starts_at, ends_at, figures, built_at, built_by)
         values ($1, $2, $3::date, $4, $5, $6::jsonb, $7, $8)
         on conflict (kind, shift, day) do nothing returning id`,
        [
          report.kind,
          report.shift,
          report.day,
          iso(report.start),
          iso(report.end),
          JSON.stringify(report.figures),
          iso(report.builtAt),
          report.builtBy,
        ],
      )
      const id = rows[0] ? Number(rows[0].id) : null
      if (id !== null) await then?.(id, tx)
      return id
    })
  }

  /** Whether the report of a kind, shift ('' for a summary) and day (YYYY-MM-DD) is built. */
  async has(kind: ReportKind, shift: string, day: string): Promise<boolean> {
    const rows = await this.db.query(
      'select 1 from shift_reports where kind = $1 and shift = $2 and day = $3::date limit 1',
      [kind, shift, day],
    )
    return rows.length > 0
  }

  /** The reports of a kind (name and day) among those starting from … till (Unix ms). */
  async builtBetween(from: number, till: number, kind: ReportKind = 'shift'): Promise<Set<string>> {
    const rows = await this.db.query<{ shift: string; day: unknown }>(
      'select shift, day::text as day from shift_reports where kind = $3 and starts_at >= $1 and starts_at < $2 limit 1000',
      [iso(from), iso(till), kind],
    )
    return new Set(rows.map((r) => `${r.shift}@${dayOf(r.day)}`))
  }

  /** The reports starting on the days from … till (YYYY-MM-DD), newest day first, a day's summaries (and a
   * week's, on its Monday) above its shifts, with their headline and how many corrections each has had. */
  async list(
    from: string,
    till: string,
    kinds: readonly ReportKind[] = ['shift', 'day', 'week'],
  ): Promise<ListedReport[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select id, kind, shift, day::text as day, starts_at, ends_at, built_at, built_by, figures -> 'result' as result,
         (select count(*) from shift_report_corrections c where c.report_id = r.id) as corrections
       from shift_reports r where day >= $1::date and day <= $2::date and kind = any($3::text[])
       order by day desc, case kind when 'week' then 0 when 'day' then 1 else 2 end, starts_at desc, id desc
       limit 1000`,
      [from, till, [...kinds]],
    )
    return rows.map((r) => ({
      ...this.headOf(r),
      result: parsed(r.result) as Headline,
      corrections: Number(r.corrections),
    }))
  }

  async get(id: number): Promise<(StoredReport & { corrections: ReportCorrection[] }) | null> {
    const [row] = await this.db.query<Record<string, unknown>>(
      'select *, day::text as day from shift_reports where id = $1',
      [id],
    )
    if (!row) return null
    return {
      ...this.headOf(row),
      figures: parsed(row.figures) as ReportFigures,
      corrections: await this.corrections(id),
    }
  }

  /** The shift reports (with figures) starting in [from, till) (Unix ms), oldest first: what a day's and a
   * week's summary add up. */
  async shiftsBetween(from: number, till: number): Promise<StoredReport[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select *, day::text as day from shift_reports where kind = 'shift' and starts_at >= $1 and starts_at < $2
       order by starts_at, id limit 100`,
      [iso(from), iso(till)],
    )
    return rows.map((r) => ({ ...this.headOf(r), figures: parsed(r.figures) as ReportFigures }))
  }

  /** The most recent report of a kind (the settings' "send it now"). */
  async latest(kind: ReportKind): Promise<Omit<StoredReport, 'figures'> | null> {
    const [row] = await this.db.query<Record<string, unknown>>(
      'select id, kind, shift, day::text as day, starts_at, ends_at, built_at, built_by from shift_reports where kind = $1 order by starts_at desc, id desc limit 1',
      [kind],
    )
    return row ? this.headOf(row) : null
  }

  /** The reports built over a stop part from … till (Unix ms): its shift's, and the day's and week's summing it. */
  async covering(from: number, till: number): Promise<number[]> {
    const rows = await this.db.query<{ id: string }>(
      'select id from shift_reports where starts_at < $2 and ends_at > $1 order by id limit 100',
      [iso(from), iso(till)],
    )
    return rows.map((r) => Number(r.id))
  }

  /** Records a correction to each report a changed stop falls in. */
  async correct(reportIds: readonly number[], c: ReportCorrection & { machineId: string }): Promise<void> {
    for (const id of reportIds)
      await this.db.query(
        `insert into shift_report_corrections (report_id, machine_id, machine_name, stop_start, before, after, by, at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, c.machineId, c.machineName, iso(c.stopStart), c.before, c.after, c.by, iso(c.at)],
      )
  }

  private async corrections(id: number): Promise<ReportCorrection[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      'select * from shift_report_corrections where report_id = $1 order by at, id limit 1000',
      [id],
    )
    return rows.map((r) => ({
      at: ms(r.at),
      by: String(r.by),
      machineName: String(r.machine_name),
      stopStart: ms(r.stop_start),
      before: (r.before as string | null) ?? null,
      after: (r.after as string | null) ?? null,
    }))
  }

  private headOf(r: Record<string, unknown>): Omit<StoredReport, 'figures'> {
    return {
      id: Number(r.id),
      kind: String(r.kind) as ReportKind,
      shift: String(r.shift),
      day: dayOf(r.day),
      start: ms(r.starts_at),
      end: ms(r.ends_at),
      builtAt: ms(r.built_at),
      builtBy: String(r.built_by),
    }
  }
}
