import { lazy, Suspense, useId } from 'react'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { useT } from '../../components/i18n'
import { DataAge, QueriesProblems } from '../../components/query-state'
import { Skeleton } from '../../components/skeleton'
import { withMessages } from '../../components/with-messages'
import { formatFactoryRange } from '../../lib/factory-time'
import type { NamedShift, ResolvedRange } from '../../lib/time-range'
import { FiguresTable } from './figures-table'
import { useShiftsOverRange } from './use-shift-reports'

// each shift's hot spots and the machines per shift: their code is asked for as this page's loads, not
// in its first load (the page's budget), and drawn as it comes; the room of three empty shifts is kept
const machinesByShift = () =>
  withMessages('src/features/shifts/machines-by-shift.tsx', () => import('./machines-by-shift'))()
void machinesByShift()
const MachinesByShift = lazy(() => machinesByShift().then((m) => ({ default: m.MachinesByShift })))
const MACHINES_BY_SHIFT_HEIGHT = '15rem'

/** Every shift over the page's range: its figures side by side, then its machines and hot spots. */
export function ShiftsOverRange({
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
  const { t } = useT()
  const { perShift, layouts, problems, pending, updatedAt } = useShiftsOverRange(
    scope,
    range,
    shifts,
    timeZone,
    now,
  )
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('shifts.overRange.heading', { range: formatFactoryRange(range.from, range.till, timeZone) })}
      </h2>
      <QueriesProblems queries={problems} />
      {pending && <Skeleton />}
      <FiguresTable perShift={perShift} />
      <Suspense fallback={<Skeleton reserve={MACHINES_BY_SHIFT_HEIGHT} />}>
        <MachinesByShift perShift={perShift} layouts={layouts} />
      </Suspense>
      <DataAge updatedAt={updatedAt} />
    </section>
  )
}
