import { lazy, Suspense } from 'react'
import { useAppConfig } from '../../api/core/app-config'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { FilterBar } from '../../components/filters/filter-bar'
import { useReportScope } from '../../components/filters/use-filters'
import { useT } from '../../components/i18n'
import { NotInKiosk, useKiosk } from '../../components/kiosk/kiosk-context'
import { useNow } from '../../components/now'
import { Skeleton } from '../../components/skeleton'
import { WhenNear } from '../../components/when-near'
import { lazyPart, withMessages } from '../../components/with-messages'
import { shiftSoFar } from '../../lib/shift-compare'
import type { NamedShift, ResolvedRange } from '../../lib/time-range'
import { ShiftDaysSection } from './shift-days-section'
import { ShiftStops } from './shift-stops'
import { ShiftsOverRange } from './shifts-over-range'
import { ThisShift } from './this-shift'

// the running shift against its plan (issue 36), shared with the wall
const LivePace = lazy(withMessages('src/features/plan/pace-panel.tsx', () => import('../plan/pace-panel')))

// below the first screen, loaded when it comes near (WhenNear)
const ShiftResults = lazyPart(
  'src/features/plan/shift-results.tsx',
  () => import('../plan/shift-results'),
  (module) => module.ShiftResults,
)
const AlertsOfRange = lazy(() =>
  withMessages('src/features/alerts/alerts-of-range.tsx', () => import('../alerts/alerts-of-range'))(),
)
const ApiShiftComparison = lazyPart(
  'src/features/shifts/api-shift-comparison.tsx',
  () => import('./api-shift-comparison'),
  (module) => module.ApiShiftComparison,
)

/** The factory's shifts side by side: thread breaks and production per shift, this shift so far against
 * yesterday and last week, each shift per day, and the API's own shift-comparison report. */
export function ShiftsPage() {
  const { t } = useT()
  const scope = useReportScope()
  const config = useAppConfig()
  return (
    <section className="space-y-4 p-4" aria-labelledby="shifts-heading">
      <h1 id="shifts-heading" className="text-2xl font-semibold">
        {t('shifts.page.title')}
      </h1>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <FilterBar show={['range', 'location', 'machines']} />
      </div>
      <NotInKiosk>
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('shifts.page.sourceNote')}</p>
      </NotInKiosk>
      {scope.status === 'loading' || !config.data ? (
        <Skeleton />
      ) : scope.status === 'error' ? (
        <p role="alert" className="rounded border border-red-600 p-3">
          {scope.error}
        </p>
      ) : config.data.shifts.length === 0 ? (
        <p>{t('shifts.page.noShifts')}</p>
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

/** The page's sections, each behind its own error boundary so one failing leaves the others. */
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
  const { t } = useT()
  const now = useNow()
  const soFar = shiftSoFar(now, timeZone, shifts)
  const kiosk = useKiosk()
  // on the wall, read at a glance (issue 36): this shift against its plan and against the same shift
  // yesterday and last week; the range's shifts, days, alerts and the portal's report stay on the desk
  if (kiosk.on)
    return soFar ? (
      <>
        <WidgetErrorBoundary name={t('shifts.widget.pace')}>
          <Suspense fallback={<Skeleton reserve="30vh" />}>
            <LivePace large />
          </Suspense>
        </WidgetErrorBoundary>
        <WidgetErrorBoundary name={t('shifts.widget.thisShift')}>
          <ThisShift scope={scope} soFar={soFar} timeZone={timeZone} />
        </WidgetErrorBoundary>
      </>
    ) : (
      <p>{t('shifts.page.noShiftNow')}</p>
    )
  return (
    <>
      {soFar && (
        <WidgetErrorBoundary name={t('shifts.widget.pace')}>
          {/* the panel's height held while its parts load (its texts and the rejects form, about 16rem at
              a desk): it grew from a line to that and pushed the page down, a layout shift of 0.2 */}
          <div className="min-h-[16rem]">
            <Suspense fallback={<Skeleton reserve="16rem" />}>
              <LivePace large={false} />
            </Suspense>
          </div>
        </WidgetErrorBoundary>
      )}
      {/* how the shift stands (above), then why: the stops and their reasons; the hours compared after */}
      {soFar && (
        <WidgetErrorBoundary name={t('shifts.widget.stops')}>
          <ShiftStops scope={scope} soFar={soFar} />
        </WidgetErrorBoundary>
      )}
      <WidgetErrorBoundary name={t('shifts.widget.thisShift')}>
        {soFar ? (
          <ThisShift scope={scope} soFar={soFar} timeZone={timeZone} />
        ) : (
          <p>{t('shifts.page.noShiftNow')}</p>
        )}
      </WidgetErrorBoundary>
      <WidgetErrorBoundary name={t('shifts.widget.overRange')}>
        <ShiftsOverRange scope={scope} range={range} shifts={shifts} timeZone={timeZone} now={now} />
      </WidgetErrorBoundary>
      <WidgetErrorBoundary name={t('shifts.widget.results')}>
        <WhenNear minHeight="12rem">
          <Suspense fallback={<Skeleton reserve="12rem" />}>
            <ShiftResults from={range.from} till={range.till} timeZone={timeZone} />
          </Suspense>
        </WhenNear>
      </WidgetErrorBoundary>
      <WidgetErrorBoundary name={t('shifts.widget.alerts')}>
        <WhenNear minHeight="12rem">
          <Suspense fallback={<Skeleton reserve="12rem" />}>
            <AlertsOfRange from={range.from} till={Math.min(range.till, now + 60)} timeZone={timeZone} />
          </Suspense>
        </WhenNear>
      </WidgetErrorBoundary>
      <WidgetErrorBoundary name={t('shifts.widget.perDay')}>
        <ShiftDaysSection scope={scope} shifts={shifts} timeZone={timeZone} now={now} />
      </WidgetErrorBoundary>
      <WidgetErrorBoundary name={t('shifts.widget.portal')}>
        <Suspense fallback={<Skeleton />}>
          <ApiShiftComparison scope={scope} timeZone={timeZone} />
        </Suspense>
      </WidgetErrorBoundary>
    </>
  )
}
