import { queryOptions, useQuery } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import type { DesignThreadbreaks, MachineShifts, RecordList, ThreadbreakCount } from '../../lib/domain'
import type { ListReportPath, VendorReportRecord } from '../contract/report-rows'
import { getJson } from '../core/http'
import { EMPTY_RECORDS, orNull, readRecords } from '../core/records'
import { type ReportParams, reportSearchParams } from './report-params'
import {
  keyOf,
  machineSpeedQueryOptions,
  machineSummaryQueryOptions,
  REPORT_REFRESH_MS,
  reportMovedOn,
  reportTiming,
} from './summary-reports'

/** The reports' rows and their mapping, loaded with the first answer (http.ts SchemaOf). */
const rows = () => import('../contract/report-rows')
const toDomain = () => import('../contract/to-domain')

async function fetchList<P extends ListReportPath, T>(
  path: P,
  params: ReportParams,
  map: ((row: VendorReportRecord<P>) => T) | Promise<(row: VendorReportRecord<P>) => T>,
  signal?: AbortSignal,
): Promise<RecordList<T>> {
  const search = reportSearchParams(path, params)
  if (!search) return EMPTY_RECORDS
  const [{ data }, mapping] = await Promise.all([
    getJson(`/api${path}?${search}`, () => rows().then((r) => r.reportListEnvelope), signal),
    map,
  ])
  const schema = () =>
    rows().then((r) => r.VENDOR_REPORT_RECORDS[path] as unknown as z.ZodMiniType<VendorReportRecord<P>>)
  return readRecords(data, schema, mapping)
}

/** myzsk-api.md 1.8 / 1.9: with grouping H / head the needle comes back as 0, with N / needle the head;
 * the folded dimension is dropped here so that 0 can only ever mean the bobbin. */
export function threadbreakCountOf(
  row: { id_machine: string; machine_name: string; head: number; needle: number; threadbreaks: number },
  grouping: string,
): ThreadbreakCount {
  const headOnly = grouping === 'H' || grouping === 'head'
  const needleOnly = grouping === 'N' || grouping === 'needle'
  return {
    machineId: row.id_machine,
    machineName: row.machine_name,
    head: needleOnly ? null : row.head,
    needle: headOnly ? null : row.needle,
    count: row.threadbreaks,
  }
}

type ThreadbreakPath = '/reports/threadbreaks' | '/reports/threadbreaks-by-machine/aggregated'

async function fetchThreadbreakCounts(path: ThreadbreakPath, params: ReportParams, signal?: AbortSignal) {
  const grouping = params.grouping ?? 'HN'
  return fetchList(path, params, (row) => threadbreakCountOf(row, grouping), signal)
}

function threadbreakQueryOptions(path: ThreadbreakPath, params: ReportParams) {
  return queryOptions({
    queryKey: ['threadbreak-counts', path, keyOf(path, params)],
    queryFn: ({ signal }) => fetchThreadbreakCounts(path, params, signal),
    ...reportTiming(params, ['threadbreak-counts', path, keyOf(path, params)]),
  })
}

/** GET /reports/threadbreaks (1.8): grouping HN (default), H or N. */
export const threadbreaksQueryOptions = (params: ReportParams & { grouping?: 'HN' | 'H' | 'N' }) =>
  threadbreakQueryOptions('/reports/threadbreaks', params)

/** GET /reports/threadbreaks-by-machine/aggregated (1.9): grouping head, needle or both. */
export const aggregatedThreadbreaksQueryOptions = (
  params: ReportParams & { grouping: 'head' | 'needle' | 'both' },
) => threadbreakQueryOptions('/reports/threadbreaks-by-machine/aggregated', params)

export const useThreadbreaks = (params: Parameters<typeof threadbreaksQueryOptions>[0]) =>
  useQuery(threadbreaksQueryOptions(params))
export const useAggregatedThreadbreaks = (params: Parameters<typeof aggregatedThreadbreaksQueryOptions>[0]) =>
  useQuery(aggregatedThreadbreaksQueryOptions(params))

export { machineSpeedQueryOptions, machineSummaryQueryOptions, REPORT_REFRESH_MS, reportMovedOn }
export const useMachineSummary = (params: ReportParams) => useQuery(machineSummaryQueryOptions(params))

/** GET /reports/shift-comparison (1.17): per machine, split by the vendor's work periods. */
export const machineShiftsQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: ['shift-comparison', keyOf('/reports/shift-comparison', params)],
    queryFn: ({ signal }) =>
      fetchList(
        '/reports/shift-comparison',
        params,
        (row): MachineShifts => ({
          machineId: row.machineId,
          machineName: row.machineName,
          locationId: orNull(row.locationId),
          locationName: orNull(row.locationName),
          stitches: orNull(row.stitches),
          threadbreaks: orNull(row.threadbreaks),
          shifts: (row.shifts ?? []).map((s) => ({ ...s })),
        }),
        signal,
      ),
    ...reportTiming(params, ['shift-comparison', keyOf('/reports/shift-comparison', params)]),
  })
export const useMachineShifts = (params: ReportParams) => useQuery(machineShiftsQueryOptions(params))

/** GET /reports/threadbreaks-by-machine (1.10): the break log, newest first; times in ms. */
export const threadbreakEventsQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: ['threadbreak-events', keyOf('/reports/threadbreaks-by-machine', params)],
    queryFn: ({ signal }) =>
      fetchList(
        '/reports/threadbreaks-by-machine',
        params,
        toDomain().then((d) => d.breakEventOf),
        signal,
      ),
    ...reportTiming(params, ['threadbreak-events', keyOf('/reports/threadbreaks-by-machine', params)]),
  })

/** GET /reports/threadbreaks-by-design (1.11): needs designId and designStitches. */
export async function fetchDesignThreadbreaks(
  params: ReportParams & { designId: string; designStitches: number },
  signal?: AbortSignal,
): Promise<DesignThreadbreaks> {
  const path = '/reports/threadbreaks-by-design'
  const { data } = await getJson(
    `/api${path}?${reportSearchParams(path, params)}`,
    () => rows().then((r) => r.reportObjectEnvelope),
    signal,
  )
  return {
    designId: data.designId,
    designStitches: data.designStitches,
    passes: data.totalPasses,
    byStitch: data.threadbreaks.map((t) => ({ stitch: t.stitch, count: t.threadbreaks })),
  }
}

export const designThreadbreaksQueryOptions = (
  params: ReportParams & { designId: string; designStitches: number },
) =>
  queryOptions({
    queryKey: ['design-threadbreaks', keyOf('/reports/threadbreaks-by-design', params)],
    queryFn: ({ signal }) => fetchDesignThreadbreaks(params, signal),
    ...reportTiming(params, ['design-threadbreaks', keyOf('/reports/threadbreaks-by-design', params)]),
  })
