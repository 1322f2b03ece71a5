import { Link, useLocation } from 'react-router'
import type { ReportPath } from '../../api/contract/report-params'
import { reportFieldLabel } from '../../api/report-labels'
import { filtersNotApplied, type ReportParams } from '../../api/report-params'
import { useReport } from '../../api/reports'
import { NotInKiosk } from '../../components/kiosk'
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
  const report = useReport(path, params)
  const unapplied = filtersNotApplied(path, params)
  return (
    <>
      {unapplied.length > 0 && (
        <p role="note" className="rounded border border-status-unknown p-2">
          <span aria-hidden="true">⚠ </span>
          This report cannot be filtered by {unappliedInWords(unapplied)}: it covers
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
                    <dt className="text-sm text-gray-700 dark:text-gray-300">
                      {reportFieldLabel(path, key)}
                    </dt>
                    <dd className="font-semibold tabular-nums">
                      {typeof value === 'number' ? value.toLocaleString() : String(value)}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            {path === '/reports/threadbreaks-by-design' && params.designId && (
              <DesignBreaksLink design={params.designId} />
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

/** The page that reads this report for people (/design-breaks): the stretches of the design that break
 * far above their share, flagged, with the same filters. */
function DesignBreaksLink({ design }: { design: string }) {
  const { search } = useLocation()
  const kept = withParam(new URLSearchParams(filterSearch(new URLSearchParams(search))), 'design', design)
  return (
    <NotInKiosk>
      <p>
        <Link
          className="underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center"
          to={{ pathname: '/design-breaks', search: kept.toString() }}
        >
          Where in the design threads break, the stretches that stand out flagged
        </Link>
      </p>
    </NotInKiosk>
  )
}
