import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RecordList } from '../../lib/domain'
import { naturalCompare } from '../../lib/natural-order'
import type { ReportPath } from '../contract/report-params'
import type { ListReportPath } from '../contract/report-rows'
import { getJson, lazySchemas } from '../core/http'
import { EMPTY_RECORDS, readRecords } from '../core/records'
import { type ReportParams, reportSearchParams } from '../vendor-reports/report-params'
import { keyOf, reportTiming } from '../vendor-reports/summary-reports'
import { explorerRows } from './report-rows-flat'
import { rowInOurUnits } from './report-units'

/** Any report as the reports explorer shows it (its generic table): a module of its own, so the pages
 * that read one report each (reports.ts, summary-reports.ts) do not load the explorer's units and
 * flattening. */

/** The reports of `path`: rows of a list, or (threadbreaks-by-design) one object. */
export const answersWithObject = (path: ReportPath) => path === '/reports/threadbreaks-by-design'

/** A report row as the vendor sent it, for the explorer's generic table. */
export type RawRow = Record<string, unknown>
const rawRow = lazySchemas((z) => z.record(z.string(), z.unknown()))
/** The reports' rows, loaded with the first answer (http.ts SchemaOf). */
const reportRows = () => import('../contract/report-rows')

/** Any report as the vendor's rows in stitchboard's units (times as instants, durations in seconds;
 * the explorer shows the vendor's fields; threadbreaks-by-design's
 * object as its rows of stitch positions, with its totals beside). A record that is not a documented
 * row is listed as malformed. */
export async function fetchReport(
  path: ReportPath,
  params: ReportParams,
  signal?: AbortSignal,
): Promise<RecordList<RawRow> & { summary: RawRow | null }> {
  const search = reportSearchParams(path, params)
  if (!search) return { ...EMPTY_RECORDS, summary: null }
  if (answersWithObject(path)) {
    const { data } = await getJson(
      `/api${path}?${search}`,
      () => reportRows().then((r) => r.reportObjectEnvelope),
      signal,
    )
    const { threadbreaks, ...summary } = data
    return { records: threadbreaks, malformed: [], summary }
  }
  const { data } = await getJson(
    `/api${path}?${search}`,
    () => reportRows().then((r) => r.reportListEnvelope),
    signal,
  )
  const [{ VENDOR_REPORT_ROWS }, raw] = await Promise.all([reportRows(), rawRow()])
  const rows = await readRecords(data, VENDOR_REPORT_ROWS[path as ListReportPath], (row) => row as RawRow)
  // a documented-looking row that fails its schema is still shown raw, flagged, never dropped
  return {
    ...rows,
    records: explorerRows(
      path,
      rows.records.map((r) => rowInOurUnits(path, raw.parse(r))),
    ),
    summary: null,
  }
}

export const reportQueryOptions = (path: ReportPath, params: ReportParams) =>
  queryOptions({
    queryKey: ['report', path, keyOf(path, params)],
    queryFn: ({ signal }) => fetchReport(path, params, signal),
    ...reportTiming(params, ['report', path, keyOf(path, params)]),
  })

export const useReport = (path: ReportPath, params: ReportParams) =>
  useQuery(reportQueryOptions(path, params))

/** The operators of a range, by ID and name, from the operator overview without an operator filter
 * (myzsk-api.md 1.22: the one answer that names operators); in name order. */
export function useOperators(params: ReportParams): Array<readonly [string, string]> | undefined {
  const all = useReport('/reports/operator-overview', params)
  if (!all.data) return undefined
  const names = new Map<string, string>()
  for (const r of all.data.records)
    if (typeof r.operatorId === 'string')
      names.set(
        r.operatorId,
        typeof r.operatorName === 'string' && r.operatorName ? r.operatorName : r.operatorId,
      )
  return [...names].sort((a, b) => naturalCompare(a[1], b[1]))
}
