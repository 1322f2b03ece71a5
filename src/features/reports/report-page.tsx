import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useId, useMemo } from 'react'
import { Link, useLocation, useParams, useSearchParams } from 'react-router'
import { appConfigQueryOptions, useStatusCodes } from '../../api/app-config'
import { IGNORE_OUTLIERS, REPORT_SPECS, type ReportPath, reportTakes } from '../../api/contract/report-params'
import { useDesigns } from '../../api/designs'
import { isCodeColumn, reportFieldLabel, statusOfColumn } from '../../api/report-labels'
import { filtersNotApplied, type ReportParams } from '../../api/report-params'
import { isDurationColumn } from '../../api/report-units'
import { type RawRow, REPORTS, useOperators, useReport } from '../../api/reports'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { DesignPicker } from '../../components/filters/design-picker'
import { FilterBar } from '../../components/filters/filter-bar'
import { useReportScope } from '../../components/filters/use-filters'
import { CONTROL } from '../../components/form-styles'
import { NotInKiosk } from '../../components/kiosk'
import { MalformedRecords } from '../../components/malformed-records'
import { DataAge, QueryState } from '../../components/query-state'
import { flattenRow, inferColumns } from '../../components/report-table/columns'
import { Skeleton } from '../../components/skeleton'
import { toCsv } from '../../lib/csv'
import { download } from '../../lib/download'
import { filterSearch, withParam } from '../../lib/filters'
import { chartSpec } from './chart-spec'

const ReportChart = lazy(() => import('./report-chart'))
/** The table (with its virtualiser) is needed only once rows arrive: it is fetched while the report
 * request is in flight, so it costs no waiting and stays out of the route's first load. */
const loadTable = () => import('../../components/report-table/report-table')
const ReportTable = lazy(() => loadTable().then((m) => ({ default: m.ReportTable })))

/** The report's own parameters where the reference names them (4.3, 4.4), as URL parameters. */
const OWN_GROUPINGS: Partial<Record<ReportPath, { values: string[]; fallback: string; reverse: boolean }>> = {
  '/reports/threadbreaks': { values: ['HN', 'H', 'N'], fallback: 'HN', reverse: false },
  '/reports/threadbreaks-by-machine/aggregated': {
    values: ['both', 'head', 'needle'],
    fallback: 'both',
    reverse: true,
  },
}
const GROUPING_LABELS: Record<string, string> = {
  HN: 'Head and needle',
  H: 'Head only',
  N: 'Needle only',
  both: 'Head and needle',
  head: 'Head only',
  needle: 'Needle only',
}

