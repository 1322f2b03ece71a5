import type { IntervalKind } from './maintenance'
import { type OeeSums, oeeFactors } from './plan'
import type { StopExplanation } from './stop-figures'

/** The kinds of report: each shift's, a day's and a week's summary. */
export const REPORT_KINDS = ['shift', 'day', 'week'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]

/** The alerts of a range in figures. */
export interface AlertFigures {
  alerts: number
  acknowledged: number
  medianResponseSeconds: number | null
  medianRepairSeconds: number | null
}

/** What OEE of a part was worked out from, kept so that shifts add up to a day and a week by the same
 * definition (oeeFactors). */
export type PartSums = Omit<OeeSums, 'utilisation'> & { calendarMs: number; plannedPerMachineMs: number }

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
  /** absent in reports built before the sums were kept */
  sums?: PartSums
}

export interface MachineFigures extends PartFigures {
  machineId: string
  name: string
  runMs: number
}

/** A place where threads broke: this report's count against the one before. */
export interface HotSpotFigures {
  machineId: string
  name: string
  head: number
  breaks: number
  before: number
}

/** The headline of a report: output against target, OEE and its factors. */
export interface Headline {
  target: { pieces: number | null; stitches: number | null }
  pieces: number | null
  stitches: number | null
  availability: number | null
  performance: number | null
  quality: number | null
  oee: number | null
  teep: number | null
  /** what OEE was worked out from (absent in reports built before they were kept) */
  sums?: PartSums
}

/** A shift of a day's or a week's summary, with its headline. */
export interface SummaryShift {
  reportId: number
  shift: string
  day: string
  start: number
  pieces: number | null
  targetPieces: number | null
  oee: number | null
  quality: number | null
  unexplainedMs: number
}

/** The orders of a shift's report: those finished in it, and those open and late or at risk when it was
 * built (each list at most REPORT_ORDERS long, most pressing first; the counts are of all). */
export interface OrderFigures {
  finished: Array<{ reference: string; customer: string; dueAt: number; doneAt: number }>
  finishedCount: number
  /** of those, finished after their due time */
  finishedLate: number
  open: Array<{ reference: string; customer: string; dueAt: number; late: boolean; marginMs: number }>
  openCount: number
}

/** The maintenance of a shift's report (issue 53): the tasks signed off in it, and those overdue when it
 * was built (each list at most REPORT_TASKS long, the most overdue first; the counts are of all). `heads`:
 * the heads of a head's task ("1–4, 7"), null for the machine's task or all its heads. */
/** A maintenance task overdue on a machine (its heads), with its use against its interval. */
export interface OverdueTask {
  task: string
  machine: string
  heads: string | null
  kind: IntervalKind
  used: number
  interval: number
}

export interface MaintenanceFigures {
  done: Array<{ task: string; machine: string; heads: string | null; at: number; by: string }>
  doneCount: number
  overdue: OverdueTask[]
  overdueCount: number
}

/** What a shift (or a day, or a week) came to, frozen when its report is built. */
export interface ReportFigures {
  result: Headline
  /** each location (null: machines without one), with its name when it was known */
  locations: Array<PartFigures & { locationId: number | null; name?: string | null }>
  /** the stop explanation of the range (src/lib/stop-figures), without its categories */
  stops: Omit<StopExplanation, 'byCategory'>
  /** by OEE (availability × performance without rejects), of machines that ran at least a quarter hour */
  best: MachineFigures[]
  worst: MachineFigures[]
  /** the stop time by the vendor's status code each stop began with, most first (null: no code) */
  byCode: Array<{ code: number | null; ms: number; count: number }>
  /** the longest stops within the range, longest first */
  longest: Array<{
    machineId: string
    name: string
    start: number
    end: number
    reason: string | null
    code: number | null
  }>
  alerts: AlertFigures
  /** thread breaks: the range's and the range before's (null: the break log could not be read) */
  breaks?: { total: number; before: number; hotSpots: HotSpotFigures[] } | null
  /** a day's or a week's shifts, oldest first */
  shifts?: SummaryShift[]
  /** the orders finished in the shift and those late or at risk (null: the order book could not be read;
   * absent: a report built before orders were reported, or a day's or a week's) */
  orders?: OrderFigures | null
  /** the maintenance tasks signed off in the shift and those overdue (null: they could not be read;
   * absent: a report built before maintenance was reported, or a day's or a week's) */
  maintenance?: MaintenanceFigures | null
  /** a day's or a week's shifts that have no report (it could not be built in time): not added up */
  missing?: Array<{ shift: string; start: number }>
}

/** Several parts' sums added up (a day of shifts), and their factors by the one definition. */
export function addedUp(parts: readonly PartFigures[]): PartFigures & { teep: number | null } {
  // a part built before its sums were kept leaves the factors unknown (not worked out from the others)
  const complete = parts.length > 0 && parts.every((p) => p.sums)
  const withSums = complete ? parts : []
  const sum = (of: (p: PartFigures) => number | null) =>
    parts.some((p) => of(p) !== null) ? parts.reduce((total, p) => total + (of(p) ?? 0), 0) : null
  const sums: PartSums = {
    plannedMs: 0,
    runMs: 0,
    idealStitches: 0,
    ratedStitches: 0,
    anyStitches: false,
    pieces: sum((p) => p.sums?.pieces ?? null),
    // quality of a day needs the rejects of every shift in it
    rejects: withSums.every((p) => p.sums!.rejects !== null) ? sum((p) => p.sums?.rejects ?? null) : null,
    calendarMs: 0,
    plannedPerMachineMs: 0,
  }
  for (const p of withSums) {
    const s = p.sums!
    sums.plannedMs += s.plannedMs
    sums.runMs += s.runMs
    sums.idealStitches += s.idealStitches
    sums.ratedStitches += s.ratedStitches
    sums.anyStitches ||= s.anyStitches
    sums.calendarMs += s.calendarMs
    sums.plannedPerMachineMs += s.plannedPerMachineMs
  }
  const factors = complete
    ? oeeFactors({
        ...sums,
        utilisation: sums.calendarMs > 0 ? sums.plannedPerMachineMs / sums.calendarMs : null,
      })
    : { availability: null, performance: null, quality: null, oee: null, teep: null }
  return {
    pieces: sum((p) => p.pieces),
    stitches: sum((p) => p.stitches),
    // a target of a day is the shifts' targets together, when every shift had one
    targetPieces: parts.every((p) => p.targetPieces !== null) ? sum((p) => p.targetPieces) : null,
    targetStitches: parts.every((p) => p.targetStitches !== null) ? sum((p) => p.targetStitches) : null,
    availability: factors.availability,
    performance: factors.performance,
    quality: factors.quality,
    oee: factors.oee,
    teep: factors.teep,
    ...(complete ? { sums } : {}),
  }
}
