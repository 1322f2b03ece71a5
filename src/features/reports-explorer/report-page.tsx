import { useEffect, useId } from 'react'
import { Link, useLocation, useParams, useSearchParams } from 'react-router'
import { IGNORE_OUTLIERS, REPORT_SPECS, reportTakes } from '../../api/contract/report-params'
import { REPORTS } from '../../api/reports-explorer/report-catalogue'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { DesignPicker } from '../../components/filters/design-picker'
import { FilterBar } from '../../components/filters/filter-bar'
import { useReportScope } from '../../components/filters/use-filters'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
import { NotInKiosk } from '../../components/kiosk/kiosk-context'
import { withNodes } from '../../components/message-nodes'
import { Skeleton } from '../../components/skeleton'
import { filterSearch, withParam } from '../../lib/filters'
import { OperatorPicker } from './operator-picker'
import {
  chosenGrouping,
  chosenOutliers,
  GROUPING_LABELS,
  OWN_GROUPINGS,
  outliersLabel,
} from './report-choices'
import { ReportRequest } from './report-request'
import { preloadReportTable } from './report-view'

/** One report of reference 4.2 with its parameters, a table, a chart and exports. */
export function ReportPage() {
  const { t } = useT()
  const name = useParams()['*'] ?? ''
  const location = useLocation()
  const definition = REPORTS.find((r) => r.path === `/reports/${name}`)
  const [search, setSearch] = useSearchParams()
  const scope = useReportScope()
  const id = useId()
  useEffect(() => {
    void preloadReportTable()
  }, [])
  if (!definition) {
    return (
      <section className="p-4" aria-labelledby={id}>
        <h1 id={id} className="text-2xl font-semibold">
          {t('reports.page.noSuchReport')}
        </h1>
        <p className="mt-2">
          {t('reports.page.notAReport', { name })}{' '}
          <Link className="underline" to={{ pathname: '/reports', search: filterSearch(search) }}>
            {t('reports.page.allReports')}
          </Link>
        </p>
      </section>
    )
  }
  const own = OWN_GROUPINGS[definition.path]
  const grouping = chosenGrouping(own, search.get('grouping'))
  const set = (key: string, value: string | null) => setSearch((current) => withParam(current, key, value))
  const path = definition.path
  const takesDesign = reportTakes(path, 'designId')
  const needsDesign = REPORT_SPECS[path].requires.includes('designId')
  const ignoreOutliers = chosenOutliers(search.get('outliers'))
  return (
    <section className="space-y-3 p-4" aria-labelledby={id}>
      <NotInKiosk>
        <div>
          <Link
            className="underline"
            to={{ pathname: '/reports', search: filterSearch(new URLSearchParams(location.search)) }}
          >
            ← {t('reports.page.allReports')}
          </Link>
        </div>
      </NotInKiosk>
      <h1 id={id} className="text-2xl font-semibold">
        {t(definition.name)}
      </h1>
      <p className="text-gray-700 dark:text-gray-300">{t(definition.about)}.</p>
      <NotInKiosk>
        <details className="text-sm">
          <summary className="cursor-pointer">{t('reports.page.howComputed')}</summary>
          <p className="mt-1 max-w-3xl">
            {withNodes((marks) => t('reports.page.howComputedText', marks), {
              path: <code>{definition.path}</code>,
            })}
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
              {t('reports.page.bobbin')}
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
                {t('reports.page.outliers')}
              </label>
              <select
                id={`${id}-outliers`}
                className={CONTROL}
                value={ignoreOutliers}
                onChange={(e) => set('outliers', e.target.value === '0' ? null : e.target.value)}
              >
                {IGNORE_OUTLIERS.map((value) => (
                  <option key={value} value={value}>
                    {outliersLabel(value, t)}
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
                {t('reports.page.grouping')}
              </label>
              <select
                id={`${id}-grouping`}
                className={CONTROL}
                value={grouping}
                onChange={(e) => set('grouping', e.target.value)}
              >
                {own.values.map((value) => (
                  <option key={value} value={value}>
                    {t(GROUPING_LABELS[value]!)}
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
              {t('reports.page.reverse')}
            </label>
          )}
        </div>
      </NotInKiosk>
      {scope.status === 'loading' && <Skeleton />}
      {scope.status === 'error' && <p role="alert">{scope.error}</p>}
      {scope.status === 'ready' && (
        <WidgetErrorBoundary name={t('reports.page.report')}>
          <ReportRequest
            path={path}
            title={t(definition.name)}
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