/** One report of reference 4.2 with its parameters, a table, a chart and exports. */
export function ReportPage() {
  const name = useParams()['*'] ?? ''
  const location = useLocation()
  const definition = REPORTS.find((r) => r.path === `/reports/${name}`)
  const [search, setSearch] = useSearchParams()
  const scope = useReportScope()
  const id = useId()
  useEffect(() => {
    void loadTable()
  }, [])
  if (!definition) {
    return (
      <section className="p-4" aria-labelledby={id}>
        <h1 id={id} className="text-2xl font-semibold">
          No such report
        </h1>
        <p className="mt-2">
          “{name}” is not one of the reports of the production API.{' '}
          <Link className="underline" to={{ pathname: '/reports', search: filterSearch(search) }}>
            All reports
          </Link>
        </p>
      </section>
    )
  }
  const own = OWN_GROUPINGS[definition.path]
  const grouping = own?.values.includes(search.get('grouping') ?? '')
    ? search.get('grouping')!
    : own?.fallback
  const set = (key: string, value: string | null) => setSearch((current) => withParam(current, key, value))
  const path = definition.path
  const takesDesign = reportTakes(path, 'designId')
  const needsDesign = REPORT_SPECS[path].requires.includes('designId')
  const outliers = Number(search.get('outliers') ?? '0')
  const ignoreOutliers = (IGNORE_OUTLIERS as readonly number[]).includes(outliers)
    ? (outliers as (typeof IGNORE_OUTLIERS)[number])
    : 0
  return (
    <section className="space-y-3 p-4" aria-labelledby={id}>
      <NotInKiosk>
        <p>
          <Link
            className="underline"
            to={{ pathname: '/reports', search: filterSearch(new URLSearchParams(location.search)) }}
          >
            ← All reports
          </Link>
        </p>
      </NotInKiosk>
      <h1 id={id} className="text-2xl font-semibold">
        {definition.title}
      </h1>
      <p className="text-gray-700 dark:text-gray-300">{definition.description}.</p>
      <NotInKiosk>
        <details className="text-sm">
          <summary className="cursor-pointer">How is this computed?</summary>
          <p className="mt-1 max-w-3xl">
            The machine portal computes this report; stitchboard shows its rows as they come, with times in
            the factory’s time zone and durations in hours and minutes. It is asked as{' '}
            <code>{definition.path}</code> with the filters above that it accepts.
          </p>
        </details>
      </NotInKiosk>
      <NotInKiosk>
        <div className="flex flex-wrap items-end gap-3">
          <FilterBar />
          {reportTakes(path, 'includeBobbinThreadbreaks') && (
            <label className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={search.get('bobbin') === '1'}
                onChange={(e) => set('bobbin', e.target.checked ? '1' : null)}
              />
              Include bobbin breaks
            </label>
          )}
          {takesDesign && (
            <DesignPicker
              value={search.get('design')}
              required={needsDesign}
              onChange={(value) => set('design', value)}
            />
          )}
          {reportTakes(path, 'ignoreOutliers') && (
            <div className="flex flex-col">
              <label htmlFor={`${id}-outliers`} className="text-sm">
                Leave out fastest and slowest passes
              </label>
              <select
                id={`${id}-outliers`}
                className={CONTROL}
                value={ignoreOutliers}
                onChange={(e) => set('outliers', e.target.value === '0' ? null : e.target.value)}
              >
                {IGNORE_OUTLIERS.map((value) => (
                  <option key={value} value={value}>
                    {value === 0 ? 'None' : `${value} %`}
                  </option>
                ))}
              </select>
            </div>
          )}
          {reportTakes(path, 'operatorId') && scope.status === 'ready' && (
            <OperatorPicker
              scope={scope.params}
              value={search.get('operator')}
              onChange={(value) => set('operator', value)}
            />
          )}
          {own && (
            <div className="flex flex-col">
              <label htmlFor={`${id}-grouping`} className="text-sm">
                Grouping
              </label>
              <select
                id={`${id}-grouping`}
                className={CONTROL}
                value={grouping}
                onChange={(e) => set('grouping', e.target.value)}
              >
                {own.values.map((value) => (
                  <option key={value} value={value}>
                    {GROUPING_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
          )}
          {own?.reverse && (
            <label className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={search.get('reverse') === '1'}
                onChange={(e) => set('reverse', e.target.checked ? '1' : null)}
              />
              Reverse head order
            </label>
          )}
        </div>
      </NotInKiosk>
      {scope.status === 'loading' && <Skeleton />}
      {scope.status === 'error' && <p role="alert">{scope.error}</p>}
      {scope.status === 'ready' && (
        <WidgetErrorBoundary name="The report">
          <ReportRequest
            path={path}
            title={definition.title}
            design={search.get('design')}
            needsDesign={needsDesign}
            params={{
              ...scope.params,
              includeBobbinThreadbreaks: search.get('bobbin') === '1',
              ...(grouping ? { grouping: grouping as ReportParams['grouping'] } : {}),
              ...(own?.reverse ? { reverseHeadOrder: search.get('reverse') === '1' } : {}),
              ...(ignoreOutliers ? { ignoreOutliers } : {}),
              ...(search.get('operator') ? { operatorId: search.get('operator') as string } : {}),
            }}
          />
        </WidgetErrorBoundary>
      )}
    </section>
  )
}

/** The operators of the range (the operator overview without a filter names them); the choice narrows
 * the report to one operator (operatorId). */
function OperatorPicker({
  scope,
  value,
  onChange,
}: {
  scope: ReportParams
  value: string | null
  onChange: (value: string | null) => void
}) {
  const id = useId()
  const operators: Array<readonly [string, string]> = [...(useOperators(scope) ?? [])]
  // the chosen operator stays listed while the list is read or when it has no rows in this range
  if (value && !operators.some(([operator]) => operator === value)) operators.unshift([value, value])
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="text-sm">
        Operator
      </label>
      <select
        id={id}
        className={CONTROL}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">All operators</option>
        {operators.map(([operator, name]) => (
          <option key={operator} value={operator}>
            {name}
          </option>
        ))}
      </select>
    </div>
  )
}

/** A design of the catalogue (GET /designs): its ID and stitch count are what the design reports take. */
/** The design chosen in the URL, with its stitch count from the catalogue. */
function ReportRequest({
  path,
  title,
  design,
  needsDesign,
  params,
}: {
  path: ReportPath
  title: string
  design: string | null
  needsDesign: boolean
  params: ReportParams
}) {
  const designs = useDesigns()
  const chosen = design ? designs.data?.records.find((d) => d.id === design) : undefined
  if (design && designs.isPending) return <Skeleton />
  if (design && !chosen) return <p role="alert">The design “{design}” is not in the catalogue.</p>
  if (needsDesign && !chosen) return <p>Choose a design: this report is about one design at a time.</p>
  const withDesign =
    chosen && chosen.stitches !== null
      ? { ...params, designId: chosen.id, designStitches: chosen.stitches }
      : params
  return <ReportResult path={path} title={title} params={withDesign} />
}

const FILTER_WORDS = { machines: 'the machine choice', location: 'the location' } as const

function ReportResult({ path, title, params }: { path: ReportPath; title: string; params: ReportParams }) {
  const report = useReport(path, params)
  const unapplied = filtersNotApplied(path, params)
  return (
    <>
      {unapplied.length > 0 && (
        <p role="note" className="rounded border border-status-unknown p-2">
          <span aria-hidden="true">⚠ </span>
          This report cannot be filtered by {unapplied.map((f) => FILTER_WORDS[f]).join(' or ')}: it covers
          {unapplied.includes('machines') ? ' every machine' : ' every location'}.
        </p>
      )}
      <QueryState
        query={report}
        isEmpty={(data) => data.records.length === 0 && data.malformed.length === 0 && !data.summary}
        empty={<p>No data for these filters.</p>}
      >
        {(data) => (
          <>
            {data.summary && (
              <dl className="flex flex-wrap gap-x-6 gap-y-1">
                {Object.entries(data.summary).map(([key, value]) => (
                  <div key={key}>
                    <dt className="text-sm text-gray-700 dark:text-gray-300">{key}</dt>
                    <dd className="font-semibold tabular-nums">{String(value)}</dd>
                  </div>
                ))}
              </dl>
            )}
            <MalformedRecords records={data.malformed} what="row" />
            {data.records.length > 0 ? (
              <ReportView rows={data.records} path={path} title={title} />
            ) : (
              <p>No rows.</p>
            )}
            <DataAge updatedAt={report.dataUpdatedAt} />
          </>
        )}
      </QueryState>
    </>
  )
}

function ReportView({ rows, path, title }: { rows: RawRow[]; path: ReportPath; title: string }) {
  const config = useQuery(appConfigQueryOptions())
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
          label: `${reportFieldLabel(path, c.key)}${meaning ? ` (${meaning.label})` : ''}`,
        }
      }),
    [flat, path, codes],
  )
  const spec = useMemo(() => chartSpec(columns, flat), [columns, flat])
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
            Export CSV
          </button>
          <button type="button" className={button} onClick={exportJson}>
            Export JSON
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
              Show chart
            </label>
          )}
        </div>
      </NotInKiosk>
      {spec && showChart && (
        <WidgetErrorBoundary name="The chart">
          <Suspense fallback={<Skeleton lines={6} label="Loading the chart" />}>
            <ReportChart
              spec={spec}
              timeZone={config.data?.timeZone ?? 'UTC'}
              labels={new Map(columns.map((c) => [c.key, c.label]))}
            />
          </Suspense>
        </WidgetErrorBoundary>
      )}
      <Suspense fallback={<Skeleton lines={8} label="Loading the table" />}>
        <ReportTable
          columns={columns}
          rows={flat}
          timeZone={config.data?.timeZone ?? 'UTC'}
          caption={title}
        />
      </Suspense>
    </div>
  )
}
