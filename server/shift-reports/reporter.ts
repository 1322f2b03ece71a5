import { clockMinutes } from '../../src/lib/clock'
import type { ThreadbreakEvent } from '../../src/lib/domain'
import {
  addDays,
  dayKeyOf,
  type LocalDate,
  localDate,
  localDateKey,
  zonedInstant,
} from '../../src/lib/factory-time'
import type {
  AlertFigures,
  HotSpotFigures,
  MaintenanceFigures,
  OrderFigures,
  ReportKind,
} from '../../src/lib/shift-report-figures'
import { shiftWindow } from '../../src/lib/shift-window'
import type { NamedShift } from '../../src/lib/time-range'
import type { Tx } from '../history/db'
import type { ShiftDetails, ShiftResults } from '../plan/results'
import { hotSpotsOf, reportFigures, summaryFigures } from './figures'
import type { ReportStore, StoredReport } from './store'

/** How far back a server that was down builds the reports it missed (days of shifts). */
const CATCH_UP_DAYS = 2

/** When reports are built: the grace after a shift, the daily summary's time (of the day after), the
 * weekly summary's weekday (ISO, 1 Monday) and time (of the week after). */
export interface ReportSchedule {
  graceMinutes: number
  dailyAt: string
  weeklyDay: number
  weeklyAt: string
}

export interface ReporterOptions {
  results: Pick<ShiftResults, 'detailed'>
  store: ReportStore
  alerts: (from: number, till: number) => Promise<AlertFigures>
  /** the break log of [from, till) (Unix ms) as events; null: no break log (its section says so) */
  breaks?: ((from: number, till: number) => Promise<ThreadbreakEvent[]>) | null
  /** the orders finished in [from, till) and those open and late or at risk now (absent: no order book) */
  orders?: (from: number, till: number) => Promise<OrderFigures>
  /** the maintenance tasks signed off in [from, till) and those overdue now (absent: none kept) */
  maintenance?: (from: number, till: number) => Promise<MaintenanceFigures>
  /** the locations' names as known now (frozen into each report) */
  locationNames?: () => Promise<ReadonlyMap<number, string>>
  /** since when the history records (Unix ms): a shift that ended before has nothing to report */
  recordingSince: () => Promise<number | null>
  schedule: () => Promise<ReportSchedule>
  shifts: readonly NamedShift[]
  timeZone: string
  /** this instance's name, kept with each report it builds */
  instance: string
  /** where each report goes: its messages are queued in the transaction that keeps it */
  queue?: ReportQueue
  now: () => number
  log?: (line: string) => void
}

/** The delivery as the reporter sees it (server/shift-reports/delivery.ts): the channels a kind goes to, read
 * before a report is kept; its messages, queued in the same transaction; and a nudge once it is kept. */
export interface ReportQueue {
  channels(kind: ReportKind): Promise<readonly string[]>
  enqueue(tx: Tx, reportId: number, channels: readonly string[]): Promise<void>
  queued(): void
}

