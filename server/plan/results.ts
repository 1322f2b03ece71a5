import * as z from 'zod/mini'
import { machineSummaryRecord } from '../../src/api/contract/summary-rows'
import { addDays, localDateKey, parseDayKey } from '../../src/lib/factory-time'
import { type ShiftPlan, shiftPlanOf, type TargetOf } from '../../src/lib/shift-plan'
import { shiftWindow } from '../../src/lib/shift-window'
import { explainStops, type StopExplanation } from '../../src/lib/stop-figures'
import type { StopPart } from '../../src/lib/stop-parts'
import type { PlannedStop, StopSettings } from '../../src/lib/stop-reasons'
import type { NamedShift } from '../../src/lib/time-range'
import type { Gap, HistoryStore } from '../history/store'

type ServerIntervals = Awaited<ReturnType<HistoryStore['factoryIntervals']>>

import type { PlanStore } from './store'

/** The longest range of shifts asked at once: a month and a day. */
export const MAX_RESULT_DAYS = 31
/** How much of the history is read at once: three days. */
const CHUNK_MS = 3 * 86_400_000
/** Machine summaries of shifts that ended, kept in memory (a month of three shifts, and more). */
const SUMMARY_CACHE = 200

/** What a shift that ended came to, in stitchboard's own words: its figures against its target, and where
 * it lost most (the unplanned stop reason with the most time; the machine furthest below its set speed). */
export interface ShiftResult {
  shift: string
  /** YYYY-MM-DD of its start, factory time */
  day: string
  start: number
  end: number
  /** each unit's target and where it comes from (set for all machines, the locations' sum, the default
   * from the set speeds), null where none */
  target: {
    pieces: number | null
    stitches: number | null
    piecesFrom: TargetOf['source'] | null
    stitchesFrom: TargetOf['source'] | null
  }
  pieces: number | null
  stitches: number | null
  availability: number | null
  performance: number | null
  quality: number | null
  oee: number | null
  teep: number | null
  /** the unplanned stop time, and the reason (null: none given) that took most of it */
  stopMs: number
  largestStop: { reason: string | null; ms: number } | null
  /** the machine furthest below its set speed while it ran (at least a quarter of an hour) */
  slowest: { machineId: string; name: string; performance: number } | null
  /** availability is judged only since the history began (Unix ms), when that was during the shift */
  judgedFrom: number | null
}

/** A shift that ended, with what its result was worked out from. */
export interface ShiftDetails {
  result: ShiftResult
  plan: ShiftPlan
  explained: StopExplanation
  names: ReadonlyMap<string, string>
  /** the stop parts within the shift (a part may begin before it or end after it) */
  parts: StopPart[]
}

export interface ShiftResultsOptions {
  history: Pick<HistoryStore, 'factoryIntervals' | 'gaps' | 'watcher'>
  plan: Pick<PlanStore, 'targets' | 'rejects'>
  stops: {
    settings(): Promise<StopSettings>
    plannedBetween(from: number, till: number): Promise<PlannedStop[]>
    parts(machines: readonly string[] | null, from: number, till: number): Promise<StopPart[]>
  }
  /** the machines as the latest /machines answer has them */
  machines: () => Promise<
    ReadonlyArray<{ id: string; name: string; locationId: number | null; configuredRpm: number | null }>
  >
  /** a GET of the production API as JSON (bounded) */
  upstreamJson: (path: string) => Promise<unknown>
  shifts: readonly NamedShift[]
  timeZone: string
  now: () => number
}

const summaryAnswer = z.object({ data: z.array(z.unknown()) })

/**
 * The shifts that ended, each against its target: the arithmetic of src/lib/shift-plan over the history's
 * intervals, the stop book's planned stops and the portal's machine summary of that shift (asked once per
 * shift and kept: a shift that ended does not change there).
 */
export class ShiftResults {
  private readonly summaries = new Map<string, ReadonlyMap<string, SummaryOf>>()

  constructor(private readonly options: ShiftResultsOptions) {}

  /** The shifts that started on the days from … till (YYYY-MM-DD, factory time) and ended by now. */
  async between(from: string, till: string): Promise<ShiftResult[]> {
    return (await this.detailed(from, till)).map((d) => d.result)
  }

