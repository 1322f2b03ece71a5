import { queryOptions } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import type { MachineSpeed, MachineSummary, RecordList } from '../../lib/domain'
import type { ReportPath } from '../contract/report-params'
import type { averageRpmRecord, machineSummaryRecord } from '../contract/summary-rows'
import { getJson, type SchemaOf } from '../core/http'
import { type KeyedRange, keptWhileMovedOn, movedOnPlaceholders } from '../core/moved-on'
import { EMPTY_RECORDS, orNull, readRecords } from '../core/records'
import { type ReportParams, reportSearchParams, reportStaleTime } from './report-params'

/** The two reports the board and the wall read (machine-summary for the pace, average-rpm for the
 * locations' names) and how every report is timed and keyed: a module of its own, so those pages do not
 * load every report's code (reports.ts has the others). */

/** The reports' envelope and rows, loaded with the first answer (http.ts SchemaOf) */
const reportListEnvelope = () => import('../contract/envelope').then((e) => e.reportListEnvelope)
const rows = () => import('../contract/summary-rows')

/** Open ranges are re-read every minute; closed past ranges never (reportStaleTime). */
export const REPORT_REFRESH_MS = 60_000

/** A closed past range is never refetched; an open one every minute. */
export function reportTiming(params: ReportParams, key: readonly unknown[]) {
  const staleTime = reportStaleTime(params, Math.floor(Date.now() / 1000), REPORT_REFRESH_MS / 2)
  return {
    staleTime,
    refetchInterval: staleTime === Number.POSITIVE_INFINITY ? (false as const) : REPORT_REFRESH_MS,
    placeholderData: reportPlaceholder(key),
  }
}

/** A report's key ends with its query string, whose from and till are Unix seconds. */
function reportRange(key: readonly unknown[]): KeyedRange {
  const search = new URLSearchParams(String(key.at(-1)))
  const from = Number(search.get('from')) * 1000
  const till = Number(search.get('till')) * 1000
  search.delete('from')
  search.delete('till')
  return { rest: JSON.stringify([...key.slice(0, -1), search.toString()]), from, till }
}

/** The last answer of the same report with the same filters while its range a minute on loads
 * (keptWhileMovedOn). */
export const reportMovedOn = <T>(
  previous: T | undefined,
  previousKey: readonly unknown[] | undefined,
  key: readonly unknown[],
): T | undefined => keptWhileMovedOn(previous, previousKey, key, reportRange)

/** The report's placeholder: one function per key (movedOnPlaceholders). */
const reportPlaceholder = movedOnPlaceholders(reportRange)

export const keyOf = (path: ReportPath, params: ReportParams) =>
  reportSearchParams(path, params)?.toString() ?? ''

async function fetchSummaryRows<S extends z.ZodMiniType, T>(
  path: ReportPath,
  schema: SchemaOf<S>,
  params: ReportParams,
  map: (row: z.infer<S>) => T,
  signal?: AbortSignal,
): Promise<RecordList<T>> {
  const search = reportSearchParams(path, params)
  if (!search) return EMPTY_RECORDS
  const { data } = await getJson(`/api${path}?${search}`, reportListEnvelope, signal)
  return readRecords(data, schema, map)
}

/** GET /reports/machine-summary (1.12): seconds, and seconds per status code. */
export const machineSummaryQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: ['machine-summary', keyOf('/reports/machine-summary', params)],
    queryFn: ({ signal }) =>
      fetchSummaryRows(
        '/reports/machine-summary',
        (): Promise<typeof machineSummaryRecord> => rows().then((r) => r.machineSummaryRecord),
        params,
        (row): MachineSummary => ({
          machineId: row.machineId,
          machineName: row.machineName,
          stitches: orNull(row.stitches),
          threadbreaks: orNull(row.threadbreaks),
          passes: orNull(row.passes),
          pieces: orNull(row.pieces),
          totalSeconds: orNull(row.totalTime),
          productionSeconds: orNull(row.productionTime),
          utilizationPercent: orNull(row.utilization),
          stitchesPerMinute: orNull(row.stitchesPerMinute),
          secondsByStatus: new Map(
            Object.entries(row.statusBreakdown ?? {}).flatMap(([code, seconds]) =>
              /^-?\d+$/.test(code) ? [[Number(code), seconds] as const] : [],
            ),
          ),
        }),
        signal,
      ),
    ...reportTiming(params, ['machine-summary', keyOf('/reports/machine-summary', params)]),
  })

/** GET /reports/average-rpm (1.13): no machine filter. */
export const machineSpeedQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: ['average-rpm', keyOf('/reports/average-rpm', params)],
    queryFn: ({ signal }) =>
      fetchSummaryRows(
        '/reports/average-rpm',
        (): Promise<typeof averageRpmRecord> => rows().then((r) => r.averageRpmRecord),
        params,
        (row): MachineSpeed => ({
          machineId: row.machineId,
          machineName: row.machineName,
          locationId: orNull(row.locationId),
          locationName: orNull(row.locationName),
          productiveSeconds: orNull(row.productiveTime),
          stitches: orNull(row.stitches),
          averageRpm: orNull(row.averageRpm),
        }),
        signal,
      ),
    ...reportTiming(params, ['average-rpm', keyOf('/reports/average-rpm', params)]),
  })
