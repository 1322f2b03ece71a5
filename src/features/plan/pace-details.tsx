import type { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useLocations } from '../../api/machines/locations'
import { useReportQueries } from '../../api/vendor-reports/report-queries'
import { machineSummaryQueryOptions } from '../../api/vendor-reports/summary-reports'
import { DataTable } from '../../components/data-table'
import { HowComputed } from '../../components/how-computed'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { QueriesProblems } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import type { MachineSummary, RecordList } from '../../lib/domain'
import { formatFactoryTime } from '../../lib/factory-time'
import { hourByHour, type MsSpan } from '../../lib/plan'
import { PartPace, percentOf } from './part-pace'
import { type ShiftPlan, useShiftPlan } from './use-shift-plan'

/** The desk's tables under the live pace: this shift by location and hour by hour (loaded after the pace,
 * with their messages). */
export default function PaceDetails({ timeZone }: { timeZone: string }) {
  const now = useNow()
  const { plan } = useShiftPlan(now)
  if (!plan) return null
  return (
    <>
      <ByLocation plan={plan} />
      <HourByHour plan={plan} timeZone={timeZone} />
    </>
  )
}

function ByLocation({ plan }: { plan: ShiftPlan }) {
  const { t, number } = useT()
  const { nameOf } = useLocations()
  const headingId = useId()
  const rows = [...plan.byLocation].sort(([a], [b]) => (a ?? -1) - (b ?? -1))
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('plan.byLocation.heading')}
      </h2>
      <ScrollArea label={t('plan.byLocation.heading')}>
        <DataTable
          className="tabular-nums"
          columns={[
            { key: 'location', label: t('plan.byLocation.location'), className: 'px-2 text-left' },
            { key: 'pace', label: t('plan.byLocation.pace'), className: 'px-2 text-left' },
            { key: 'availability', label: t('plan.oee.availability'), className: 'px-2 text-right' },
            { key: 'performance', label: t('plan.oee.performance'), className: 'px-2 text-right' },
            { key: 'quality', label: t('plan.oee.quality'), className: 'px-2 text-right' },
            { key: 'oee', label: t('plan.oee.oee'), className: 'px-2 text-right' },
          ]}
        >
          {rows.map(([id, { oee, ...part }]) => (
            <tr key={String(id)}>
              <th scope="row" className="px-2 text-left font-normal">
                {id === null ? t('plan.byLocation.none') : (nameOf(id) ?? t('plan.byLocation.id', { id }))}
              </th>
              <td className="px-2 text-left">
                <PartPace part={{ oee, ...part }} />
              </td>
              <td className="px-2 text-right">{percentOf(oee.availability, number)}</td>
              <td className="px-2 text-right">{percentOf(oee.performance, number)}</td>
              <td className="px-2 text-right">{percentOf(oee.quality, number)}</td>
              <td className="px-2 text-right">{percentOf(oee.oee, number)}</td>
            </tr>
          ))}
        </DataTable>
      </ScrollArea>
    </section>
  )
}

/** How far a bar reaches: an hour at half again its target fills the track. */
const BAR_TOP = 1.5

/** An hour's actual as a bar against the mark of its target (a bullet chart's row), green when the hour is
 * ahead of its target by now and red when behind (the variance beside it says so in figures, signed); the
 * figures are in the row's cells, so the bar is a picture of them, hidden from screen readers. */
export function AgainstTarget({
  actual,
  target,
  variance,
}: {
  actual: number | null
  target: number | null
  /** against the hour's target by now: the running hour is judged on its part so far */
  variance: number | null
}) {
  if (target === null || target <= 0) return null
  const mark = `${(100 / BAR_TOP).toFixed(1)}%`
  return (
    <span aria-hidden="true" className="relative block h-3 w-40 rounded-sm bg-gray-200 dark:bg-gray-800">
      {actual !== null && (
        <span
          className={`absolute inset-y-0 left-0 rounded-sm ${(variance ?? actual - target) >= 0 ? 'bg-status-running' : 'bg-status-stopped'}`}
          style={{ width: `${(Math.min(actual / target, BAR_TOP) / BAR_TOP) * 100}%` }}
        />
      )}
      <span className="absolute -inset-y-1 w-0.5 bg-gray-900 dark:bg-gray-100" style={{ left: mark }} />
    </span>
  )
}

