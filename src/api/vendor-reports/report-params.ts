import {
  type AggregatedGrouping,
  ALL_MACHINES,
  type IgnoreOutliers,
  type ReportPath,
  reportTakes,
  type ThreadbreakGrouping,
} from '../contract/report-params'

/** Parameters of a report request, as the SPA states them; each report is sent only those it takes. */
export interface ReportParams {
  from: number
  till: number
  machineIds?: readonly string[] | typeof ALL_MACHINES
  locationId?: number
  /** the machines at `locationId`: a report that takes machineIds but no locationId is asked for these */
  locationMachineIds?: readonly string[]
  shift?: { from: string; to: string } | null
  includeBobbinThreadbreaks?: boolean
  grouping?: ThreadbreakGrouping | AggregatedGrouping
  reverseHeadOrder?: boolean
  designId?: string
  designStitches?: number
  ignoreOutliers?: IgnoreOutliers
  operatorId?: string
}

/** Unix seconds of a Date or milliseconds. */
export function unixSeconds(time: Date | number): number {
  return Math.floor((typeof time === 'number' ? time : time.getTime()) / 1000)
}

/** `all`, or the IDs comma-separated; an empty list means all machines. */
export function machineIdsParam(ids: ReportParams['machineIds']): string {
  if (!ids || ids === ALL_MACHINES || ids.length === 0) return ALL_MACHINES
  return ids.join(',')
}

/** The shift filter as the JSON string production-api.md 4.1 documents: {"from":"HH:MM","to":"HH:MM"}. */
export function shiftParam(shift: { from: string; to: string }): string {
  return JSON.stringify({ from: shift.from, to: shift.to })
}

/** The machines a report is asked for: the machine filter, narrowed to the location's machines where
 * the report cannot filter by location itself. */
function machinesFor(path: ReportPath, params: ReportParams): ReportParams['machineIds'] {
  const chosen = params.machineIds
  const atLocation =
    params.locationId && !reportTakes(path, 'locationId') ? params.locationMachineIds : undefined
  if (!atLocation) return chosen && chosen !== ALL_MACHINES && chosen.length > 0 ? chosen : ALL_MACHINES
  if (!chosen || chosen === ALL_MACHINES || chosen.length === 0) return atLocation
  const here = new Set(atLocation)
  return chosen.filter((id) => here.has(id))
}

/** The filters set on the page that this report cannot apply (the vendor documents no such parameter
 * for it): the page says so instead of pretending. */
export function filtersNotApplied(path: ReportPath, params: ReportParams): Array<'machines' | 'location'> {
  const missing: Array<'machines' | 'location'> = []
  const machinesChosen =
    params.machineIds && params.machineIds !== ALL_MACHINES && params.machineIds.length > 0
  if (machinesChosen && !reportTakes(path, 'machineIds')) missing.push('machines')
  if (
    params.locationId &&
    !reportTakes(path, 'locationId') &&
    !(reportTakes(path, 'machineIds') && params.locationMachineIds)
  )
    missing.push('location')
  return missing
}

/** The query string of a report request: only the parameters this report documents, in a fixed
 * order, defaults left out. Null when the filters select no machine at all (nothing to ask). */
export function reportSearchParams(path: ReportPath, params: ReportParams): URLSearchParams | null {
  const search = new URLSearchParams({ from: String(params.from), till: String(params.till) })
  const takes = (name: Parameters<typeof reportTakes>[1]) => reportTakes(path, name)
  if (takes('machineIds')) {
    const machines = machinesFor(path, params)
    if (machines !== ALL_MACHINES && machines?.length === 0) return null
    search.set('machineIds', machineIdsParam(machines))
  }
  if (takes('locationId') && params.locationId) search.set('locationId', String(params.locationId))
  if (takes('shift') && params.shift) search.set('shift', shiftParam(params.shift))
  if (takes('includeBobbinThreadbreaks') && params.includeBobbinThreadbreaks)
    search.set('includeBobbinThreadbreaks', 'true')
  if (takes('grouping') && params.grouping) search.set('grouping', params.grouping)
  if (takes('reverseHeadOrder') && params.reverseHeadOrder) search.set('reverseHeadOrder', 'true')
  if (takes('designId') && params.designId) {
    search.set('designId', params.designId)
    if (params.designStitches) search.set('designStitches', String(params.designStitches))
  }
  if (takes('ignoreOutliers') && params.ignoreOutliers)
    search.set('ignoreOutliers', String(params.ignoreOutliers))
  if (takes('operatorId') && params.operatorId && params.operatorId !== 'all')
    search.set('operatorId', params.operatorId)
  return search
}

/** How long report data stays fresh: a range closed in the past never changes (Infinity); an open
 * one is refreshed by the caller's interval. */
export function reportStaleTime(
  params: Pick<ReportParams, 'till'>,
  nowSeconds: number,
  liveMs: number,
): number {
  return params.till <= nowSeconds - 120 ? Number.POSITIVE_INFINITY : liveMs
}

/** The same filters over the range just before, as long as this one ("is it getting worse?"). */
export const rangeBefore = <P extends Pick<ReportParams, 'from' | 'till'>>(params: P): P => ({
  ...params,
  from: params.from - (params.till - params.from),
  till: params.from,
})
