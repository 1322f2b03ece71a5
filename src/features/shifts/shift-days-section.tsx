import { Suspense, useId } from 'react'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
import { NotInKiosk } from '../../components/kiosk/kiosk-context'
import { Skeleton } from '../../components/skeleton'
import { WhenNear } from '../../components/when-near'
import { lazyPart } from '../../components/with-messages'
import type { NamedShift } from '../../lib/time-range'
import { DAY_METRICS } from './day-metrics'
import { useDayChoice } from './use-day-choice'

// below the first screen, loaded when it comes near (WhenNear)
const ShiftDays = lazyPart(
  'src/features/shifts/shift-days.tsx',
  () => import('./shift-days'),
  (module) => module.ShiftDays,
)

/** Each shift per day over the last 7 or 30 days, one figure at a time (chosen off the wall). */
export function ShiftDaysSection({
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
  const { t } = useT()
  const { days, metric, setDays, setMetric } = useDayChoice()
  const id = useId()
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {t('shifts.days.title')}
      </h2>
      <NotInKiosk>
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col">
            <label htmlFor={`${id}-days`} className="text-sm">
              {t('shifts.days.days')}
            </label>
            <select
              id={`${id}-days`}
              className={CONTROL}
              value={days}
              onChange={(e) => setDays(e.target.value)}
            >
              <option value="7">{t('shifts.days.last7')}</option>
              <option value="30">{t('shifts.days.last30')}</option>
            </select>
          </div>
          <div className="flex flex-col">
            <label htmlFor={`${id}-metric`} className="text-sm">
              {t('shifts.common.figure')}
            </label>
            <select
              id={`${id}-metric`}
              className={CONTROL}
              value={metric}
              onChange={(e) => setMetric(e.target.value)}
            >
              {DAY_METRICS.map((m) => (
                <option key={m.key} value={m.key}>
                  {t(m.label)}
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
