import { type Condition, dueLevels, type OpenAlert, step } from './rules'
import type { AlertSettings, RuleId } from './settings'

/** An alert as a replay of a recorded history saw it (Unix ms). */
export interface ReplayedAlert {
  key: string
  rule: RuleId
  machineId: string
  cause: string
  since: number
  raisedAt: number
  acknowledgedAt: number | null
  clearedAt: number | null
  /** [level, at] of every escalation level told */
  told: Array<[number, number]>
}

/**
 * The alerts' lifecycle over a recorded history, in memory: the same `step` the server applies after each
 * poll, on evaluations given in time order. `acknowledge` says when someone is on an alert (tests and
 * the bench's "response"). For tests of rules on recorded histories and the alarm-rate bench.
 */
export function replay(
  evaluations: Iterable<{ at: number; conditions: readonly Condition[] }>,
  settings: AlertSettings,
  acknowledge: (alert: ReplayedAlert, at: number) => boolean = () => false,
): ReplayedAlert[] {
  const all: ReplayedAlert[] = []
  const open = new Map<number, { lifecycle: OpenAlert; alert: ReplayedAlert }>()
  let nextId = 1
  for (const { at, conditions } of evaluations) {
    for (const { lifecycle, alert } of open.values()) {
      if (lifecycle.acknowledgedAt === null && acknowledge(alert, at)) {
        lifecycle.acknowledgedAt = at
        alert.acknowledgedAt = at
      }
    }
    const next = step(
      at,
      [...open.values()].map((o) => o.lifecycle),
      conditions,
      settings,
    )
    for (const { id } of next.hold) open.get(id)!.lifecycle.okSince = null
    for (const { id, at: from } of next.okFrom) open.get(id)!.lifecycle.okSince = from
    for (const { id, level } of next.escalate) {
      const o = open.get(id)!
      o.lifecycle.level = Math.max(o.lifecycle.level, level)
      o.alert.told.push([level, at])
    }
    for (const { id, at: when } of next.clear) {
      open.get(id)!.alert.clearedAt = when
      open.delete(id)
    }
    for (const c of next.raise) {
      const alert: ReplayedAlert = {
        key: c.key,
        rule: c.rule,
        machineId: c.machineId,
        cause: c.cause,
        since: c.since,
        raisedAt: at,
        acknowledgedAt: null,
        clearedAt: null,
        told: [],
      }
      const levels = dueLevels(settings.rules[c.rule].levels, -1, at, at)
      for (const level of levels) alert.told.push([level, at])
      const id = nextId++
      open.set(id, {
        lifecycle: {
          id,
          key: c.key,
          rule: c.rule,
          raisedAt: at,
          level: levels.at(-1) ?? -1,
          acknowledgedAt: null,
          okSince: null,
        },
        alert,
      })
      all.push(alert)
    }
  }
  return all
}
