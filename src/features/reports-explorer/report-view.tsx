import { lazy, Suspense, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { ReportPath } from '../../api/contract/report-params'
import { useFactoryZone, useStatusCodes } from '../../api/core/app-config'
import type { RawRow } from '../../api/reports-explorer/report-explorer'
import { isCodeColumn, reportFieldLabel, statusOfColumn } from '../../api/reports-explorer/report-labels'
import { isDurationColumn } from '../../api/reports-explorer/report-units'
import { download } from '../../components/download'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { useT } from '../../components/i18n'
import { NotInKiosk } from '../../components/kiosk/kiosk-context'
import { flattenRow, inferColumns } from '../../components/report-table/columns'
import { Skeleton } from '../../components/skeleton'
import { withMessages } from '../../components/with-messages'
import { toCsv } from '../../lib/csv'
import { withParam } from '../../lib/filters'
import { meaningLabel } from '../../lib/status-codes'
import { chartSpec } from './chart-spec'

/** The chart (recharts) is loaded only when a report has one to show, out of the route's first load. */
const ReportChart = lazy(() =>
  withMessages('src/features/reports-explorer/report-chart.tsx', () => import('./report-chart'))(),
)
/** The table (with its virtualiser) is needed only once rows arrive: the page starts fetching it while the
 * report request is in flight, so it costs no waiting and stays out of the route's first load. */
export const preloadReportTable = () =>
  withMessages(
    'src/components/report-table/report-table.tsx',
    () => import('../../components/report-table/report-table'),
  )()
const ReportTable = lazy(() => preloadReportTable().then((m) => ({ default: m.ReportTable })))

/** The rows as a table and, when they make one, a chart; CSV and JSON exports of them. */
export function ReportView({ rows, path, title }: { rows: RawRow[]; path: ReportPath; title: string }) {
  const { t } = useT()
  const timeZone = useFactoryZone()
  const [search, setSearch] = useSearchParams()
  const flat = useMemo(() => rows.map((row) => flattenRow(row)), [rows])
  // durations in seconds are known from the API layer, never guessed from a column's name
  const codes = useStatusCodes()
  const columns = useMemo(
    () =>
      inferColumns(flat).map((c) => {
        const status = statusOfColumn(c.key)
        const meaning = status === null ? undefined : codes?.get(status)
        return {
          ...c,
          kind:
            c.kind === 'number' && isCodeColumn(c.key)
              ? ('text' as const)
              : c.kind === 'number' && isDurationColumn(path, c.key)
                ? ('duration' as const)
                : c.kind,
          // the dictionary's meaning: the factory's own words as written, or the product's (a message)
          label: meaning
            ? t('reports.view.statusColumn', {
                label: reportFieldLabel(path, c.key, t),
                meaning: meaningLabel(meaning, t),
              })
            : reportFieldLabel(path, c.key, t),
        }
      }),
    [flat, path, codes, t],
  )
  const spec = useMemo(() => chartSpec(columns, flat, t), [columns, flat, t])
  const showChart = search.get('chart') !== '0'
  const base = path.slice('/reports/'.length).replace(/\//g, '-')
  const exportCsv = () =>
    download(
      `${base}.csv`,
      toCsv(
        columns.map((c) => c.label ?? c.key),
        flat.map((row) =>
          columns.map((c) => {
            const value = row[c.key]
            return typeof value === 'object' && value !== null
              ? JSON.stringify(value)
              : (value as string | number | boolean | null)
          }),
        ),
      ),
      'text/csv;charset=utf-8',
    )
  const exportJson = () =>
    download(`${base}.json`, `${JSON.stringify({ data: rows }, null, 2)}\n`, 'application/json')
  const button = 'rounded border border-gray-400 px-3 py-1 dark:border-gray-600'
  return (
    <div className="space-y-3">
      <NotInKiosk>
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className={button} onClick={exportCsv}>
            {t('reports.view.exportCsv')}
          </button>
          <button type="button" className={button} onClick={exportJson}>
            {t('reports.view.exportJson')}
          </button>
          {spec && (
            <label className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={showChart}
                onChange={(e) =>
                  setSearch((current) => withParam(current, 'chart', e.target.checked ? null : '0'))
                }
              />
              {t('reports.view.showChart')}
            </label>
          )}
        </div>
      </NotInKiosk>
      {spec && showChart && (
        <WidgetErrorBoundary name={t('reports.view.chart')}>
          <Suspense fallback={<Skeleton lines={6} label={t('reports.view.loadingChart')} />}>
            <ReportChart
              spec={spec}
              timeZone={timeZone}
              labels={new Map(columns.map((c) => [c.key, c.label]))}
            />
          </Suspense>
        </WidgetErrorBoundary>
      )}
      <Suspense fallback={<Skeleton lines={8} label={t('reports.view.loadingTable')} />}>
        <ReportTable columns={columns} rows={flat} timeZone={timeZone} caption={title} />
      </Suspense>
    </div>
  )
}
