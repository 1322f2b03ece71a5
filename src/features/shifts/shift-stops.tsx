import { Suspense } from 'react'
import { Link } from 'react-router'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { useT } from '../../components/i18n'
import { useKiosk } from '../../components/kiosk/kiosk-context'
import { Skeleton } from '../../components/skeleton'
import { lazyPart } from '../../components/with-messages'
import type { ShiftSoFar } from '../../lib/shift-compare'
import { STOP_ANALYSIS_HEIGHT } from '../timeline/reserve'

/** The stop analysis: its own chunk, not on the first paint's path. */
const StopsOfRange = lazyPart(
  'src/features/timeline/stops-page.tsx',
  () => import('../timeline/stops-page'),
  (module) => module.StopsOfRange,
)

/** Stops and availability of the shift running now, from stitchboard's own status record. */
export function ShiftStops({ scope, soFar }: { scope: ReportParams; soFar: ShiftSoFar }) {
  const { t } = useT()
  const kiosk = useKiosk()
  return (
    <section aria-labelledby="shift-stops" className="space-y-2">
      <h2 id="shift-stops" className="text-xl font-semibold">
        {t('shifts.stops.heading', { name: soFar.shift.name })}
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {t('shifts.stops.intro')}{' '}
        <Link className="underline" to="/timeline?range=current-shift">
          {t('shifts.stops.timeline')}
        </Link>
      </p>
      <Suspense fallback={<Skeleton reserve={STOP_ANALYSIS_HEIGHT} />}>
        {/* on the wall the shift page is long already: why machines stood has the kiosk's stops page */}
        <StopsOfRange
          params={{ ...scope, from: soFar.current[0], till: soFar.current[1] }}
          reasons={!kiosk.on}
        />
      </Suspense>
    </section>
  )
}
