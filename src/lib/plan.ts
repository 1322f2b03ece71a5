import type { StateInterval } from './domain'

/**
 * Plan and pace (issue 36): the one definition of planned production time, OEE and its factors, and the
 * pace of a shift against its target. Every screen, report and message computes them here. Times are Unix
 * milliseconds; a span is [start, end).
 */
export type MsSpan = readonly [start: number, end: number]

/** `spans` merged and sorted (overlapping or touching spans become one). */
export function mergeSpans(spans: readonly MsSpan[]): MsSpan[] {
  const sorted = spans.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0])
  const merged: Array<[number, number]> = []
  for (const [a, b] of sorted) {
    const last = merged.at(-1)
    if (last && a <= last[1]) last[1] = Math.max(last[1], b)
    else merged.push([a, b])
  }
  return merged
}

/** `spans` without `holes` (both merged first). */
export function subtractSpans(spans: readonly MsSpan[], holes: readonly MsSpan[]): MsSpan[] {
  const cut = mergeSpans(holes)
  const out: MsSpan[] = []
  for (const [a, b] of mergeSpans(spans)) {
    let from = a
    for (const [h0, h1] of cut) {
      if (h1 <= from || h0 >= b) continue
      if (h0 > from) out.push([from, h0])
      from = Math.max(from, h1)
      if (from >= b) break
    }
    if (from < b) out.push([from, b])
  }
  return out
}

export const spansLength = (spans: readonly MsSpan[]) => spans.reduce((sum, [a, b]) => sum + (b - a), 0)

/** How much of [from, till) lies in the merged `spans`. */
export function overlapLength(spans: readonly MsSpan[], from: number, till: number): number {
  let sum = 0
  for (const [a, b] of spans) {
    if (b <= from) continue
    if (a >= till) break
    sum += Math.min(b, till) - Math.max(a, from)
  }
  return sum
}

/** Planned production time: the shifts' spans minus the planned stops (breaks, planned maintenance). Time
 * outside every shift is not planned. */
export const plannedSpans = (shiftSpans: readonly MsSpan[], plannedStops: readonly MsSpan[]) =>
  subtractSpans(shiftSpans, plannedStops)

/** The running time of a machine's history inside `planned` (up to `now` for an open interval). Running
 * through a break is not counted: availability is of planned time. */
export function runInside(
  intervals: readonly StateInterval[],
  planned: readonly MsSpan[],
  now: number,
): number {
  let sum = 0
  for (const i of intervals) {
    if (!i.turning || !i.reporting) continue
    sum += overlapLength(planned, i.start, i.end ?? now)
  }
  return sum
}

/** One machine's inputs of OEE over a range. */
export interface MachineInputs {
  machineId: string
  locationId: number | null
  /** planned production time (ms) */
  plannedMs: number
  /** running time inside it (ms) */
  runMs: number
  /** the range's whole time (ms), for TEEP */
  calendarMs: number
  /** stitches sewn in the range (machine-summary), null when unknown */
  stitches: number | null
  /** the portal's production time over the same range as the stitches (machine-summary), the run time
   * performance is measured on; null: the history's run time is used */
  productionMs: number | null
  /** pieces (passes × active heads), null when unknown */
  pieces: number | null
  /** the set speed (stitches a minute), null when the machine has none */
  setSpeed: number | null
}

/** Why a factor could not be computed, said in words on the screen. */
export type Missing =
  | 'no-planned-time'
  | 'no-run-time'
  | 'no-set-speed'
  | 'no-stitches'
  | 'no-rejects'
  | 'no-pieces'

/** OEE and its factors for one machine or a group of them (factors 0–1; null with a reason). */
export interface Oee {
  plannedMs: number
  runMs: number
  calendarMs: number
  stitches: number
  /** run time × set speed of the machines that have one, in stitches */
  idealStitches: number
  /** the stitches of the machines that have a set speed (performance's numerator) */
  ratedStitches: number
  pieces: number | null
  rejects: number | null
  availability: number | null
  performance: number | null
  quality: number | null
  /** availability × performance × quality; without rejects availability × performance (`quality` null) */
  oee: number | null
  /** planned time ÷ calendar time */
  utilisation: number | null
  /** utilisation × OEE */
  teep: number | null
  /** machines left out of performance for want of a set speed */
  withoutSetSpeed: number
  missing: Missing[]
}

