import { addDays, localDate, localDateKey } from '../../src/lib/factory-time'
import type { PartPlan } from '../../src/lib/shift-plan'
import { shiftWindow } from '../../src/lib/shift-window'
import type { StopExplanation } from '../../src/lib/stop-figures'
import type { NamedShift } from '../../src/lib/time-range'
import type { Db } from '../history/db'
import { iso } from '../history/store'
import type { ShiftDetails, ShiftResult, ShiftResults } from './results'

/** How long after a shift's end its report waits for late data, by default. */
export const REPORT_GRACE_MINUTES = 10
/** How far back a server that was down builds the reports it missed (days of shifts). */
const CATCH_UP_DAYS = 2
/** The best and the worst machines a report names. */
const RANKED = 3
/** A machine is ranked when it ran at least this long in the shift. */
const RANKED_RUN_MS = 15 * 60_000

/** The alerts of a range in figures (the alerts' own `figuresOf`), passed in by the composition. */
export interface AlertFigures {
  alerts: number
  acknowledged: number
  medianResponseSeconds: number | null
  medianRepairSeconds: number | null
}

/** One part's output against its target, and its OEE. */
export interface PartFigures {
  pieces: number | null
  stitches: number | null
  targetPieces: number | null
  targetStitches: number | null
  availability: number | null
  performance: number | null
  quality: number | null
  oee: number | null
}

export interface MachineFigures extends PartFigures {
  machineId: string
  name: string
  runMs: number
}

/** What a shift came to, frozen when its report is built. */
export interface ReportFigures {
  result: ShiftResult
  /** each location (null: machines without one) */
  locations: Array<PartFigures & { locationId: number | null }>
  /** the stop explanation of the shift (src/lib/stop-figures), without its categories */
  stops: Omit<StopExplanation, 'byCategory'>
  /** by OEE (availability × performance without rejects), of machines that ran at least a quarter hour */
  best: MachineFigures[]
  worst: MachineFigures[]
  /** the stop time by the vendor's status code each stop began with, most first (null: no code) */
  byCode: Array<{ code: number | null; ms: number; count: number }>
  /** the longest stops within the shift, longest first */
  longest: Array<{
    machineId: string
    name: string
    start: number
    end: number
    reason: string | null
    code: number | null
  }>
  alerts: AlertFigures
}

export interface StoredReport {
  id: number
  kind: 'shift'
  shift: string
  day: string
  start: number
  end: number
  builtAt: number
  builtBy: string
  figures: ReportFigures
}

const partFigures = (part: PartPlan): PartFigures => ({
  pieces: part.oee.pieces,
  stitches: part.oee.stitches,
  targetPieces: part.pieces?.target.value ?? null,
  targetStitches: part.stitches?.target.value ?? null,
  availability: part.oee.availability,
  performance: part.oee.performance,
  quality: part.oee.quality,
  oee: part.oee.oee,
})

/** A shift's report figures from its details and its alerts: pure, so the same details give the same report. */
export function reportFigures(details: ShiftDetails, alerts: AlertFigures): ReportFigures {
  const { plan, explained, names, result } = details
  const ranked = [...plan.byMachine]
    .filter(([, part]) => part.oee.oee !== null && part.oee.runMs >= RANKED_RUN_MS)
    .map(([machineId, part]) => ({
      machineId,
      name: names.get(machineId) ?? machineId,
      runMs: part.oee.runMs,
      ...partFigures(part),
    }))
    .sort((a, b) => b.oee! - a.oee! || a.name.localeCompare(b.name))
  // the better half (at most three) are the best, the rest from the bottom the worst
  const best = ranked.slice(0, Math.min(RANKED, Math.ceil(ranked.length / 2)))
  const worst = ranked.slice(best.length).reverse().slice(0, RANKED)
  return {
    result,
    locations: [...plan.byLocation]
      .map(([locationId, part]) => ({ locationId, ...partFigures(part) }))
      .sort((a, b) => (a.locationId ?? Number.MAX_SAFE_INTEGER) - (b.locationId ?? Number.MAX_SAFE_INTEGER)),
    stops: (({ byCategory: _, ...stops }) => stops)(explained),
    best,
    worst,
    ...stopsOf(details),
    alerts,
  }
}

/** The longest stops a report lists. */
const LONGEST = 5

/** The shift's stops by the code each began with, and the longest, each cut to the shift. */
function stopsOf({ parts, names, result }: ShiftDetails): Pick<ReportFigures, 'byCode' | 'longest'> {
  const cut = parts
    .map((p) => ({ part: p, start: Math.max(p.start, result.start), end: Math.min(p.end, result.end) }))
    .filter((c) => c.end > c.start)
  const byCode = new Map<number | null, { ms: number; count: number }>()
  for (const { part, start, end } of cut) {
    const code = part.codes[0] ?? null
    const total = byCode.get(code) ?? { ms: 0, count: 0 }
    total.ms += end - start
    total.count++
    byCode.set(code, total)
  }
  return {
    byCode: [...byCode]
      .map(([code, total]) => ({ code, ...total }))
      .sort((a, b) => b.ms - a.ms || (a.code ?? -1) - (b.code ?? -1)),
    longest: [...cut]
      .sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)
      .slice(0, LONGEST)
      .map(({ part, start, end }) => ({
        machineId: part.machineId,
        name: names.get(part.machineId) ?? part.machineId,
        start,
        end,
        reason: part.reason,
        code: part.codes[0] ?? null,
      })),
  }
}

const ms = (value: unknown) => new Date(value as string | Date).getTime()
/** a date column read as text (YYYY-MM-DD): a Date would be the process's local midnight */
const dayOf = (value: unknown) => String(value).slice(0, 10)

