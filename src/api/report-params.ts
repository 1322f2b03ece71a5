import { type AggregatedGrouping, ALL_MACHINES, type ThreadbreakGrouping } from './contract/report-params'

/** Parameters of a report request (reference 4.1, 4.3, 4.4), as the SPA states them. */
export interface ReportParams {
  from: number
  till: number
  machineIds?: readonly string[] | typeof ALL_MACHINES
  locationId?: number
  shift?: { from: string; to: string } | null
  includeBobbinThreadbreaks?: boolean
  grouping?: ThreadbreakGrouping | AggregatedGrouping
  reverseHeadOrder?: boolean
}

/** Unix seconds (reference 4.1: from/till are integers) of a Date or milliseconds. */
export function unixSeconds(time: Date | number): number {
  return Math.floor((typeof time === 'number' ? time : time.getTime()) / 1000)
}

/** `all`, or the IDs comma-separated; an empty list means all machines. */
export function machineIdsParam(ids: ReportParams['machineIds']): string {
  if (!ids || ids === ALL_MACHINES || ids.length === 0) return ALL_MACHINES
  return ids.join(',')
}

/** The shift filter as the JSON string the reference expects: {"from":"HH:MM","to":"HH:MM"}. */
export function shiftParam(shift: { from: string; to: string }): string {
  return JSON.stringify({ from: shift.from, to: shift.to })
}

/** The query string of a report request, parameters in a fixed order, defaults left out. */
export function reportSearchParams(params: ReportParams): URLSearchParams {
  const search = new URLSearchParams({
    from: String(params.from),
    till: String(params.till),
    machineIds: machineIdsParam(params.machineIds),
  })
  if (params.locationId) search.set('locationId', String(params.locationId))
  if (params.shift) search.set('shift', shiftParam(params.shift))
  if (params.includeBobbinThreadbreaks) search.set('includeBobbinThreadbreaks', 'true')
  if (params.grouping) search.set('grouping', params.grouping)
  if (params.reverseHeadOrder) search.set('reverseHeadOrder', 'true')
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