/**
 * OEE of a group of machines (one machine, a location, the factory):
 * - availability = run time ÷ planned production time;
 * - performance = stitches ÷ (run time × set speed), capped at 100 %, over the machines with a set speed;
 *   stitches and run time both from the portal's machine summary of the range (one source, one range);
 * - quality = (pieces − rejects) ÷ pieces, when rejects were entered;
 * - OEE = availability × performance × quality (without rejects: availability × performance);
 * - TEEP = planned time ÷ calendar time × OEE.
 */
export function oeeOf(machines: readonly MachineInputs[], rejects: number | null): Oee {
  let plannedMs = 0
  let runMs = 0
  let calendarMs = 0
  let stitches = 0
  let idealStitches = 0
  let ratedStitches = 0
  let pieces: number | null = null
  let withoutSetSpeed = 0
  let anyStitches = false
  for (const m of machines) {
    plannedMs += m.plannedMs
    runMs += m.runMs
    calendarMs = Math.max(calendarMs, m.calendarMs)
    if (m.stitches !== null) {
      anyStitches = true
      stitches += m.stitches
    }
    if (m.pieces !== null) pieces = (pieces ?? 0) + m.pieces
    if (m.setSpeed === null || m.setSpeed <= 0) {
      withoutSetSpeed++
      continue
    }
    idealStitches += ((m.productionMs ?? m.runMs) / 60_000) * m.setSpeed
    ratedStitches += m.stitches ?? 0
  }
  const missing: Missing[] = []
  if (plannedMs <= 0) missing.push('no-planned-time')
  if (!anyStitches) missing.push('no-stitches')
  else if (idealStitches <= 0)
    missing.push(machines.length > 0 && withoutSetSpeed === machines.length ? 'no-set-speed' : 'no-run-time')
  if (rejects === null) missing.push('no-rejects')
  else if (pieces === null || pieces <= 0) missing.push('no-pieces')
  const utilisation = calendarMs > 0 && machines.length > 0 ? plannedMs / machines.length / calendarMs : null
  return {
    plannedMs,
    runMs,
    calendarMs,
    stitches,
    idealStitches,
    ratedStitches,
    pieces,
    rejects,
    ...oeeFactors({
      plannedMs,
      runMs,
      idealStitches,
      ratedStitches,
      anyStitches,
      pieces,
      rejects,
      utilisation,
    }),
    withoutSetSpeed,
    missing,
  }
}

/** The sums OEE is worked out from (one machine's, a group's, or several shifts' added up). */
export interface OeeSums {
  plannedMs: number
  runMs: number
  idealStitches: number
  ratedStitches: number
  /** whether any stitches were known at all (without them there is no performance) */
  anyStitches: boolean
  pieces: number | null
  rejects: number | null
  /** planned time ÷ calendar time, null when unknown */
  utilisation: number | null
}

/** OEE's factors from its sums: the one definition (see oeeOf) for a range and for shifts added up. */
export function oeeFactors(
  s: OeeSums,
): Pick<Oee, 'availability' | 'performance' | 'quality' | 'oee' | 'utilisation' | 'teep'> {
  const availability = s.plannedMs > 0 ? Math.min(1, s.runMs / s.plannedMs) : null
  const performance =
    s.anyStitches && s.idealStitches > 0 ? Math.min(1, s.ratedStitches / s.idealStitches) : null
  const quality =
    s.rejects === null || s.pieces === null || s.pieces <= 0
      ? null
      : Math.max(0, s.pieces - Math.min(s.rejects, s.pieces)) / s.pieces
  const oee =
    availability === null || performance === null ? null : availability * performance * (quality ?? 1)
  return {
    availability,
    performance,
    quality,
    oee,
    utilisation: s.utilisation,
    teep: s.utilisation === null || oee === null ? null : s.utilisation * oee,
  }
}

