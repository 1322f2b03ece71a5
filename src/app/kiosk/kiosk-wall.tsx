import { Suspense, useCallback, useRef } from 'react'
import { MemoryRouter, Routes } from 'react-router'
import { AppConfigProblem } from '../../components/app-config-problem'
import { useT } from '../../components/i18n'
import { KioskProvider, useKiosk } from '../../components/kiosk/kiosk-context'
import { KioskPager } from '../../components/kiosk/kiosk-pager'
import { lazyPart } from '../../components/with-messages'
import { WallAlerts } from '../../features/alerts/wall-alerts'
import { ExceptionsPage } from '../../features/kiosk/exceptions-page'
import { KioskHeader } from '../../features/kiosk/kiosk-header'
import type { KioskParams } from '../../features/kiosk/kiosk-params'
import { StaleBanner } from '../../features/kiosk/stale-banner'
import { useWallState } from '../../features/kiosk/use-wall-state'
import { pageRoutes } from '../router'

const WallTasks = lazyPart(
  'src/features/maintenance/wall-tasks.tsx',
  () => import('../../features/maintenance/wall-tasks'),
  (module) => module.WallTasks,
)

/** The wall: the kiosk's header and banners over the pages in turn, each page on its own in-memory
 * router. Here in app/ because it puts several features' pages and the alerts' band together; what
 * the wall does (rotation, refresh, screens) is the kiosk feature's (useWallState). */
export function KioskWall({ params }: { params: KioskParams }) {
  const { t } = useT()
  const kiosk = useKiosk()
  const main = useRef<HTMLElement>(null)
  const wall = useWallState(
    params,
    useCallback((page: number) => drawn(main.current, page), []),
  )
  const { starting, currentPage, currentScreen, timeZone } = wall
  return (
    <div className="kiosk-wall flex h-screen cursor-none flex-col overflow-hidden text-kiosk-base">
      <KioskHeader
        title={wall.title}
        position={wall.position}
        count={wall.count}
        dwellMs={params.dwell * 1000}
        startedAt={wall.startedAt}
        lastGood={wall.refresh.lastGood}
        quiet={wall.refresh.quiet}
        timeZone={timeZone}
        onlyScreens={wall.onlyScreens}
      />
      <AppConfigProblem className="text-kiosk-sm" />
      <StaleBanner
        lastGood={wall.refresh.lastGood}
        intervalMs={wall.refresh.intervalMs}
        timeZone={timeZone}
      />
      {!starting && <WallAlerts timeZone={timeZone} />}
      {/* a new element once started: the band above takes its room then, and "Starting…" moving down
          with it was a layout shift (0.16) */}
      <main
        ref={main}
        key={starting ? 'starting' : 'started'}
        className="relative min-h-0 flex-1 overflow-hidden"
      >
        {starting && <p className="p-6 text-kiosk-lg">{t('kiosk.wall.starting')}</p>}
        {params.exceptions && !starting && (
          <section {...shown(wall.exceptionsShown)} aria-label={t('kiosk.exceptions.title')}>
            <KioskPager
              screen={wall.exceptionsShown ? currentScreen : 0}
              setScreens={wall.setExceptionScreens}
            >
              <ExceptionsPage exceptions={wall.exceptions}>
                <Suspense fallback={null}>
                  <WallTasks />
                </Suspense>
              </ExceptionsPage>
            </KioskPager>
          </section>
        )}
        {params.pages.map((page, i) =>
          !starting && (i < wall.mounted || currentPage === i || wall.nextPage === i) ? (
            <section key={page.url} {...shown(currentPage === i)} aria-label={page.title} data-kiosk-page={i}>
              <KioskPager
                screen={currentPage === i ? currentScreen : 0}
                setScreens={wall.screenSetters[i]!.pager}
              >
                <KioskProvider
                  value={{
                    ...kiosk,
                    screen: currentPage === i ? currentScreen : 0,
                    setScreens: wall.screenSetters[i]!.page,
                  }}
                >
                  <MemoryRouter initialEntries={[page.url]}>
                    <Routes>{pageRoutes()}</Routes>
                  </MemoryRouter>
                </KioskProvider>
              </KioskPager>
            </section>
          ) : null,
        )}
      </main>
      {params.problems.length > 0 && (
        <ul role="alert" className="border-t border-amber-500 px-4 py-1 text-kiosk-sm">
          {params.problems.map((problem) => (
            <li key={problem}>⚠ {t('kiosk.wall.addressProblem', { problem })}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** Whether listed page `page` is drawn: mounted, and no part of it loading (its code and messages
 * behind the page's "Loading…", or its first data behind a placeholder: both are aria-busy). */
function drawn(main: HTMLElement | null, page: number): boolean {
  const section = main?.querySelector(`:scope > section[data-kiosk-page="${page}"]`)
  return section != null && section.querySelector('[aria-busy="true"]') === null
}

/** Pages not on screen stay laid out (invisible, inert), so charts keep their size and heatmaps are
 * drawn before their turn: a page is complete the moment it appears. */
const shown = (visible: boolean) =>
  visible
    ? { className: 'h-full overflow-hidden' }
    : { className: 'invisible absolute inset-0 overflow-hidden', inert: true, 'aria-hidden': true }
