import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import type { ReportParams } from '../../api/report-params'
import { Skeleton } from '../../components/skeleton'
import type { ShiftSoFar } from '../../lib/shift-compare'
import { STOP_ANALYSIS_HEIGHT } from '../timeline/reserve'

/** The stop analysis: its own chunk, not on the first paint's path. */
const StopsOfRange = lazy(() => import('../timeline/stops-page').then((m) => ({ default: m.StopsOfRange })))

/** Stops and availability of the shift running now, from stitchboard's own status record. */
export function ShiftStops({ scope, soFar }: { scope: ReportParams; soFar: ShiftSoFar }) {
  return (
    <section aria-labelledby="shift-stops" className="space-y-2">
      <h2 id="shift-stops" className="text-xl font-semibold">
        Stops and availability: {soFar.shift.name} shift so far
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        From stitchboard’s own record of each machine’s status (the portal says what a machine does now, never
        since when).{' '}
        <Link className="underline" to="/timeline?range=current-shift">
          The timeline of this shift
        </Link>
      </p>
      <Suspense fallback={<Skeleton reserve={STOP_ANALYSIS_HEIGHT} />}>
        <StopsOfRange params={{ ...scope, from: soFar.current[0], till: soFar.current[1] }} />
      </Suspense>
    </section>
  )
}