/** Where the shift stands against its target, in one unit (pieces or stitches). */
export interface Pace {
  target: number
  actual: number
  /** the target curve at now: the target spread over the planned production time, flat in planned stops */
  planByNow: number
  /** actual − plan by now (negative: behind) */
  variance: number
  /** variance ÷ plan by now, null before any planned time */
  variancePart: number | null
  /** at the pace so far (actual ÷ planned time elapsed) over the planned time left */
  projected: number | null
  /** what is needed an hour over the planned time left to reach the target; 0 when reached */
  catchUpPerHour: number | null
  plannedMs: number
  plannedElapsedMs: number
  status: 'ahead' | 'on-track' | 'behind' | 'not-started'
}

/** Within this share of the plan by now, a shift is on track. */
export const ON_TRACK = 0.02

/** The pace of `actual` (counted since the shift began) against `target` for the whole shift, whose planned
 * production time is `planned`, at `now`. */
export function paceOf(target: number, actual: number, planned: readonly MsSpan[], now: number): Pace {
  const merged = mergeSpans(planned)
  const plannedMs = spansLength(merged)
  const plannedElapsedMs = overlapLength(merged, Number.NEGATIVE_INFINITY, now)
  const left = plannedMs - plannedElapsedMs
  const planByNow = plannedMs > 0 ? (target * plannedElapsedMs) / plannedMs : 0
  const variance = actual - planByNow
  const variancePart = planByNow > 0 ? variance / planByNow : null
  const projected = plannedElapsedMs > 0 ? actual + (actual / plannedElapsedMs) * left : null
  const catchUpPerHour = left > 0 ? Math.max(0, target - actual) / (left / 3_600_000) : null
  const status =
    plannedElapsedMs <= 0
      ? 'not-started'
      : variancePart === null || variancePart >= ON_TRACK
        ? 'ahead'
        : variancePart >= -ON_TRACK
          ? 'on-track'
          : 'behind'
  return {
    target,
    actual,
    planByNow,
    variance,
    variancePart,
    projected,
    catchUpPerHour,
    plannedMs,
    plannedElapsedMs,
    status,
  }
}

/** One hour of the hour-by-hour table. */
export interface HourRow {
  span: MsSpan
  target: number
  actual: number | null
  variance: number | null
  cumulativeTarget: number
  cumulativeActual: number | null
}

/** The hour-by-hour table of a shift: each hour's share of the target (its planned time's share, so an
 * hour with a break asks less), what was done in it (null for hours not begun), and the running totals.
 * The hour running at `now` is judged against its share so far. */
export function hourByHour(
  shift: MsSpan,
  planned: readonly MsSpan[],
  target: number,
  actualOf: (span: MsSpan) => number | null,
  now = Number.POSITIVE_INFINITY,
): HourRow[] {
  const merged = mergeSpans(planned)
  const plannedMs = spansLength(merged)
  const rows: HourRow[] = []
  let cumulativeTarget = 0
  let cumulativeActual: number | null = 0
  for (let start = shift[0]; start < shift[1]; start += 3_600_000) {
    const span: MsSpan = [start, Math.min(start + 3_600_000, shift[1])]
    const hourTarget = plannedMs > 0 ? (target * overlapLength(merged, span[0], span[1])) / plannedMs : 0
    const actual = actualOf(span)
    cumulativeTarget += hourTarget
    cumulativeActual = actual === null || cumulativeActual === null ? null : cumulativeActual + actual
    const dueBy =
      now < span[1] && plannedMs > 0
        ? (target * overlapLength(merged, span[0], Math.max(span[0], now))) / plannedMs
        : hourTarget
    rows.push({
      span,
      target: hourTarget,
      actual,
      variance: actual === null ? null : actual - dueBy,
      cumulativeTarget,
      cumulativeActual,
    })
  }
  return rows
}

/** The default target when none is set: half the set speed over the planned production time (a rule of
 * thumb of embroidery: a machine averages at least 50 % of its sewing speed, handling included). */
export const DEFAULT_SPEED_SHARE = 0.5

export function defaultStitchTarget(
  machines: ReadonlyArray<{ plannedMs: number; setSpeed: number | null }>,
): {
  stitches: number
  withoutSetSpeed: number
} {
  let stitches = 0
  let withoutSetSpeed = 0
  for (const m of machines) {
    if (m.setSpeed === null || m.setSpeed <= 0) withoutSetSpeed++
    else stitches += DEFAULT_SPEED_SHARE * m.setSpeed * (m.plannedMs / 60_000)
  }
  return { stitches: Math.round(stitches), withoutSetSpeed }
}