interface Occurrence {
  shift: NamedShift
  day: string
  start: number
  end: number
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date */
const weekdayOf = (d: LocalDate) => ((new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7) + 1

/**
 * Builds each shift's report once its end and grace have passed (and those a server that was down missed,
 * up to two days back), and the daily and weekly summaries at their times, on the polling instance's every
 * poll. Two instances building one report keep one (the store's unique key).
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

  /** The shift occurrences starting on a day (factory time), in order. */
  private occurrences(day: LocalDate): Occurrence[] {
    const { shifts, timeZone } = this.options
    return shifts
      .map((shift) => {
        const [start, end] = shiftWindow(shift, day, timeZone)
        return { shift, day: localDateKey(start, timeZone), start: start * 1000, end: end * 1000 }
      })
      .sort((a, b) => a.start - b.start)
  }

  private async build(): Promise<number> {
    const { timeZone } = this.options
    const now = this.options.now()
    const [since, schedule] = await Promise.all([this.options.recordingSince(), this.options.schedule()])
    if (since === null) return 0
    const graceMs = schedule.graceMinutes * 60_000
    const today = localDate(Math.floor(now / 1000), timeZone)
    let kept = 0
    const due: Occurrence[] = []
    for (let back = CATCH_UP_DAYS; back >= 0; back--)
      due.push(
        ...this.occurrences(addDays(today, -back)).filter((o) => o.end + graceMs <= now && o.end > since),
      )
    kept += await this.buildShifts(due)

    // the day before yesterday and yesterday, each once its shifts have ended and the daily time has come
    for (let back = CATCH_UP_DAYS; back >= 1; back--) {
      const day = addDays(today, -back)
      const shifts = this.occurrences(day)
      if (shifts.length === 0) continue
      const at = zonedInstant(addDays(day, 1), clockMinutes(schedule.dailyAt) ?? 0, timeZone) * 1000
      const end = Math.max(...shifts.map((s) => s.end))
      if (now < Math.max(at, end + graceMs) || end <= since) continue
      kept += await this.buildSummary('day', day, shifts, since, now)
    }

    // the last whole week (Monday to Sunday), once its shifts have ended and the weekly day and time came
    const monday = addDays(today, -(weekdayOf(today) - 1) - 7)
    const week = Array.from({ length: 7 }, (_, i) => this.occurrences(addDays(monday, i))).flat()
    if (week.length > 0) {
      const at =
        zonedInstant(
          addDays(monday, 7 + schedule.weeklyDay - 1),
          clockMinutes(schedule.weeklyAt) ?? 0,
          timeZone,
        ) * 1000
      const end = Math.max(...week.map((s) => s.end))
      if (now >= Math.max(at, end + graceMs) && end > since)
        kept += await this.buildSummary('week', monday, week, since, now)
    }
    return kept
  }

  private async buildShifts(due: readonly Occurrence[]): Promise<number> {
    const { results, store, alerts, instance, log } = this.options
    if (due.length === 0) return 0
    const built = await store.builtBetween(due[0]!.start, due.at(-1)!.start + 1)
    let kept = 0
    // a day's shifts worked out once, however many of them are due (a first start has a day's three)
    const days = new Map<string, Promise<ShiftDetails[]>>()
    const names = (await this.options.locationNames?.().catch(() => null)) ?? new Map<number, string>()
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
        const previous = this.previous(occurrence)
        const figures = reportFigures(details, await alerts(occurrence.start, occurrence.end), {
          locationNames: names,
          breaks: await this.breaksOf(occurrence, previous),
          ...(this.options.orders
            ? { orders: await this.options.orders(occurrence.start, occurrence.end).catch(() => null) }
            : {}),
          ...(this.options.maintenance
            ? {
                maintenance: await this.options
                  .maintenance(occurrence.start, occurrence.end)
                  .catch(() => null),
              }
            : {}),
        })
        const id = await this.keep({
          kind: 'shift',
          shift: occurrence.shift.name,
          day: occurrence.day,
          start: occurrence.start,
          end: occurrence.end,
          builtAt: this.options.now(),
          builtBy: instance,
          figures,
        })
        if (id !== null) kept++
      } catch (error) {
        // the next poll tries again (the portal's summary may be back by then)
        log?.(
          `stitchboard: the report of the ${occurrence.shift.name} shift of ${occurrence.day} cannot be built yet: ${(error as Error).message}`,
        )
      }
    }
    return kept
  }

  /** The shift occurrence before this one (the one that ended last at or before its start). */
  private previous(o: Occurrence): { start: number; end: number } {
    const day = localDate(Math.floor(o.start / 1000), this.options.timeZone)
    const before = [...this.occurrences(addDays(day, -1)), ...this.occurrences(day)]
      .filter((p) => p.end <= o.start)
      .sort((a, b) => b.end - a.end)[0]
    return before ?? { start: o.start - (o.end - o.start), end: o.start }
  }

  /** The breaks of a range against the range before; null when the break log cannot be read. */
  private async breaksOf(
    range: { start: number; end: number },
    before: { start: number; end: number },
  ): Promise<{ total: number; before: number; hotSpots: HotSpotFigures[] } | null | undefined> {
    const { breaks, log } = this.options
    if (!breaks) return undefined
    try {
      const [now, then] = await Promise.all([
        breaks(range.start, range.end),
        breaks(before.start, before.end),
      ])
      return hotSpotsOf(now, then)
    } catch (error) {
      log?.(`stitchboard: a report's thread breaks cannot be read: ${(error as Error).message}`)
      return null
    }
  }

  /** Keeps a report with its messages to the channels its kind goes to (one transaction), and sends them. */
  private async keep(report: Omit<StoredReport, 'id'>): Promise<number | null> {
    const { store, queue } = this.options
    const channels = queue ? await queue.channels(report.kind) : []
    const id = await store.add(
      report,
      channels.length > 0 ? (reportId, tx) => queue!.enqueue(tx, reportId, channels) : undefined,
    )
    if (id !== null && channels.length > 0) queue!.queued()
    return id
  }

  /**
   * A day's or a week's summary from the shift reports built for it. While a shift of it has no report and
   * may still get one (it is within the days the reporter catches up), the summary waits; after that it is
   * built without it and says so. Built once (its key: the kind and its first day).
   */
  private async buildSummary(
    kind: 'day' | 'week',
    first: LocalDate,
    occurrences: readonly Occurrence[],
    since: number,
    now: number,
  ): Promise<number> {
    const { store, alerts, instance, log, timeZone } = this.options
    const day = dayKeyOf(first)
    if (await store.has(kind, '', day)) return 0
    const start = occurrences[0]!.start
    const end = Math.max(...occurrences.map((o) => o.end))
    try {
      const shifts = await store.shiftsBetween(start, end)
      const kept = new Set(shifts.map((s) => `${s.shift}@${s.day}`))
      const oldest = dayKeyOf(addDays(localDate(Math.floor(now / 1000), timeZone), -CATCH_UP_DAYS))
      const missing = occurrences.filter((o) => o.end > since && !kept.has(`${o.shift.name}@${o.day}`))
      // a shift the reporter still tries to build: the summary waits for it
      if (missing.some((o) => o.day >= oldest)) return 0
      if (shifts.length === 0) return 0
      const length = end - start
      const figures = summaryFigures(
        shifts,
        await alerts(start, end),
        (await this.breaksOf({ start, end }, { start: start - length, end: start })) ?? null,
      )
      if (missing.length > 0) figures.missing = missing.map((o) => ({ shift: o.shift.name, start: o.start }))
      const id = await this.keep({
        kind,
        shift: '',
        day,
        start,
        end,
        builtAt: this.options.now(),
        builtBy: instance,
        figures,
      })
      return id === null ? 0 : 1
    } catch (error) {
      log?.(`stitchboard: the ${kind} summary of ${day} cannot be built yet: ${(error as Error).message}`)
      return 0
    }
  }
}
