import { lazy, Suspense, useId } from 'react'
import type { ReportParams } from '../../api/report-params'
import { CONTROL } from '../../components/form-styles'
import { NotInKiosk } from '../../components/kiosk'
import { Skeleton } from '../../components/skeleton'
import { WhenNear } from '../../components/when-near'
import type { NamedShift } from '../../lib/time-range'
import { DAY_METRICS } from './day-metrics'
import { useDayChoice } from './use-day-choice'

// below the first screen, loaded when it comes near (WhenNear)
const ShiftDays = lazy(() => import('./shift-days').then((m) => ({ default: m.ShiftDays })))

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
  const { days, metric, setDays, setMetric } = useDayChoice()
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
              onChange={(e) => setDays(e.target.value)}
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
              onChange={(e) => setMetric(e.target.value)}
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
