import type { Span } from '../../src/lib/factory-time'
import { type NamedShift, shiftSpansAround } from '../../src/lib/time-range'
import { speaking } from '../messages'
import { RULE_IDS, RULE_NAMES, type RuleId } from './settings'
import type { AlertView } from './store'

export interface ResponseFigures {
  alerts: number
  acknowledged: number
  /** median seconds from raised to acknowledged, of those acknowledged */
  medianResponseSeconds: number | null
  /** median seconds from the cause's start to the all clear, of those cleared */
  medianRepairSeconds: number | null
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export function figuresOf(alerts: readonly AlertView[]): ResponseFigures {
  const acked = alerts.filter((a) => a.acknowledgedAt !== null)
  return {
    alerts: alerts.length,
    acknowledged: acked.length,
    medianResponseSeconds: median(acked.map((a) => Math.round((a.acknowledgedAt! - a.raisedAt) / 1000))),
    medianRepairSeconds: median(
      alerts.filter((a) => a.clearedAt !== null).map((a) => Math.round((a.clearedAt! - a.since) / 1000)),
    ),
  }
}

/** Alerts of a range in figures: in all, per machine and per rule (the shift page). */
export function alertReport(alerts: readonly AlertView[]) {
  const byMachine = new Map<string, AlertView[]>()
  for (const a of alerts) byMachine.set(a.machineId, [...(byMachine.get(a.machineId) ?? []), a])
  return {
    total: figuresOf(alerts),
    machines: [...byMachine].map(([machineId, list]) => ({
      machineId,
      machineName: list.at(-1)!.machineName,
      ...figuresOf(list),
    })),
    rules: RULE_IDS.map((rule) => ({
      rule,
      name: speaking('en').t(RULE_NAMES[rule]),
      ...figuresOf(alerts.filter((a) => a.rule === rule)),
    })).filter((r) => r.alerts > 0),
  }
}

export interface ShiftLoad {
  shift: string
  span: Span
  /** alerts raised per hour of the shift so far */
  perHour: number
  byRule: Array<{ rule: RuleId; name: string; alerts: number; perHour: number }>
}

/** The alarm budget: alerts per hour in each shift of the last day (the current one so far); a rule whose
 * alerts alone pass the budget in a shift is noisy. `at` in Unix ms; spans in Unix seconds. */
export function alarmLoad(
  alerts: readonly AlertView[],
  at: number,
  timeZone: string,
  shifts: readonly NamedShift[],
  budgetPerHour: number,
): { shifts: ShiftLoad[]; noisy: Array<{ rule: RuleId; name: string; shift: string; perHour: number }> } {
  const now = Math.floor(at / 1000)
  const spans = shiftSpansAround(now, timeZone, shifts)
    .filter(({ span }) => span[0] < now && span[1] > now - 86_400)
    .sort((a, b) => a.span[0] - b.span[0])
  const loads: ShiftLoad[] = spans.map(({ shift, span }) => {
    const end = Math.min(span[1], now)
    // the first quarter hour of a shift counts as a quarter hour: one alert at 06:01 is not 60 an hour
    const hours = Math.max(0.25, (end - span[0]) / 3600)
    // the shift so far includes this very instant; an ended shift ends where the next begins
    const until = span[1] <= now ? span[1] : now + 1
    const inShift = alerts.filter((a) => a.raisedAt / 1000 >= span[0] && a.raisedAt / 1000 < until)
    return {
      shift: shift.name,
      span,
      perHour: inShift.length / hours,
      byRule: RULE_IDS.map((rule) => {
        const count = inShift.filter((a) => a.rule === rule).length
        return { rule, name: speaking('en').t(RULE_NAMES[rule]), alerts: count, perHour: count / hours }
      }),
    }
  })
  const noisy = loads.flatMap((load) =>
    load.byRule
      .filter((r) => r.perHour > budgetPerHour)
      .map((r) => ({ rule: r.rule, name: r.name, shift: load.shift, perHour: r.perHour })),
  )
  return { shifts: loads, noisy }
}