const hourWords = ([from, till]: MsSpan, timeZone: string) =>
  `${formatFactoryTime(from, timeZone, false)}–${formatFactoryTime(till, timeZone, false)}`

/** Target, actual, variance and cumulative per hour of the shift, in pieces (or stitches without a piece
 * target). An hour with a break asks less; hours not begun have no actual. */
function HourByHour({ plan, timeZone }: { plan: ShiftPlan; timeZone: string }) {
  const { t, number } = useT()
  const headingId = useId()
  const of = plan.pieces ?? plan.stitches
  const unit = of === plan.pieces ? 'pieces' : 'stitches'
  const hours: MsSpan[] = []
  for (let start = plan.span[0]; start < plan.span[1]; start += 3_600_000)
    hours.push([start, Math.min(start + 3_600_000, plan.span[1])])
  const begun = hours.filter(([from]) => from < plan.now)
  // each hour keeps its last answer while the running hour's, a minute on, loads
  const summaries = useReportQueries(
    begun.map(([from, till]) =>
      machineSummaryQueryOptions({
        from: Math.floor(from / 1000),
        till: Math.floor(Math.min(till, plan.now) / 1000),
        machineIds: 'all',
      }),
    ),
  ) as Array<ReturnType<typeof useQuery<RecordList<MachineSummary>>>>
  if (!of) return null
  const actualOf = ([from]: MsSpan) => {
    const i = begun.findIndex(([f]) => f === from)
    const data = i < 0 ? undefined : summaries[i]?.data
    if (!data) return null
    return data.records.reduce((sum, r) => sum + ((unit === 'pieces' ? r.pieces : r.stitches) ?? 0), 0)
  }
  const rows = hourByHour(plan.span, plan.planned, of.target.value, actualOf, plan.now)
  const whole = (value: number | null) => (value === null ? '—' : number(Math.round(value)))
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-xl font-semibold">
        {unit === 'pieces' ? t('plan.hours.headingPieces') : t('plan.hours.headingStitches')}
      </h2>
      <HowComputed summary={t('plan.hours.howSummary')}>
        <p>{t('plan.hours.intro')}</p>
      </HowComputed>
      <QueriesProblems
        queries={summaries.map((query, i) => ({
          name: hourWords(begun[i]!, timeZone),
          query,
        }))}
      />
      {/* the table is a bullet chart too: each hour's actual as a bar against its target's mark
          (data-chart: a chart, as the desk pages' first-screen measure counts them) */}
      <ScrollArea label={t('plan.hours.label')}>
        <DataTable
          className="tabular-nums"
          data-chart=""
          columns={[
            { key: 'hour', label: t('plan.hours.hour'), className: 'px-2 text-left' },
            { key: 'bar', label: t('plan.hours.against'), className: 'px-2 text-left' },
            { key: 'target', label: t('plan.hours.target'), className: 'px-2 text-right' },
            { key: 'actual', label: t('plan.hours.actual'), className: 'px-2 text-right' },
            { key: 'variance', label: t('plan.hours.variance'), className: 'px-2 text-right' },
            { key: 'cumTarget', label: t('plan.hours.cumulativeTarget'), className: 'px-2 text-right' },
            { key: 'cumActual', label: t('plan.hours.cumulativeActual'), className: 'px-2 text-right' },
          ]}
        >
          {rows.map((row) => (
            <tr key={row.span[0]}>
              <th scope="row" className="px-2 text-left font-normal">
                {hourWords(row.span, timeZone)}
              </th>
              <td className="px-2">
                <AgainstTarget actual={row.actual} target={row.target} variance={row.variance} />
              </td>
              <td className="px-2 text-right">{whole(row.target)}</td>
              <td className="px-2 text-right">{whole(row.actual)}</td>
              <td className="px-2 text-right">
                {row.variance === null
                  ? '—'
                  : `${row.variance >= 0 ? '+' : '−'}${number(Math.abs(Math.round(row.variance)))}`}
              </td>
              <td className="px-2 text-right">{whole(row.cumulativeTarget)}</td>
              <td className="px-2 text-right">{whole(row.cumulativeActual)}</td>
            </tr>
          ))}
        </DataTable>
      </ScrollArea>
    </section>
  )
}
