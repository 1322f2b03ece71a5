import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useId } from 'react'
import { Link, useSearchParams } from 'react-router'
import { appConfigQueryOptions, useStatusCodes } from '../../api/app-config'
import { useMachineLayouts } from '../../api/machines'
import type { ReportParams } from '../../api/report-params'
import { useReportQueries } from '../../api/report-queries'
import {
  machineSpeedQueryOptions,
  machineSummaryQueryOptions,
  threadbreaksQueryOptions,
} from '../../api/reports'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { FilterBar } from '../../components/filters/filter-bar'
import { useReportScope } from '../../components/filters/use-filters'
import { CONTROL } from '../../components/form-styles'
import { NotInKiosk } from '../../components/kiosk'
import { useNow } from '../../components/now'
import { DataAge, QueriesProblems } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { Skeleton } from '../../components/skeleton'
import { WhenNear } from '../../components/when-near'
import type { MachineSpeed, MachineSummary, RecordList, ThreadbreakCount } from '../../lib/domain'
import { durationInWords } from '../../lib/duration'
import { formatFactoryRange } from '../../lib/factory-time'
import { withParam } from '../../lib/filters'
import { perHour, relativeChange, type ShiftSoFar, shiftHours, shiftSoFar } from '../../lib/shift-compare'
import type { NamedShift, ResolvedRange } from '../../lib/time-range'
import { DAY_METRICS, type DayMetric } from './day-metrics'
import type { PerShift } from './machines-by-shift'

/** The stop analysis: its own chunk, not on the first paint's path. */
// below the first screen, loaded when it comes near (WhenNear)
const AlertsOfRange = lazy(() => import('../alerts/alerts-of-range'))
const ApiShiftComparison = lazy(() =>
  import('./api-shift-comparison').then((m) => ({ default: m.ApiShiftComparison })),
)
const ShiftDays = lazy(() => import('./shift-days').then((m) => ({ default: m.ShiftDays })))
// each shift's hot spots and the machines per shift: their code is asked for as this page's loads, not
// in its first load (the page's budget), and drawn as it comes; the room of three empty shifts is kept
const machinesByShift = () => import('./machines-by-shift')
void machinesByShift()
const MachinesByShift = lazy(() => machinesByShift().then((m) => ({ default: m.MachinesByShift })))
const MACHINES_BY_SHIFT_HEIGHT = '15rem'
const StopsOfRange = lazy(() => import('../timeline/stops-page').then((m) => ({ default: m.StopsOfRange })))

import { STOP_ANALYSIS_HEIGHT } from '../timeline/reserve'
import { comparable, FIGURES, type Figure, formatFigure, shiftFigures, sumOf } from './shift-figures'

const SOURCE_NOTE =
  'A shift that crosses midnight belongs to the day it starts (Monday’s night shift ends on Tuesday).'

/** The factory's shifts side by side: thread breaks and production per shift, this shift so far against
 * yesterday and last week, each shift per day, and the API's own shift-comparison report. */
export function ShiftsPage() {
  const scope = useReportScope()
  const config = useQuery(appConfigQueryOptions())
  return (
    <section className="space-y-4 p-4" aria-labelledby="shifts-heading">
      <h1 id="shifts-heading" className="text-2xl font-semibold">
        Shift comparison
      </h1>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <FilterBar show={['range', 'location', 'machines']} />
      </div>
      <p className="text-sm text-gray-700 dark:text-gray-300">{SOURCE_NOTE}</p>
      {scope.status === 'loading' || !config.data ? (
        <Skeleton />
      ) : scope.status === 'error' ? (
        <p role="alert" className="rounded border border-red-600 p-3">
          {scope.error}
        </p>
      ) : config.data.shifts.length === 0 ? (
        <p>No shifts are configured (SHIFTS): there is nothing to compare.</p>
      ) : (
        <ShiftsView
          scope={withoutShift(scope.params)}
          range={scope.range}
          shifts={config.data.shifts}
          timeZone={config.data.timeZone}
        />
      )}
    </section>
  )
}

/** This page sets the shift filter itself, one shift at a time. */
function withoutShift({ shift: _shift, ...params }: ReportParams): ReportParams {
  return params
}

