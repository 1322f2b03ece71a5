import { Link, useLocation } from 'react-router'
import type { ReportPath } from '../../api/contract/report-params'
import { useReport } from '../../api/reports-explorer/report-explorer'
import { reportFieldLabel } from '../../api/reports-explorer/report-labels'
import { filtersNotApplied, type ReportParams } from '../../api/vendor-reports/report-params'
import { useT } from '../../components/i18n'
import { NotInKiosk } from '../../components/kiosk/kiosk-context'
import { MalformedRecords } from '../../components/malformed-records'
import { DataAge, QueryState } from '../../components/query-state'
import { filterSearch, withParam } from '../../lib/filters'
import { unappliedInWords } from './report-choices'
import { ReportView } from './report-view'

/** The report's answer: a note on the filters it cannot apply, its summary, malformed rows, the rows. */
export function ReportResult({
  path,
  title,
  params,
}: {
  path: ReportPath
  title: string
  params: ReportParams
}) {
  const { t, number } = useT()
  const report = useReport(path, params)
  const unapplied = filtersNotApplied(path, params)
  return (
    <>
      {unapplied.length > 0 && (
        <p role="note" className="rounded border border-status-unknown p-2">
          <span aria-hidden="true">⚠ </span>
          {t(
            unapplied.includes('machines')
              ? 'reports.result.unappliedMachines'
              : 'reports.result.unappliedLocations',
            { filters: unappliedInWords(unapplied, t) },
          )}
        </p>
      )}
      <QueryState
        query={report}
        isEmpty={(data) => data.records.length === 0 && data.malformed.length === 0 && !data.summary}
        empty={<p>{t('reports.result.noData')}</p>}
      >
        {(data) => (
          <>
            {data.summary && (
              <dl className="flex flex-wrap gap-x-6 gap-y-1">
                {Object.entries(data.summary).map(([key, value]) => (
                  <div key={key}>
                    <dt className="text-sm text-gray-700 dark:text-gray-300">
                      {reportFieldLabel(path, key, t)}
                    </dt>
                    <dd className="font-semibold tabular-nums">
                      {typeof value === 'number' ? number(value) : String(value)}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            {path === '/reports/threadbreaks-by-design' && params.designId && (
              <DesignBreaksLink design={params.designId} />
            )}
            <MalformedRecords
              records={data.malformed}
              title={(count) => t('reports.result.malformed', { count })}
            />
            {data.records.length > 0 ? (
              <ReportView rows={data.records} path={path} title={title} />
            ) : (
              <p>{t('reports.result.noRows')}</p>
            )}
            <DataAge updatedAt={report.dataUpdatedAt} />
          </>
        )}
      </QueryState>
    </>
  )
}

/** The page that reads this report for people (/design-breaks): the stretches of the design that break
 * far above their share, flagged, with the same filters. */
function DesignBreaksLink({ design }: { design: string }) {
  const { t } = useT()
  const { search } = useLocation()
  const kept = withParam(new URLSearchParams(filterSearch(new URLSearchParams(search))), 'design', design)
  return (
    <NotInKiosk>
      <div>
        <Link
          className="underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center"
          to={{ pathname: '/design-breaks', search: kept.toString() }}
        >
          {t('reports.result.designBreaksLink')}
        </Link>
      </div>
    </NotInKiosk>
  )
}