  /** The same shifts with what their results were worked out from: the plan (OEE per location and
   * machine), the stops explained, and the machines' names (a shift report freezes all of it). */
  async detailed(from: string, till: string): Promise<ShiftDetails[]> {
    const { shifts, timeZone } = this.options
    const now = this.options.now()
    const spans: Array<{ shift: NamedShift; start: number; end: number }> = []
    const last = parseDayKey(till)
    for (let day = parseDayKey(from); ; day = addDays(day, 1)) {
      for (const shift of shifts) {
        const [start, end] = shiftWindow(shift, day, timeZone)
        if (end * 1000 <= now) spans.push({ shift, start: start * 1000, end: end * 1000 })
      }
      if (day.year === last.year && day.month === last.month && day.day === last.day) break
    }
    if (spans.length === 0) return []
    spans.sort((a, b) => a.start - b.start)
    const first = spans[0]!.start
    const end = spans.at(-1)!.end
    const [settings, planned, targets, rejects, machines, watcher] = await Promise.all([
      this.options.stops.settings(),
      this.options.stops.plannedBetween(first, end),
      this.options.plan.targets(),
      this.options.plan.rejects(
        localDateKey(Math.floor(first / 1000), timeZone),
        localDateKey(Math.floor(end / 1000), timeZone),
      ),
      this.options.machines(),
      this.options.history.watcher(),
    ])
    const names = new Map(machines.map((m) => [m.id, m.name]))
    const results: ShiftDetails[] = []
    // the history read a few days at a time: a month's intervals at once would be a month of every
    // machine in memory, a shift at a time a query for each
    let chunk: { till: number; intervals: ServerIntervals; gaps: Gap[]; parts: StopPart[] } | null = null
    for (const { shift, start, end: stop } of spans) {
      if (!chunk || stop > chunk.till) {
        const till = Math.min(end, start + CHUNK_MS)
        const recorded = watcher.recordingSince !== null && till > watcher.recordingSince
        const [intervals, gaps, parts] = recorded
          ? await Promise.all([
              this.options.history.factoryIntervals(start, till),
              this.options.history.gaps(start, till),
              this.options.stops.parts(null, start, till),
            ])
          : [new Map(), [], []]
        chunk = { till: Math.max(till, stop), intervals, gaps, parts }
      }
      const { intervals, gaps, parts } = chunk
      const summary = await this.summaryOf(start, stop)
      const plan = shiftPlanOf({
        shift,
        span: [start, stop],
        now: stop,
        timeZone,
        shifts,
        machines,
        settings,
        plannedStops: planned,
        // the history's rows as the browser reads them (src/api/history/history.ts)
        intervals: new Map(
          [...intervals].map(([id, list]) => [
            id,
            list.map((i) => ({
              start: i.startedAt,
              end: i.endedAt,
              code: i.code,
              turning: i.turning,
              reporting: i.reporting,
              designId: i.designId,
              atLeast: i.seenSince,
            })),
          ]),
        ),
        summary,
        recordedFrom: watcher.recordingSince,
        gaps: gaps.map((g) => ({ start: g.startedAt, end: g.endedAt })),
        history: true,
        targets,
        rejects,
      })
      const explained = explainStops(parts, start, stop, settings.reasons, settings.thresholdMinutes)
      const unplanned = explained.byReason.filter((r) => !r.planned)
      const slowest = [...plan.byMachine]
        .flatMap(([machineId, part]) =>
          part.oee.performance === null || part.oee.runMs < 15 * 60_000
            ? []
            : [{ machineId, name: names.get(machineId) ?? machineId, performance: part.oee.performance }],
        )
        .sort((a, b) => a.performance - b.performance)[0]
      const result: ShiftResult = {
        shift: shift.name,
        day: plan.day,
        start,
        end: stop,
        target: {
          pieces: plan.pieces?.target.value ?? null,
          stitches: plan.stitches?.target.value ?? null,
          piecesFrom: plan.pieces?.target.source ?? null,
          stitchesFrom: plan.stitches?.target.source ?? null,
        },
        pieces: plan.made.pieces,
        stitches: plan.made.stitches,
        availability: plan.oee.availability,
        performance: plan.oee.performance,
        quality: plan.oee.quality,
        oee: plan.oee.oee,
        teep: plan.oee.teep,
        stopMs: unplanned.reduce((sum, r) => sum + r.ms, 0),
        largestStop: unplanned[0] ? { reason: unplanned[0].reason, ms: unplanned[0].ms } : null,
        slowest: slowest ?? null,
        judgedFrom: plan.judgedFrom,
      }
      const shiftParts = parts.filter((p) => p.end > start && p.start < stop)
      results.push({ result, plan, explained, names, parts: shiftParts })
    }
    return results
  }

  /** The portal's machine summary of a shift that ended, asked once and kept (a bounded number). */
  private async summaryOf(start: number, end: number): Promise<ReadonlyMap<string, SummaryOf>> {
    const key = `${start}-${end}`
    const kept = this.summaries.get(key)
    if (kept) return kept
    const answer = summaryAnswer.safeParse(
      await this.options.upstreamJson(
        `/reports/machine-summary?from=${Math.floor(start / 1000)}&till=${Math.floor(end / 1000)}&machineIds=all`,
      ),
    )
    if (!answer.success) throw new Error('the production API sent a machine summary without its data')
    const rows = new Map<string, SummaryOf>()
    for (const raw of answer.data.data) {
      const row = machineSummaryRecord.safeParse(raw)
      if (!row.success) continue
      rows.set(row.data.machineId, {
        stitches: row.data.stitches ?? null,
        pieces: row.data.pieces ?? null,
        productionSeconds: row.data.productionTime ?? null,
      })
    }
    this.summaries.set(key, rows)
    if (this.summaries.size > SUMMARY_CACHE) this.summaries.delete(this.summaries.keys().next().value!)
    return rows
  }
}

interface SummaryOf {
  stitches: number | null
  pieces: number | null
  productionSeconds: number | null
}