function ShiftsView({
  scope,
  range,
  shifts,
  timeZone,
}: {
  scope: ReportParams
  range: ResolvedRange
  shifts: readonly NamedShift[]
  timeZone: string
}) {
  const now = useNow()
  const soFar = shiftSoFar(now, timeZone, shifts)
  return (
    <>
      <WidgetErrorBoundary name="This shift so far">
        {soFar ? (
          <ThisShift scope={scope} soFar={soFar} timeZone={timeZone} />
        ) : (
          <p>No shift is running now.</p>
        )}
      </WidgetErrorBoundary>
      {soFar && (
        <WidgetErrorBoundary name="Stops this shift">
          <section aria-labelledby="shift-stops" className="space-y-2">
            <h2 id="shift-stops" className="text-xl font-semibold">
              Stops and availability: {soFar.shift.name} shift so far
            </h2>
            <p className="text-sm text-gray-700 dark:text-gray-300">
              From stitchboard’s own record of each machine’s status (the portal says what a machine does now,
              never since when).{' '}
              <Link className="underline" to="/timeline?range=current-shift">
                The timeline of this shift
              </Link>
            </p>
            <Suspense fallback={<Skeleton reserve={STOP_ANALYSIS_HEIGHT} />}>
              <StopsOfRange params={{ ...scope, from: soFar.current[0], till: soFar.current[1] }} />
            </Suspense>
          </section>
        </WidgetErrorBoundary>
      )}
      <WidgetErrorBoundary name="The shifts over the range">
        <ShiftsOverRange scope={scope} range={range} shifts={shifts} timeZone={timeZone} now={now} />
      </WidgetErrorBoundary>
      <WidgetErrorBoundary name="Alerts over the range">
        <WhenNear minHeight="12rem">
          <Suspense fallback={<Skeleton reserve="12rem" />}>
            <AlertsOfRange from={range.from} till={Math.min(range.till, now + 60)} timeZone={timeZone} />
          </Suspense>
        </WhenNear>
      </WidgetErrorBoundary>
      <WidgetErrorBoundary name="The shifts per day">
        <ShiftDaysSection scope={scope} shifts={shifts} timeZone={timeZone} now={now} />
      </WidgetErrorBoundary>
      <WidgetErrorBoundary name="The shift-comparison report">
        <Suspense fallback={<Skeleton />}>
          <ApiShiftComparison scope={scope} timeZone={timeZone} />
        </Suspense>
      </WidgetErrorBoundary>
    </>
  )
}

/** Thread breaks and the machine summary for one span, without a shift filter (the span is the shift). */
function spanQueries(scope: ReportParams, [from, till]: readonly [number, number]) {
  const params = { ...scope, from, till }
  return [threadbreaksQueryOptions({ ...params, grouping: 'H' }), machineSummaryQueryOptions(params)] as const
}

function ThisShift({ scope, soFar, timeZone }: { scope: ReportParams; soFar: ShiftSoFar; timeZone: string }) {
  const spans = [
    { label: 'This shift so far', span: soFar.current },
    { label: 'Same shift yesterday', span: soFar.yesterday },
    { label: 'Same shift last week', span: soFar.lastWeek },
  ]
  const results = useReportQueries(spans.flatMap(({ span }) => spanQueries(scope, span)))
  const elapsed = soFar.current[1] - soFar.current[0]
  const planned = soFar.planned[1] - soFar.planned[0]
  const rows = [
    {
      label: 'Thread breaks',
      value: (i: number) => sumCounts(recordsOf<ThreadbreakCount>(results[2 * i]?.data)),
    },
    {
      label: 'Stitches',
      value: (i: number) => sumOf(recordsOf<MachineSummary>(results[2 * i + 1]?.data), (r) => r.stitches),
    },
    {
      label: 'Pieces',
      value: (i: number) => sumOf(recordsOf<MachineSummary>(results[2 * i + 1]?.data), (r) => r.pieces),
    },
  ]
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-xl font-semibold">
        {soFar.shift.name} shift so far: {durationInWords(elapsed)} of {durationInWords(planned)}
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Per hour of shift, so a shift in progress compares fairly with whole earlier shifts; totals in
        brackets. Thread breaks from the portal’s thread-break report, stitches and pieces from its machine
        summary.
      </p>
      <QueriesProblems
        queries={results.map((query, i) => ({
          name: `${spans[Math.floor(i / 2)]?.label}, ${i % 2 === 0 ? 'thread breaks' : 'machine summary'}`,
          query,
        }))}
      />
      <ScrollArea label="The table">
        <table className="tabular-nums">
          <thead>
            <tr>
              <th scope="col" className="px-2 text-left">
                Per hour
              </th>
              {spans.map(({ label, span }) => (
                <th key={label} scope="col" className="px-2 text-right">
                  {label}
                  <br />
                  <span className="text-sm font-normal">
                    {formatFactoryRange(span[0], span[1], timeZone)}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const current = row.value(0)
              const currentRate = current === null ? null : perHour(current, spans[0]!.span)
              return (
                <tr key={row.label}>
                  <th scope="row" className="px-2 text-left font-normal">
                    {row.label}
                  </th>
                  {spans.map(({ label, span }, i) => {
                    const total = row.value(i)
                    const rate = total === null ? null : perHour(total, span)
                    const change =
                      i > 0 && rate !== null && currentRate !== null
                        ? relativeChange(currentRate, rate)
                        : null
                    return (
                      <td key={label} className="px-2 text-right">
                        {rate === null ? (
                          results[2 * i]?.isPending ? (
                            <>
                              …{/* the line "now +4 %" will take, held so the table does not jump */}
                              {i > 0 && (
                                <span className="block text-sm" aria-hidden="true">
                                  {'\u00a0'}
                                </span>
                              )}
                            </>
                          ) : (
                            '—'
                          )
                        ) : (
                          <>
                            {rate.toLocaleString(undefined, { maximumFractionDigits: rate < 10 ? 1 : 0 })}/h (
                            {(total ?? 0).toLocaleString()})
                            {change && <span className="block text-sm">now {change}</span>}
                          </>
                        )}
                      </td>
                    )
                  })}
                </tr>
              )
            })}
          </tbody>
        </table>
      </ScrollArea>
    </section>
  )
}

