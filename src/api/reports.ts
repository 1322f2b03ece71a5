import { queryOptions, useQuery } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { listEnvelope } from './contract/envelope'
import type { ReportPath } from './contract/report-params'
import { reportRowSchema } from './contract/report-row'
import { threadbreakRowSchema } from './contract/threadbreak-row'
import { getJson } from './http'
import { type ReportParams, reportSearchParams, reportStaleTime } from './report-params'

/** Open ranges are re-read every minute; closed past ranges never (reportStaleTime). */
export const REPORT_REFRESH_MS = 60_000

/** The 16 reports of reference 4.2, as data: pages and the explorer are driven by this list. */
export const REPORTS: ReadonlyArray<{ path: ReportPath; title: string; description: string }> = [
  { path: '/reports/stitches', title: 'Stitches', description: 'Stitches by pattern' },
  {
    path: '/reports/threadbreaks',
    title: 'Thread breaks',
    description: 'Thread breaks grouped by head and needle',
  },
  { path: '/reports/machine-summary', title: 'Machine summary', description: 'Machine summary' },
  { path: '/reports/average-rpm', title: 'Average RPM', description: 'Average RPM per machine' },
  {
    path: '/reports/machine-productivity',
    title: 'Machine productivity',
    description: 'Machine productivity',
  },
  { path: '/reports/runningtime', title: 'Running time', description: 'Running time statistics per design' },
  {
    path: '/reports/productiontime',
    title: 'Production time',
    description: 'Production time statistics per design',
  },
  { path: '/reports/shift-comparison', title: 'Shift comparison', description: 'Shift comparison' },
  {
    path: '/reports/time-comparison',
    title: 'Time comparison',
    description: 'Time comparison, monthly aggregation',
  },
  {
    path: '/reports/threadbreaks-by-machine',
    title: 'Thread-break log',
    description: 'Thread-break event log',
  },
  {
    path: '/reports/threadbreaks-by-machine/aggregated',
    title: 'Thread breaks aggregated',
    description: 'Aggregated thread-break counts by head and needle',
  },
  {
    path: '/reports/threadbreaks-by-design',
    title: 'Thread breaks by design',
    description: 'Thread breaks by design',
  },
  {
    path: '/reports/design-summary',
    title: 'Design summary',
    description: 'Detailed design status intervals',
  },
  { path: '/reports/daily-design', title: 'Daily design', description: 'Daily production by design' },
  { path: '/reports/number-of-pieces', title: 'Number of pieces', description: 'Number of pieces produced' },
  {
    path: '/reports/operator-overview',
    title: 'Operator overview',
    description: 'Operator productivity overview',
  },
]

const genericReportSchema = listEnvelope(reportRowSchema)
const threadbreakReportSchema = listEnvelope(threadbreakRowSchema)

/** Any report as flat rows (the payloads of 4.2 are not shown: rendered generically). */
export async function fetchReport(path: ReportPath, params: ReportParams, signal?: AbortSignal) {
  return (await getJson(`/api${path}?${reportSearchParams(params)}`, genericReportSchema, signal)).data
}

/** A closed past range is never refetched; an open one every minute. */
function reportTiming(params: ReportParams) {
  const staleTime = reportStaleTime(params, Math.floor(Date.now() / 1000), REPORT_REFRESH_MS / 2)
  return {
    staleTime,
    refetchInterval: staleTime === Number.POSITIVE_INFINITY ? (false as const) : REPORT_REFRESH_MS,
  }
}

export const reportQueryOptions = (path: ReportPath, params: ReportParams) =>
  queryOptions({
    queryKey: ['report', path, reportSearchParams(params).toString()],
    queryFn: ({ signal }) => fetchReport(path, params, signal),
    ...reportTiming(params),
  })

export const useReport = (path: ReportPath, params: ReportParams) =>
  useQuery(reportQueryOptions(path, params))

/** A thread-break count; a dimension the grouping folded away is null, not 0 (needle 0 is the bobbin). */
export interface ThreadbreakCount {
  id_machine: string
  machine_name: string
  head: number | null
  needle: number | null
  threadbreaks: number
}

/** Reference 4.3 / 4.4: with grouping H / head the needle comes back as 0, with N / needle the head;
 * the folded dimension is dropped here so that 0 can only ever mean the bobbin. */
export function foldedDimensionDropped(
  rows: z.infer<typeof threadbreakRowSchema>[],
  grouping: string,
): ThreadbreakCount[] {
  const headOnly = grouping === 'H' || grouping === 'head'
  const needleOnly = grouping === 'N' || grouping === 'needle'
  return rows.map((row) => ({
    ...row,
    head: needleOnly ? null : row.head,
    needle: headOnly ? null : row.needle,
  }))
}

type ThreadbreakPath = '/reports/threadbreaks' | '/reports/threadbreaks-by-machine/aggregated'

async function fetchThreadbreakCounts(path: ThreadbreakPath, params: ReportParams, signal?: AbortSignal) {
  const search = reportSearchParams(params)
  const rows = (await getJson(`/api${path}?${search}`, threadbreakReportSchema, signal)).data
  return foldedDimensionDropped(rows, search.get('grouping') ?? 'HN')
}

function threadbreakQueryOptions(path: ThreadbreakPath, params: ReportParams) {
  return queryOptions({
    queryKey: ['threadbreak-counts', path, reportSearchParams(params).toString()],
    queryFn: ({ signal }) => fetchThreadbreakCounts(path, params, signal),
    ...reportTiming(params),
  })
}

/** GET /reports/threadbreaks (reference 4.3): grouping HN (default), H or N. */
export const threadbreaksQueryOptions = (params: ReportParams & { grouping?: 'HN' | 'H' | 'N' }) =>
  threadbreakQueryOptions('/reports/threadbreaks', params)

/** GET /reports/threadbreaks-by-machine/aggregated (reference 4.4): grouping head, needle or both. */
export const aggregatedThreadbreaksQueryOptions = (
  params: ReportParams & { grouping: 'head' | 'needle' | 'both' },
) => threadbreakQueryOptions('/reports/threadbreaks-by-machine/aggregated', params)

export const useThreadbreaks = (params: Parameters<typeof threadbreaksQueryOptions>[0]) =>
  useQuery(threadbreaksQueryOptions(params))
export const useAggregatedThreadbreaks = (params: Parameters<typeof aggregatedThreadbreaksQueryOptions>[0]) =>
  useQuery(aggregatedThreadbreaksQueryOptions(params))
