import { lazy, Suspense, useMemo } from 'react'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { useReportQueries } from '../../api/vendor-reports/report-queries'
import { machineSummaryQueryOptions, threadbreaksQueryOptions } from '../../api/vendor-reports/reports'
import { DataTable } from '../../components/data-table'
import { useT } from '../../components/i18n'
import { LazyDetails } from '../../components/lazy-details'
import { QueriesProblems } from '../../components/query-state'
import { Skeleton } from '../../components/skeleton'
import type { MachineSummary, RecordList, ThreadbreakCount } from '../../lib/domain'
import { addDays, localDate, startOfLocalDay } from '../../lib/factory-time'
import { daysOf, type ShiftInstance, shiftInstances } from '../../lib/shift-compare'
import type { NamedShift } from '../../lib/time-range'
import { DAY_METRICS, type DayMetric } from './day-metrics'
import { sumOf } from './shift-figures'

/** A day metric of one row: breaks of a thread-break row, stitches or pieces of a machine summary. */
function metricOf(row: ThreadbreakCount | MachineSummary, metric: DayMetric): number | null {
  if ('count' in row) return metric === 'threadbreaks' ? row.count : null
  return metric === 'stitches' ? row.stitches : metric === 'pieces' ? row.pieces : null
}

const ShiftDayChart = lazy(() => import('./shift-day-chart'))

import type { DayRow } from './shift-day-chart'

export type { DayRow }

/** Each shift of the last `days` factory days: one request per shift occurrence (its own span, so
 * closed ones are cached for good), plotted per day. */
export function ShiftDays({
  scope,
  shifts,
  timeZone,
  now,
  days,
  metric,
}: {
  scope: ReportParams
  shifts: readonly NamedShift[]
  timeZone: string
  now: number
  days: number
  metric: DayMetric
}) {
  const { t, number } = useT()
  const from = startOfLocalDay(addDays(localDate(now, timeZone), -(days - 1)), timeZone)
  // the minute tick moves `now`; the occurrences change only when a shift starts
  const minute = Math.floor(now / 60) * 60
  const instances = useMemo(
    () => shifts.flatMap((shift) => shiftInstances(shift, from, minute, minute, timeZone)),
    [shifts, from, minute, timeZone],
  )
  const source = DAY_METRICS.find((m) => m.key === metric) ?? DAY_METRICS[0]
  const results = useReportQueries(
    instances.map(({ counted: [start, end] }) => {
      const params = { ...scope, from: start, till: end }
      return metric === 'threadbreaks'
        ? threadbreaksQueryOptions({ ...params, grouping: 'H' })
        : machineSummaryQueryOptions(params)
    }),
  )
  const rows = useMemo(() => {
    const byDay = new Map<string, DayRow>(daysOf(from, now, timeZone).map((day) => [day, { day }]))
    instances.forEach((instance: ShiftInstance, i) => {
      const data = results[i]?.data as RecordList<ThreadbreakCount | MachineSummary> | undefined
      const value = data === undefined ? null : sumOf(data.records, (row) => metricOf(row, metric))
      const row = byDay.get(instance.day)
      if (row) row[instance.shift.name] = value
    })
    return [...byDay.values()]
  }, [instances, results, metric, from, now, timeZone])
  const pending = results.filter((r) => r.isPending).length
  const running = instances.filter((i) => i.counted[1] < i.span[1])
  const label = t(source.label)
  return (
    <div className="space-y-2">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {t('shifts.days.intro', { figure: label, source: t(source.source) })}
        {running.length > 0 &&
          ` ${t('shifts.days.running', {
            count: running.length,
            shifts: running.map((i) => i.shift.name).join(', '),
            day: running[0]?.day ?? '',
          })}`}
      </p>
      <QueriesProblems
        queries={results.map((query, i) => ({
          name: t('shifts.days.problem', {
            name: instances[i]?.shift.name ?? '',
            day: instances[i]?.day ?? '',
          }),
          query,
        }))}
      />
      {pending > 0 ? (
        <div>
          <p role="status" className="text-sm">
            {t('shifts.days.loading', { pending, count: results.length })}
          </p>
          <Skeleton />
        </div>
      ) : (
        <Suspense fallback={<Skeleton />}>
          <ShiftDayChart rows={rows} shifts={shifts.map((s) => s.name)} label={label} />
        </Suspense>
      )}
      <LazyDetails summary={t('shifts.days.asTable')}>
        {() => (
          <DataTable
            className="mt-2 text-sm tabular-nums"
            caption={t('shifts.days.caption', { figure: label })}
            columns={[
              { key: 'day', label: t('shifts.days.day'), className: 'px-2 text-left' },
              ...shifts.map((s) => ({ key: `shift ${s.name}`, label: s.name, className: 'px-2 text-right' })),
            ]}
          >
            {rows.map((row) => (
              <tr key={row.day}>
                <th scope="row" className="px-2 text-left font-normal">
                  {row.day}
                </th>
                {shifts.map((s) => (
                  <td key={s.name} className="px-2 text-right">
                    {typeof row[s.name] === 'number' ? number(row[s.name] as number) : '—'}
                  </td>
                ))}
              </tr>
            ))}
          </DataTable>
        )}
      </LazyDetails>
    </div>
  )
}
