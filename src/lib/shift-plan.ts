import type { Machine } from './domain'
import { localDateKey } from './factory-time'
import {
  defaultStitchTarget,
  type MachineInputs,
  type MsSpan,
  type Oee,
  oeeOf,
  overlapLength,
  type Pace,
  paceOf,
  plannedSpans,
  runInside,
  spansLength,
  subtractSpans,
} from './plan'
import { factoryTarget, rejectsFor, type TargetRow, type TargetScope, targetFor } from './plan-targets'
import { type PlannedStop, plannedWindows, type StopSettings } from './stop-reasons'
import type { NamedShift } from './time-range'

/** A shift's plan and what became of it, put together from the arithmetic of ./plan: one reading for the
 * live pace (the browser) and the shifts that ended (the server). */

/** Where a target comes from: set on the targets page, or made from the machines' set speeds. */
export interface TargetOf {
  value: number
  /** set for all machines, the sum of the locations' targets, or made from the set speeds */
  source: 'set' | 'locations' | 'default'
  /** the (latest) row it comes from */
  row: TargetRow | null
  /** how many locations' targets it sums */
  locations: number
  /** for a default: the machines it leaves out for want of a set speed */
  withoutSetSpeed: number
}

export interface PaceOf {
  pace: Pace
  target: TargetOf
}

/** The pace of a part of the factory (a location, a machine) against its own target, or the default made
 * from its machines' set speeds when none is set; its OEE without rejects unless entered for it. */
export interface PartPlan {
  oee: Oee
  pieces: PaceOf | null
  stitches: PaceOf | null
}

/** A shift's plan and what became of it so far: OEE of the factory and each location, and the pace in
 * pieces and stitches against the target. */
export interface ShiftPlan {
  shift: NamedShift
  /** the shift's span (Unix ms) and the day it belongs to */
  span: MsSpan
  day: string
  now: number
  /** the factory's planned production time: the shift without its breaks and planned stops for all */
  planned: MsSpan[]
  oee: Oee
  byLocation: ReadonlyMap<number | null, PartPlan>
  byMachine: ReadonlyMap<string, PartPlan>
  /** pieces and stitches made (the portal's summary), null where the summary has none */
  made: { pieces: number | null; stitches: number | null }
  pieces: PaceOf | null
  stitches: PaceOf | null
  machines: number
  /** since when availability is judged, when the history began during the shift (Unix ms) */
  judgedFrom: number | null
  /** the history could not be read: no availability */
  noHistory: boolean
}

export interface ShiftPlanInputs {
  shift: NamedShift
  span: MsSpan
  now: number
  timeZone: string
  shifts: readonly NamedShift[]
  machines: ReadonlyArray<Pick<Machine, 'id' | 'locationId' | 'configuredRpm'>>
  settings: Pick<StopSettings, 'breaks'>
  plannedStops: readonly PlannedStop[]
  intervals: ReadonlyMap<string, Parameters<typeof runInside>[0]>
  summary: ReadonlyMap<
    string,
    { stitches: number | null; pieces: number | null; productionSeconds: number | null }
  >
  /** since when the history knows (earlier planned time is not judged), and where it does not */
  recordedFrom: number | null
  gaps: ReadonlyArray<{ start: number; end: number }>
  /** whether the history could be read at all */
  history: boolean
  targets: readonly TargetRow[]
  rejects: Parameters<typeof rejectsFor>[0]
}