const sumCounts = (rows: readonly ThreadbreakCount[] | undefined) =>
  rows ? rows.reduce((sum, row) => sum + row.count, 0) : null

function ShiftsOverRange({
  scope,
  range,
  shifts,
  timeZone,
  now,
}: {
  scope: ReportParams
  range: ResolvedRange
  shifts: readonly NamedShift[]
  timeZone: string
  now: number
}) {
  const REPORTS = ['/reports/machine-summary', '/reports/average-rpm'] as const
  const results = useReportQueries(
    shifts.flatMap((shift) => {
      const params = { ...scope, shift: { from: shift.from, to: shift.to } }
      return [
        threadbreaksQueryOptions({ ...params, grouping: 'HN' }),
        machineSummaryQueryOptions(params),
        machineSpeedQueryOptions(params),
      ]
    }),
  )
  const layouts = useMachineLayouts()
  const codes = useStatusCodes()
  const chosen =
    Array.isArray(scope.machineIds) && scope.machineIds.length > 0 ? new Set(scope.machineIds) : null
  const perShift = shifts.map((shift, s) => {
    const breaks = recordsOf<ThreadbreakCount>(results[3 * s]?.data)
    const summary = recordsOf<MachineSummary>(results[3 * s + 1]?.data)
    // average-rpm takes no machine filter: its rows are narrowed to the chosen machines here
    const speeds = recordsOf<MachineSpeed>(results[3 * s + 2]?.data)?.filter(
      (r) => !chosen || chosen.has(r.machineId),
    )
    return {
      shift,
      breakRows: breaks,
      hours: shiftHours(shift, range, now, timeZone),
      figures: shiftFigures({ breaks: sumCounts(breaks) ?? undefined, summary, speeds }, codes),
    }
  })
  const headingId = useId()
  const pending = results.some((r) => r.isPending)
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Shifts over {formatFactoryRange(range.from, range.till, timeZone)}
      </h2>
      <QueriesProblems
        queries={results.map((query, i) => ({
          name: `${shifts[Math.floor(i / 3)]?.name} shift, ${SOURCE_WORDS[i % 3 === 0 ? '/reports/threadbreaks' : (REPORTS[(i % 3) - 1] as string)]}`,
          query,
        }))}
      />
      {pending && <Skeleton />}
      <FiguresTable perShift={perShift} />
      <Suspense fallback={<Skeleton reserve={MACHINES_BY_SHIFT_HEIGHT} />}>
        <MachinesByShift perShift={perShift} layouts={layouts.data} />
      </Suspense>
      <DataAge updatedAt={Math.max(0, ...results.map((r) => r.dataUpdatedAt))} />
    </section>
  )
}

/** The portal's reports in words (the address is in the report pages' "How is this computed?"). */
const SOURCE_WORDS: Readonly<Record<string, string>> = {
  '/reports/threadbreaks': 'the portal’s thread-break report',
  '/reports/machine-summary': 'the portal’s machine summary',
  '/reports/average-rpm': 'the portal’s average-speed report',
}

