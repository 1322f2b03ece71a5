import { lazy, Suspense } from 'react'
import { Link, useLocation } from 'react-router'
import { useFactoryZone } from '../../api/core/app-config'
import { useT } from '../../components/i18n'
import { useKiosk } from '../../components/kiosk/kiosk-context'
import { Skeleton } from '../../components/skeleton'
import { lazyPart, withMessages } from '../../components/with-messages'

// the pace itself, shared with the wall's page when nothing needs attention
const LivePace = lazy(withMessages('src/features/plan/pace-panel.tsx', () => import('./pace-panel')))
// the desk's tables below it: every location, hour by hour
const PaceDetails = lazy(withMessages('src/features/plan/pace-details.tsx', () => import('./pace-details')))

/** Plan and pace (issue 36): the running shift against its target, live. On the wall: the pace in the
 * wall's type, OEE and its factors. On the desk: also the hour-by-hour table and every location. */
export function PacePage() {
  const { pathname } = useLocation()
  if (/\/pace\/targets\/?$/.test(pathname))
    return (
      <Suspense fallback={<Skeleton />}>
        <TargetsPage />
      </Suspense>
    )
  // the shift reports (issue 37) under the plan's route: a route of their own in the shell was 0.2 KiB of
  // every page's first load
  if (/\/shift-reports(\/|$)/.test(pathname))
    return (
      <Suspense fallback={<Skeleton />}>
        <ShiftReportsPage />
      </Suspense>
    )
  return <PaceView />
}

const ShiftReportsPage = lazyPart(
  'src/features/shift-reports/shift-reports-page.tsx',
  () => import('../shift-reports/shift-reports-page'),
  (module) => module.ShiftReportsPage,
)

// the targets page, loaded when asked for, with its messages
const TargetsPage = lazyPart(
  'src/features/plan/targets-page.tsx',
  () => import('./targets-page'),
  (module) => module.TargetsPage,
)

function PaceView() {
  const { t } = useT()
  const kiosk = useKiosk()
  const timeZone = useFactoryZone()
  if (kiosk.on)
    return (
      <div className="p-4">
        <Suspense fallback={null}>
          <LivePace large />
        </Suspense>
      </div>
    )
  return (
    <div className="space-y-6 p-4">
      <div className="flex flex-wrap items-baseline gap-x-6">
        <h1 className="text-2xl font-bold">{t('plan.page.title')}</h1>
        <Link className="underline" to="/pace/targets">
          {t('plan.page.targets')}
        </Link>
      </div>
      <Suspense fallback={<p>{t('plan.loading')}</p>}>
        <LivePace large={false} />
      </Suspense>
      <Suspense fallback={null}>
        <PaceDetails timeZone={timeZone} />
      </Suspense>
    </div>
  )
}
