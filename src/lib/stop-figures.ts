import { needsReason, type StopPart } from './stop-parts'
import type { StopReason } from './stop-reasons'

/** Stop time of one reason (or of none) in a range. */
export interface ReasonTotal {
  /** the reason's id; null: stops that need a reason and have none */
  reason: string | null
  category: string | null
  planned: boolean
  ms: number
  count: number
}

/**
 * What the reasons explain of the stop time in [from, till) (Unix ms), the one definition every screen,
 * report and message uses:
 * - stop time: every part's time within the range (a machine not running, not reporting included);
 * - short stops: parts shorter than the threshold that have no reason: they ask none and are left out;
 * - explained share = stop time with a reason ÷ (stop time − short stops without one).
 */
export interface StopExplanation {
  stopMs: number
  explainedMs: number
  plannedMs: number
  unexplainedMs: number
  shortMs: number
  /** null when no stop needed a reason */
  share: number | null
  byReason: ReasonTotal[]
  byCategory: Array<{ category: string; planned: boolean; ms: number; count: number }>
}

const within = (part: StopPart, from: number, till: number) =>
  Math.max(0, Math.min(part.end, till) - Math.max(part.start, from))

export function explainStops(
  parts: readonly StopPart[],
  from: number,
  till: number,
  reasons: readonly StopReason[],
  thresholdMinutes: number,
): StopExplanation {
  const byId = new Map(reasons.map((r) => [r.id, r]))
  const totals = new Map<string | null, ReasonTotal>()
  const categories = new Map<string, { category: string; planned: boolean; ms: number; count: number }>()
  let stopMs = 0
  let explainedMs = 0
  let plannedMs = 0
  let shortMs = 0
  for (const part of parts) {
    const ms = within(part, from, till)
    if (ms <= 0) continue
    stopMs += ms
    if (part.reason === null && !needsReason(part, thresholdMinutes)) {
      shortMs += ms
      continue
    }
    const reason = part.reason === null ? undefined : byId.get(part.reason)
    const planned = reason?.planned ?? false
    if (part.reason !== null) explainedMs += ms
    if (planned) plannedMs += ms
    const total = totals.get(part.reason) ?? {
      reason: part.reason,
      category: reason?.category ?? null,
      planned,
      ms: 0,
      count: 0,
    }
    total.ms += ms
    total.count++
    totals.set(part.reason, total)
    if (reason) {
      const c = categories.get(reason.category) ?? { category: reason.category, planned, ms: 0, count: 0 }
      c.ms += ms
      c.count++
      categories.set(reason.category, c)
    }
  }
  return {
    ...explainedOf({ stopMs, explainedMs, plannedMs, shortMs }),
    byReason: [...totals.values()].sort((a, b) => b.ms - a.ms),
    byCategory: [...categories.values()].sort((a, b) => b.ms - a.ms),
  }
}

/** The explained share and the unexplained time from the sums (of one range, or of shifts added up). */
export function explainedOf(sums: {
  stopMs: number
  explainedMs: number
  plannedMs: number
  shortMs: number
}) {
  const asked = sums.stopMs - sums.shortMs
  return {
    ...sums,
    unexplainedMs: asked - sums.explainedMs,
    share: asked > 0 ? sums.explainedMs / asked : null,
  }
}

/** The longest parts that need a reason and have none, longest first. */
export function longestUnexplained(
  parts: readonly StopPart[],
  thresholdMinutes: number,
  count = 10,
): StopPart[] {
  return parts
    .filter((p) => needsReason(p, thresholdMinutes))
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, count)
}

/** The reason a machine's faults are kept under (src/lib/stop-reasons.ts), a status code's rule included. */
export const FAULT_REASON = 'machine-fault'

/**
 * A machine's reliability in [from, till) (Unix ms), the one definition every screen uses:
 * - failures: its stops with the reason "machine fault or repair" (given, or by a code's rule) that began in
 *   the range;
 * - mean time between failures = its running time in the range ÷ failures;
 * - mean time to repair = those failures' stop time in the range ÷ failures.
 * Both are null without a failure.
 */
export function reliabilityOf(
  parts: readonly StopPart[],
  runningMs: number,
  from: number,
  till: number,
): { failures: number; repairMs: number; runningMs: number; mtbfMs: number | null; mttrMs: number | null } {
  // the faults that began in the range, all their time in it
  const faults = parts.filter((p) => p.reason === FAULT_REASON && p.stopStart >= from && p.stopStart < till)
  const failures = new Set(faults.map((p) => `${p.machineId} ${p.stopStart}`)).size
  const repairMs = faults.reduce((sum, p) => sum + within(p, from, till), 0)
  return {
    failures,
    repairMs,
    runningMs,
    mtbfMs: failures > 0 ? runningMs / failures : null,
    mttrMs: failures > 0 ? repairMs / failures : null,
  }
}
