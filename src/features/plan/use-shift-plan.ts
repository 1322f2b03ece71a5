import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useAppConfig } from '../../api/core/app-config'
import { useFactoryTimeline } from '../../api/history/history'
import { machinesQueryOptions } from '../../api/machines/machines'
import { rejectsQueryOptions, targetsQueryOptions } from '../../api/plan/plan'
import { stopSettingsQueryOptions } from '../../api/stops/stops'
import { machineSummaryQueryOptions } from '../../api/vendor-reports/summary-reports'
import { localDateKey } from '../../lib/factory-time'
import { type ShiftPlan, shiftPlanOf } from '../../lib/shift-plan'
import { currentShift } from '../../lib/time-range'

export type { PaceOf, PartPlan, ShiftPlan, TargetOf } from '../../lib/shift-plan'

type Query = Pick<UseQueryResult<unknown>, 'isError' | 'error' | 'data' | 'dataUpdatedAt'>
/** What the plan is read from, each to be named when it cannot be read. */
export interface PlanQueries {
  machines: Query
  settings: Query
  targets: Query
  rejects: Query
  timeline: Query
  summary: Query
}

/** The running shift's plan, read live (undefined while its parts load; null outside every shift). */
export function useShiftPlan(nowSeconds: number): {
  plan: ShiftPlan | null | undefined
  queries: PlanQueries
} {
  const config = useAppConfig().data
  const current = config ? currentShift(nowSeconds, config.timeZone, config.shifts) : null
  const from = current ? current.span[0] : nowSeconds
  const machines = useQuery(machinesQueryOptions())
  const settings = useQuery(stopSettingsQueryOptions())
  const targets = useQuery(targetsQueryOptions())
  const day = config ? localDateKey(from, config.timeZone) : ''
  const rejects = useQuery({ ...rejectsQueryOptions(day, day), enabled: day !== '' })
  const timeline = useFactoryTimeline(from * 1000, nowSeconds * 1000)
  const summary = useQuery({
    ...machineSummaryQueryOptions({ from, till: nowSeconds, machineIds: 'all' }),
    enabled: current !== null,
  })
  const queries = { machines, settings, targets, rejects, timeline, summary }
  if (!config) return { plan: undefined, queries }
  if (!current) return { plan: null, queries }
  // without a history (none kept, or starting) the pace stands, and availability says why it is missing
  const history = timeline.data ?? (timeline.isError ? null : undefined)
  if (
    !machines.data ||
    !settings.data ||
    !targets.data ||
    !rejects.data ||
    history === undefined ||
    !summary.data
  )
    return { plan: undefined, queries }
  const plan = shiftPlanOf({
    shift: current.shift,
    span: [current.span[0] * 1000, current.span[1] * 1000],
    now: nowSeconds * 1000,
    timeZone: config.timeZone,
    shifts: config.shifts,
    machines: machines.data.records,
    settings: settings.data.settings,
    plannedStops: settings.data.planned,
    intervals: history?.machines ?? new Map(),
    recordedFrom: history ? history.recordingSince : null,
    gaps: history?.gaps ?? [],
    history: history !== null,
    summary: new Map(summary.data.records.map((r) => [r.machineId, r])),
    targets: targets.data.targets,
    rejects: rejects.data,
  })
  return { plan, queries }
}