/** The plan of one shift from its inputs: the arithmetic of src/lib/plan, put together. */
export function shiftPlanOf(input: ShiftPlanInputs): ShiftPlan {
  const { span, now, timeZone } = input
  const till = Math.min(now, span[1])
  const day = localDateKey(Math.floor(span[0] / 1000), timeZone)
  // a machine's planned windows depend on its location and on planned stops for it alone: worked out
  // once for each (working out a shift's windows reads the factory's calendar, which takes its time)
  const own = new Set(input.plannedStops.flatMap((p) => (p.scope.kind === 'machine' ? [p.scope.id] : [])))
  const windowsKept = new Map<string, MsSpan[]>()
  const windowsOf = (machine: { id: string; locationId: number | null }) => {
    const key = `${machine.locationId}|${own.has(machine.id) ? machine.id : ''}`
    let windows = windowsKept.get(key)
    if (!windows) {
      windows = plannedWindows(
        machine,
        span[0],
        span[1],
        input.settings,
        input.plannedStops,
        input.shifts,
        timeZone,
      ).map((w) => [w.from, w.till] as MsSpan)
      windowsKept.set(key, windows)
    }
    return windows
  }
  const planned = plannedSpans([span], windowsOf({ id: '', locationId: null }))
  const inputs: MachineInputs[] = []
  const fullPlanned: Array<{ plannedMs: number; setSpeed: number | null }> = []
  // availability judges only what the history saw: not before recording began, not in its gaps
  const unknown: MsSpan[] = [
    ...(input.recordedFrom === null
      ? [[span[0], span[1]] as MsSpan]
      : [[span[0], input.recordedFrom] as MsSpan]),
    ...input.gaps.map((g) => [g.start, g.end] as MsSpan),
  ]
  for (const m of input.machines) {
    const own = plannedSpans([span], windowsOf(m))
    const seen = subtractSpans(own, unknown)
    const summary = input.summary.get(m.id)
    fullPlanned.push({ plannedMs: spansLength(own), setSpeed: m.configuredRpm })
    inputs.push({
      machineId: m.id,
      locationId: m.locationId,
      plannedMs: overlapLength(seen, span[0], till),
      runMs: runInside(input.intervals.get(m.id) ?? [], seen, till),
      calendarMs: Math.max(0, till - Math.max(span[0], input.recordedFrom ?? span[1])),
      stitches: summary?.stitches ?? null,
      productionMs: summary?.productionSeconds == null ? null : summary.productionSeconds * 1000,
      pieces: summary?.pieces ?? null,
      setSpeed: m.configuredRpm,
    })
  }
  const factoryRejects = rejectsFor(input.rejects, input.shift.name, day, null)?.rejects ?? null
  const oee = oeeOf(inputs, factoryRejects)
  const sumOf = (of: readonly MachineInputs[], key: 'stitches' | 'pieces') =>
    of.some((m) => m[key] !== null) ? of.reduce((s, m) => s + (m[key] ?? 0), 0) : null
  // a part's own target (set for it, or the default from its machines), spread over its planned time
  const partPlan = (
    scope: TargetScope | null,
    members: number[],
    locationId: number | null,
    machineId: string,
    rejects: number | null,
  ): PartPlan => {
    const own = members.map((i) => inputs[i]!)
    const set =
      scope === null
        ? { pieces: null, stitches: null, row: null }
        : targetFor(input.targets, input.shift.name, scope, span[0], span[1], timeZone)
    const made = defaultStitchTarget(members.map((i) => fullPlanned[i]!))
    const partPlanned = plannedSpans([span], windowsOf({ id: machineId, locationId }))
    const paceIn = (value: number | null, actual: number | null, source: TargetOf['source']) =>
      value === null || actual === null
        ? null
        : {
            pace: paceOf(value, actual, partPlanned, now),
            target: {
              value,
              source,
              row: source === 'set' ? set.row : null,
              locations: 0,
              withoutSetSpeed: source === 'default' ? made.withoutSetSpeed : 0,
            },
          }
    return {
      oee: oeeOf(own, rejects),
      pieces: paceIn(set.pieces, sumOf(own, 'pieces'), 'set'),
      stitches:
        set.stitches !== null
          ? paceIn(set.stitches, sumOf(own, 'stitches'), 'set')
          : made.stitches > 0
            ? paceIn(made.stitches, sumOf(own, 'stitches'), 'default')
            : null,
    }
  }
  const byLocation = new Map<number | null, PartPlan>()
  for (const id of new Set(inputs.map((m) => m.locationId)))
    byLocation.set(
      id,
      partPlan(
        id === null ? null : { kind: 'location', id },
        inputs.flatMap((m, i) => (m.locationId === id ? [i] : [])),
        id,
        '',
        id === null ? null : (rejectsFor(input.rejects, input.shift.name, day, id)?.rejects ?? null),
      ),
    )
  const byMachine = new Map<string, PartPlan>(
    inputs.map((m, i) => [
      m.machineId,
      partPlan({ kind: 'machine', id: m.machineId }, [i], m.locationId, m.machineId, null),
    ]),
  )
  // the target in force at the shift's end: one changed during the shift applies to the whole shift
  const locations = [...new Set(input.machines.flatMap((m) => (m.locationId === null ? [] : [m.locationId])))]
  const target = factoryTarget(input.targets, input.shift.name, locations, span[0], span[1], timeZone)
  const setSource: TargetOf['source'] = target.rows.some((r) => r.scope.kind === 'all') ? 'set' : 'locations'
  const latest = target.rows.reduce<TargetRow | null>((a, r) => (!a || r.at > a.at ? r : a), null)
  const madeDefault = defaultStitchTarget(fullPlanned)
  const paceIn = (value: number | null, actual: number | null, source: TargetOf['source']): PaceOf | null =>
    value === null || actual === null
      ? null
      : {
          pace: paceOf(value, actual, planned, now),
          target: {
            value,
            source,
            row: source === 'default' ? null : latest,
            locations: source === 'locations' ? target.rows.length : 0,
            withoutSetSpeed: source === 'default' ? madeDefault.withoutSetSpeed : 0,
          },
        }
  const sum = (key: 'stitches' | 'pieces') => sumOf(inputs, key)
  return {
    shift: input.shift,
    span,
    day,
    now,
    planned,
    oee,
    byLocation,
    byMachine,
    pieces: paceIn(target.pieces, sum('pieces'), setSource),
    stitches:
      target.stitches !== null
        ? paceIn(target.stitches, sum('stitches'), setSource)
        : madeDefault.stitches > 0
          ? paceIn(madeDefault.stitches, sum('stitches'), 'default')
          : null,
    made: { pieces: sum('pieces'), stitches: sum('stitches') },
    machines: inputs.length,
    judgedFrom: input.recordedFrom !== null && input.recordedFrom > span[0] ? input.recordedFrom : null,
    noHistory: !input.history,
  }
}