function FiguresTable({ perShift }: { perShift: PerShift[] }) {
  const sourceOf = (figure: Figure) => {
    const how = figure.how.charAt(0).toUpperCase() + figure.how.slice(1)
    const from = SOURCE_WORDS[figure.source]
    return from ? `${how}, from ${from}` : how
  }
  return (
    <ScrollArea label="The table">
      <table className="tabular-nums">
        <caption className="text-left text-sm">
          Totals for the range, as the API’s shift filter counts them: every hour of the shift inside the
          range, so the morning part of a night shift that began the day before counts too. “vs mean” compares
          each shift with the mean of all shifts: totals per hour of shift, rates as they are.
        </caption>
        <thead>
          <tr>
            <th scope="col" className="px-2 text-left">
              Figure
            </th>
            {perShift.map(({ shift }) => (
              <th key={shift.name} scope="col" className="px-2 text-right">
                {shift.name}
                <br />
                <span className="text-sm font-normal">
                  {shift.from}–{shift.to}
                </span>
              </th>
            ))}
            <th scope="col" className="px-2 text-left">
              How it is computed
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row" className="px-2 text-left font-normal">
              Hours of the shift in the range
            </th>
            {perShift.map(({ shift, hours }) => (
              <td key={shift.name} className="px-2 text-right">
                {hours.toLocaleString(undefined, { maximumFractionDigits: 1 })} h
              </td>
            ))}
            <td className="px-2 text-sm">factory calendar, up to now</td>
          </tr>
          {FIGURES.map((figure) => {
            const values = perShift.map((p) => comparable(figure, p.figures[figure.key] ?? null, p.hours))
            const known = values.filter((v): v is number => v !== null)
            const mean = known.length ? known.reduce((a, b) => a + b, 0) / known.length : null
            return (
              <tr key={figure.key}>
                <th scope="row" className="px-2 text-left font-normal">
                  {figure.label}
                </th>
                {perShift.map((p, i) => {
                  const value = p.figures[figure.key] ?? null
                  const versus =
                    values[i] != null && mean !== null ? relativeChange(values[i] as number, mean) : null
                  return (
                    <td key={p.shift.name} className="px-2 text-right">
                      {formatFigure(figure, value)}
                      {value === null && <span className="block text-xs">not in this report</span>}
                      {versus && known.length > 1 && <span className="block text-sm">{versus} vs mean</span>}
                    </td>
                  )
                })}
                <td className="px-2 text-sm">{sourceOf(figure)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </ScrollArea>
  )
}

function ShiftDaysSection({
  scope,
  shifts,
  timeZone,
  now,
}: {
  scope: ReportParams
  shifts: readonly NamedShift[]
  timeZone: string
  now: number
}) {
  const [search, setSearch] = useSearchParams()
  const days = search.get('days') === '30' ? 30 : 7
  const metric: DayMetric = DAY_METRICS.some((m) => m.key === search.get('metric'))
    ? (search.get('metric') as DayMetric)
    : 'threadbreaks'
  const id = useId()
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        Each shift per day
      </h2>
      <NotInKiosk>
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col">
            <label htmlFor={`${id}-days`} className="text-sm">
              Days
            </label>
            <select
              id={`${id}-days`}
              className={CONTROL}
              value={days}
              onChange={(e) => setSearch((s) => withParam(s, 'days', e.target.value === '30' ? '30' : null))}
            >
              <option value="7">Last 7 days</option>
              <option value="30">Last 30 days</option>
            </select>
          </div>
          <div className="flex flex-col">
            <label htmlFor={`${id}-metric`} className="text-sm">
              Figure
            </label>
            <select
              id={`${id}-metric`}
              className={CONTROL}
              value={metric}
              onChange={(e) =>
                setSearch((s) =>
                  withParam(s, 'metric', e.target.value === 'threadbreaks' ? null : e.target.value),
                )
              }
            >
              {DAY_METRICS.map((m) => (
                <option key={m.key} value={m.key}>
                  {m.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </NotInKiosk>
      <WhenNear minHeight="22rem">
        <Suspense fallback={<Skeleton />}>
          <ShiftDays
            scope={scope}
            shifts={shifts}
            timeZone={timeZone}
            now={now}
            days={days}
            metric={metric}
          />
        </Suspense>
      </WhenNear>
    </section>
  )
}

/** The records of a list query's data, undefined while it loads. */
function recordsOf<T>(data: unknown): T[] | undefined {
  return (data as RecordList<T> | undefined)?.records
}