/** The shift reports in PostgreSQL: one per shift occurrence, never changed once built. */
export class ReportStore {
  constructor(private readonly db: Db) {}

  /** Keeps a report unless one of that shift exists (another instance built it): whether this one was kept. */
  async add(report: Omit<StoredReport, 'id'>): Promise<boolean> {
    const rows = await this.db.query(
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
    return rows.length === 1
  }

  /** The shifts (name and day) that have a report among those starting from … till (Unix ms). */
  async builtBetween(from: number, till: number): Promise<Set<string>> {
    const rows = await this.db.query<{ shift: string; day: unknown }>(
      'select shift, day::text as day from shift_reports where starts_at >= $1 and starts_at < $2 limit 1000',
      [iso(from), iso(till)],
    )
    return new Set(rows.map((r) => `${r.shift}@${dayOf(r.day)}`))
  }

  /** The reports of shifts starting on the days from … till (YYYY-MM-DD), newest first, without figures. */
  async list(
    from: string,
    till: string,
  ): Promise<Array<Omit<StoredReport, 'figures'> & { result: ShiftResult }>> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select id, kind, shift, day::text as day, starts_at, ends_at, built_at, built_by, figures -> 'result' as result
       from shift_reports where day >= $1::date and day <= $2::date order by starts_at desc, id desc limit 1000`,
      [from, till],
    )
    return rows.map((r) => ({ ...this.headOf(r), result: parsed(r.result) as ShiftResult }))
  }

  async get(id: number): Promise<StoredReport | null> {
    const [row] = await this.db.query<Record<string, unknown>>(
      'select *, day::text as day from shift_reports where id = $1',
      [id],
    )
    return row ? { ...this.headOf(row), figures: parsed(row.figures) as ReportFigures } : null
  }

  private headOf(r: Record<string, unknown>): Omit<StoredReport, 'figures'> {
    return {
      id: Number(r.id),
      kind: 'shift',
      shift: String(r.shift),
      day: dayOf(r.day),
      start: ms(r.starts_at),
      end: ms(r.ends_at),
      builtAt: ms(r.built_at),
      builtBy: String(r.built_by),
    }
  }
}

/** jsonb comes back parsed from a server, as text from some drivers */
const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value)

export interface ReporterOptions {
  results: Pick<ShiftResults, 'detailed'>
  store: ReportStore
  alerts: (from: number, till: number) => Promise<AlertFigures>
  /** since when the history records (Unix ms): a shift that ended before has nothing to report */
  recordingSince: () => Promise<number | null>
  shifts: readonly NamedShift[]
  timeZone: string
  graceMs: number
  /** this instance's name, kept with each report it builds */
  instance: string
  now: () => number
  log?: (line: string) => void
}

/**
 * Builds each shift's report once its end and grace have passed (and those a server that was down missed,
 * up to two days back), on the polling instance's every poll. Two instances building one shift's report
 * keep one (the store's unique key).
 */
export class ShiftReporter {
  private running: Promise<number> | null = null

  constructor(private readonly options: ReporterOptions) {}

  /** Builds what is due; how many reports this instance kept. One run at a time. */
  tick(): Promise<number> {
    this.running ??= this.build().finally(() => {
      this.running = null
    })
    return this.running
  }

  /** The shift occurrences whose grace has passed, of the last days, oldest first. */
  private due(now: number): Array<{ shift: NamedShift; day: string; start: number; end: number }> {
    const { shifts, timeZone, graceMs } = this.options
    const today = localDate(Math.floor(now / 1000), timeZone)
    const due: Array<{ shift: NamedShift; day: string; start: number; end: number }> = []
    for (let back = CATCH_UP_DAYS; back >= 0; back--) {
      const day = addDays(today, -back)
      for (const shift of shifts) {
        const [start, end] = shiftWindow(shift, day, timeZone)
        if (end * 1000 + graceMs <= now)
          due.push({ shift, day: localDateKey(start, timeZone), start: start * 1000, end: end * 1000 })
      }
    }
    return due.sort((a, b) => a.start - b.start)
  }

  private async build(): Promise<number> {
    const { results, store, alerts, instance, log } = this.options
    const now = this.options.now()
    const since = await this.options.recordingSince()
    const due = this.due(now).filter((o) => since !== null && o.end > since)
    if (due.length === 0) return 0
    const built = await store.builtBetween(due[0]!.start, due.at(-1)!.start + 1)
    let kept = 0
    // a day's shifts worked out once, however many of them are due (a first start has a day's three)
    const days = new Map<string, Promise<ShiftDetails[]>>()
    for (const occurrence of due) {
      if (built.has(`${occurrence.shift.name}@${occurrence.day}`)) continue
      try {
        let day = days.get(occurrence.day)
        if (!day) {
          day = results.detailed(occurrence.day, occurrence.day)
          // a failed day is asked again by its next shift, and at the next poll
          day.catch(() => days.delete(occurrence.day))
          days.set(occurrence.day, day)
        }
        const details = (await day).find(
          (d) => d.result.shift === occurrence.shift.name && d.result.start === occurrence.start,
        )
        if (!details) continue
        const figures = reportFigures(details, await alerts(occurrence.start, occurrence.end))
        const added = await store.add({
          kind: 'shift',
          shift: occurrence.shift.name,
          day: occurrence.day,
          start: occurrence.start,
          end: occurrence.end,
          builtAt: this.options.now(),
          builtBy: instance,
          figures,
        })
        if (added) kept++
      } catch (error) {
        // the next poll tries again (the portal's summary may be back by then)
        log?.(
          `stitchboard: the report of the ${occurrence.shift.name} shift of ${occurrence.day} cannot be built yet: ${(error as Error).message}`,
        )
      }
    }
    return kept
  }
}
