import { useQuery } from '@tanstack/react-query'
import { Suspense } from 'react'
import { Link, Route, Routes, useParams } from 'react-router'
import { useFactoryZone } from '../../api/core/app-config'
import { shiftReportQueryOptions, shiftReportsQueryOptions } from '../../api/shift-reports/shift-reports'
import { DataTable } from '../../components/data-table'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { Skeleton } from '../../components/skeleton'
import { lazyPart } from '../../components/with-messages'
import { addDays, dayKeyOf, formatFactoryDate, localDateKey, parseDayKey } from '../../lib/factory-time'
import { ofTarget, percent } from '../../lib/shift-report-words'
import { REPORT_TABLE } from './table-classes'

// below the archive, and one report: loaded when shown, each with its messages (the page's first load
// stays within its budget)
const ReportDelivery = lazyPart(
  'src/features/shift-reports/report-delivery.tsx',
  () => import('./report-delivery'),
  (module) => module.ReportDelivery,
)
const Report = lazyPart(
  'src/features/shift-reports/shift-report.tsx',
  () => import('./shift-report'),
  (module) => module.Report,
)

/** The days of reports the archive lists: two weeks. */
const LIST_DAYS = 14

/** The shift reports (issue 37): the archive of the last two weeks, and each report as a page that prints. */
export function ShiftReportsPage() {
  return (
    <Routes>
      <Route index element={<ReportList />} />
      <Route path=":id" element={<ReportView />} />
    </Routes>
  )
}

function ReportList() {
  const { t, number } = useT()
  const now = useNow()
  const timeZone = useFactoryZone()
  const till = localDateKey(now, timeZone)
  const from = dayKeyOf(addDays(parseDayKey(till), -(LIST_DAYS - 1)))
  const query = useQuery(shiftReportsQueryOptions(from, till))
  return (
    <section aria-labelledby="shift-reports-heading" className="space-y-3 p-4">
      <h1 id="shift-reports-heading" className="text-2xl font-semibold">
        {t('shiftReports.title')}
      </h1>
      <p className="max-w-prose text-gray-700 dark:text-gray-300">{t('shiftReports.intro')}</p>
      <QueryState
        query={query}
        isEmpty={(data) => data.reports.length === 0}
        empty={<p>{t('shiftReports.none', { days: LIST_DAYS })}</p>}
      >
        {({ reports }) => (
          <ScrollArea label={t('shiftReports.title')}>
            <DataTable
              className={REPORT_TABLE}
              caption={t('shiftReports.listCaption', { days: LIST_DAYS })}
              columns={[
                { key: 'shift', label: t('shiftReports.col.shift') },
                { key: 'pieces', label: t('shiftReports.col.pieces') },
                { key: 'oee', label: t('shiftReports.col.oee') },
                { key: 'availability', label: t('shiftReports.col.availability') },
                { key: 'performance', label: t('shiftReports.col.performance') },
                { key: 'quality', label: t('shiftReports.col.quality') },
              ]}
            >
              {reports.map((r) => (
                <tr key={r.id} className="border-t border-gray-200 dark:border-gray-800">
                  <td>
                    <Link
                      to={String(r.id)}
                      className="underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center"
                    >
                      {r.kind === 'day'
                        ? t('shiftReports.dayOf', { date: formatFactoryDate(r.start, timeZone) })
                        : r.kind === 'week'
                          ? t('shiftReports.weekOf', {
                              from: formatFactoryDate(r.start, timeZone),
                              till: formatFactoryDate(r.end - 1, timeZone),
                            })
                          : t('shiftReports.shiftOf', {
                              shift: r.shift,
                              date: formatFactoryDate(r.start, timeZone),
                            })}
                    </Link>
                    {r.corrections > 0 && (
                      <span className="ml-2 text-sm">
                        ({t('shiftReports.corrected', { count: r.corrections })})
                      </span>
                    )}
                  </td>
                  <td>{ofTarget(r.result.pieces, r.result.target.pieces, t, number)}</td>
                  <td>{percent(r.result.oee, number)}</td>
                  <td>{percent(r.result.availability, number)}</td>
                  <td>{percent(r.result.performance, number)}</td>
                  <td>{percent(r.result.quality, number)}</td>
                </tr>
              ))}
            </DataTable>
          </ScrollArea>
        )}
      </QueryState>
      <Suspense fallback={null}>
        <ReportDelivery />
      </Suspense>
    </section>
  )
}

function ReportView() {
  const { t } = useT()
  const { id = '' } = useParams()
  const valid = /^[1-9]\d{0,15}$/.test(id)
  const query = useQuery({ ...shiftReportQueryOptions(Number(id)), enabled: valid })
  if (!valid)
    return (
      <section className="p-4">
        <h1 className="text-2xl font-semibold">{t('shiftReports.notFound')}</h1>
      </section>
    )
  if (query.data)
    return (
      <Suspense fallback={<Skeleton />}>
        <Report report={query.data} />
      </Suspense>
    )
  // while it loads, or when it cannot be read: the page's heading, the way back, and what went wrong
  return (
    <section aria-labelledby="report-heading" className="space-y-3 p-4">
      <div>
        <Link to=".." relative="path" className="underline">
          {t('shiftReports.back')}
        </Link>
      </div>
      <h1 id="report-heading" className="text-2xl font-semibold">
        {t('shiftReports.report')}
      </h1>
      <QueryState query={query} empty={null}>
        {() => null}
      </QueryState>
    </section>
  )
}
