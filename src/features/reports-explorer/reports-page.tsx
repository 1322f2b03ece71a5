import { Link, useLocation } from 'react-router'
import { REPORTS } from '../../api/reports-explorer/report-catalogue'
import { useT } from '../../components/i18n'
import { filterSearch } from '../../lib/filters'

/** The 16 reports of reference 4.2, each a click away with the current filters. */
export function ReportsPage() {
  const { t } = useT()
  const { search } = useLocation()
  const keep = filterSearch(new URLSearchParams(search))
  return (
    <section className="space-y-3 p-4" aria-labelledby="reports-heading">
      <h1 id="reports-heading" className="text-2xl font-semibold">
        {t('reports.list.title')}
      </h1>
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(260px,1fr))] gap-3">
        {REPORTS.map((report) => (
          <li key={report.path} className="rounded border border-gray-300 p-3 dark:border-gray-700">
            <Link className="font-semibold underline" to={{ pathname: report.path, search: keep }}>
              {t(report.name)}
            </Link>
            <p className="text-sm text-gray-700 dark:text-gray-300">{t(report.about)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
