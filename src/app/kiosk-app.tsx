import {
  focusManager,
  QueryClient,
  QueryClientProvider,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { MemoryRouter, Routes } from 'react-router'
import { useAlerts } from '../api/alerts'
import { appConfigQueryOptions, useStatusCodes } from '../api/app-config'
import { machinesQueryOptions } from '../api/machines'
import { usePace } from '../api/pace'
import { FactoryClock } from '../components/factory-clock'
import { KioskProvider, useKiosk } from '../components/kiosk'
import { KioskPager, MAX_SCREENS } from '../components/kiosk-pager'
import { NowProvider, useNow } from '../components/now'
import { useElapsed } from '../components/use-elapsed'
import { WallAlerts } from '../features/alerts/wall-alerts'
import { ExceptionsPage } from '../features/kiosk/exceptions-page'
import { type KioskParams, kioskParams } from '../features/kiosk/kiosk-params'
import { KioskSetup } from '../features/kiosk/kiosk-setup'
import { exceptionsOf, refreshPlan, rotationOf } from '../features/kiosk/schedule'
import { formatFactoryTime } from '../lib/factory-time'
import { DEFAULT_ATTENTION_MINUTES } from '../lib/machine-state'
import { currentShift } from '../lib/time-range'
import LiveUpdates from './live-updates'
import { pageRoutes } from './router'

/** A QueryClient for weeks on a wall: answers no page uses any more (an open range moves with every
 * refresh, so each refresh leaves one behind) are dropped after two refreshes, at most a minute, so
 * the cache stays small; requests are tried whatever the browser thinks of the network (TVs misreport).
 * No retries of its own: the next refresh cycle is the retry (React Query would hold retries back
 * while the window counts as unfocused, which the kiosk uses to pause the pages' own intervals). */
function kioskQueryClient(refreshSeconds: number) {
  const gcTime = Math.min(60_000, Math.max(5_000, 2 * refreshSeconds * 1000))
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, gcTime, networkMode: 'always' },
    },
  })
}

/** /kiosk: without parameters a form that builds the kiosk address; with them, the wall display. */

export default function KioskApp() {
  const search = useMemo(() => new URLSearchParams(window.location.search), [])
  const params = useMemo(() => kioskParams(search), [search])
  const [client] = useState(() => kioskQueryClient(params.refresh))
  const configured = [...search.keys()].some((key) => key !== 'theme')
  return (
    <QueryClientProvider client={client}>
      {configured && <LiveUpdates />}
      {configured ? <KioskShow params={params} /> : <KioskSetup />}
    </QueryClientProvider>
  )
}

/** The root font size follows the screen, so the rem-based type scale is as readable from 5 m on
 * 1920×1080 as on 3840×2160; restored when the kiosk goes. */
function useWallTypeScale(): number {
  const [rootPx, setRootPx] = useState(20)
  // before the first paint: a change of scale after it would move everything on the screen
  useLayoutEffect(() => {
    const root = document.documentElement
    const before = root.style.fontSize
    root.style.fontSize = 'clamp(16px, 1.05vw, 48px)'
    const measure = () => setRootPx(Number.parseFloat(getComputedStyle(root).fontSize) || 20)
    measure()
    window.addEventListener('resize', measure)
    return () => {
      window.removeEventListener('resize', measure)
      root.style.fontSize = before
    }
  }, [])
  return rootPx
}

export function KioskShow({ params }: { params: KioskParams }) {
  const rootPx = useWallTypeScale()
  const kiosk = useMemo(() => ({ on: true, cell: Math.max(24, Math.round(rootPx * 1.3)) }), [rootPx])
  // open ranges move with the refresh (not once a minute), so data is as fresh as the refresh says
  const tick = Math.min(60_000, Math.max(1000, params.refresh * 1000))
  return (
    <KioskProvider value={kiosk}>
      <NowProvider intervalMs={tick}>
        <KioskWall params={params} />
      </NowProvider>
    </KioskProvider>
  )
}

/** How long the wall waits for the machines' pace (exception page) and the open alerts (the band above
 * every page) before it is drawn without them. */
const PACE_WAIT_MS = 2000

function KioskWall({ params }: { params: KioskParams }) {
  const kiosk = useKiosk()
  const config = useQuery(appConfigQueryOptions())
  const machines = useQuery({ ...machinesQueryOptions(), enabled: params.exceptions })
  const now = useNow()
  const refresh = useKioskRefresh(params.refresh, config.data?.timeZone, config.data?.shifts)
  const codes = useStatusCodes()
  const paces = usePace()?.byMachine
  const paceWaited = useElapsed(PACE_WAIT_MS)
  const alerts = useAlerts()
  const exceptions = useMemo(
    () =>
      params.exceptions && machines.data && codes
        ? exceptionsOf(machines.data.records, now, DEFAULT_ATTENTION_MINUTES, codes, paces)
        : [],
    [params.exceptions, machines.data, now, codes, paces],
  )
  const anyException = exceptions.length > 0
  // a page longer than the screen says how many screens it needs; each takes a turn ("2/3")
  // (the page itself, as the status board does, or the pager that shows any page a screen at a time)
  const [counted, setCounted] = useState<Readonly<Record<string, number>>>({})
  const screenSetters = useMemo(
    () =>
      params.pages.map((_, i) => {
        const setter = (key: string) => (count: number) =>
          setCounted((previous) => {
            const value = Math.max(1, Math.min(MAX_SCREENS, count))
            return previous[key] === value ? previous : { ...previous, [key]: value }
          })
        return { page: setter(`${i}`), pager: setter(`${i}:pager`) }
      }),
    [params.pages],
  )
  const screens = useMemo(
    () => params.pages.map((_, i) => Math.max(counted[`${i}`] ?? 1, counted[`${i}:pager`] ?? 1)),
    [params.pages, counted],
  )
  const rotation = useMemo(
    () =>
      rotationOf(
        params.pages.flatMap((_, i) => Array.from({ length: screens[i] ?? 1 }, (_, s) => `${i}:${s}`)),
        anyException,
      ),
    [params.pages, screens, anyException],
  )
  const reload = useVersionReload(config.data?.version)
  const { position, startedAt } = useRotation(rotation, params.dwell * 1000, reload)
  useWakeLock()
  // the first page at once; each other page joins a little before its first turn (5 s, or half a
  // dwell), rendered as a transition (time-sliced), so the start stays light and every page has its
  // data when it first appears; once mounted, a page stays and refreshes in the background
  const [mounted, setMounted] = useState(1)
  useEffect(() => {
    if (mounted >= params.pages.length) return
    const dwellMs = params.dwell * 1000
    const lead = Math.min(5000, dwellMs / 2)
    const timer = setTimeout(
      () => startTransition(() => setMounted((n) => n + 1)),
      Math.max(0, dwellMs - lead),
    )
    return () => clearTimeout(timer)
  }, [mounted, params.pages.length, params.dwell])
  const current = rotation[position] ?? rotation[0]
  const [currentPage, currentScreen] =
    current === undefined || current === 'exceptions' ? [-1, 0] : current.split(':').map(Number)
  // with exceptions on, the wall starts once it knows whether any machine needs action, so the
  // exception page does not push in over a page that has just appeared
  // and once it knows the machines' pace (or has waited PACE_WAIT_MS for it): "design done in 3 min" is
  // worked out from it, and cards came and went, moving the others, when it arrived after the machines
  // and, on every wall, once it knows the open alerts (or has waited as long): their band above the page
  // took its room from a page already drawn (a layout shift of 0.16 at 1920×1080)
  const exceptionsStarting = params.exceptions && (machines.isPending || (paces === undefined && !paceWaited))
  const starting = exceptionsStarting || (alerts.isPending && !paceWaited)
  const pageScreens = screens[currentPage ?? -1] ?? 1
  // while starting, the title the exception page will most likely have: the header keeps the height it
  // will have (an empty title let it fit one line at 1350 px, and everything below jumped twice)
  const title =
    current === 'exceptions' || exceptionsStarting
      ? 'Needs action now'
      : `${params.pages[currentPage ?? -1]?.title ?? ''}${pageScreens > 1 ? ` ${(currentScreen ?? 0) + 1}/${pageScreens}` : ''}`
  return (
    <div className="kiosk-wall flex h-screen cursor-none flex-col overflow-hidden text-kiosk-base">
      <KioskHeader
        title={title}
        position={position}
        count={rotation.length}
        dwellMs={params.dwell * 1000}
        startedAt={startedAt}
        lastGood={refresh.lastGood}
        quiet={refresh.quiet}
        timeZone={config.data?.timeZone}
        onlyScreens={pageScreens > 1 && rotation.length === pageScreens}
      />
      <StaleBanner
        lastGood={refresh.lastGood}
        intervalMs={refresh.intervalMs}
        timeZone={config.data?.timeZone}
      />
      {!starting && <WallAlerts timeZone={config.data?.timeZone} />}
      {/* a new element once started: the band above takes its room then, and "Starting…" moving down
          with it was a layout shift (0.16) */}
      <main key={starting ? 'starting' : 'started'} className="relative min-h-0 flex-1 overflow-hidden">
        {starting && <p className="p-6 text-kiosk-lg">Starting…</p>}
        {params.exceptions && !starting && (
          <section {...shown(current === 'exceptions')} aria-label="Needs action now">
            <ExceptionsPage exceptions={exceptions} />
          </section>
        )}
        {params.pages.map((page, i) =>
          !starting && (i < mounted || currentPage === i) ? (
            <section key={page.url} {...shown(currentPage === i)} aria-label={page.title}>
              <KioskPager
                screen={currentPage === i ? (currentScreen ?? 0) : 0}
                setScreens={screenSetters[i]!.pager}
              >
                <KioskProvider
                  value={{
                    ...kiosk,
                    screen: currentPage === i ? (currentScreen ?? 0) : 0,
                    setScreens: screenSetters[i]!.page,
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
            <li key={problem}>⚠ Kiosk address: {problem}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** Pages not on screen stay laid out (invisible, inert), so charts keep their size and heatmaps are
 * drawn before their turn: a page is complete the moment it appears. */
const shown = (visible: boolean) =>
  visible
    ? { className: 'h-full overflow-hidden' }
    : { className: 'invisible absolute inset-0 overflow-hidden', inert: true, 'aria-hidden': true }

/** Queries that follow the clock; closed past ranges (staleTime Infinity) never need a refresh. */
const isLive = (query: { observers: Array<{ options: { staleTime?: unknown } }> }) =>
  query.observers.some((observer) => observer.options.staleTime !== Number.POSITIVE_INFINITY)

/** The kiosk alone decides when data is refreshed: every `refresh` seconds during a shift, slowly
 * between shifts. The queries' own intervals are paused (React Query pauses them while the window
 * counts as unfocused). `lastGood` is the end of the last cycle in which every refresh succeeded. */
export function useKioskRefresh(
  refreshSeconds: number,
  timeZone: string | undefined,
  shifts: ReadonlyArray<{ name: string; from: string; to: string }> | undefined,
) {
  const client = useQueryClient()
  const [state, setState] = useState(() => ({
    lastGood: Date.now(),
    intervalMs: refreshSeconds * 1000,
    quiet: null as null | { next: string; at: number },
  }))
  const schedule = useRef({ timeZone, shifts })
  schedule.current = { timeZone, shifts }
  useEffect(() => {
    focusManager.setFocused(false)
    let timer: ReturnType<typeof setTimeout> | undefined
    let stopped = false
    const plan = () => {
      const { timeZone: zone, shifts: list } = schedule.current
      return zone && list
        ? refreshPlan(Math.floor(Date.now() / 1000), refreshSeconds, zone, list)
        : { delayMs: refreshSeconds * 1000, quiet: null }
    }
    const cycle = async () => {
      const started = Date.now()
      // an open range moves with the clock tick, so its new query has just fetched: not again
      const fresh = started - (refreshSeconds * 1000) / 2
      await client.refetchQueries(
        { type: 'active', predicate: (query) => isLive(query) && query.state.dataUpdatedAt < fresh },
        { throwOnError: false, cancelRefetch: false },
      )
      if (stopped) return
      const failed = client
        .getQueryCache()
        .findAll({ type: 'active', predicate: isLive })
        .some((query) => query.state.status === 'error' || query.state.errorUpdatedAt >= started)
      const next = plan()
      setState((previous) => ({
        lastGood: failed ? previous.lastGood : Date.now(),
        intervalMs: next.delayMs,
        quiet: next.quiet ? { next: next.quiet.next.name, at: next.quiet.at } : null,
      }))
      timer = setTimeout(cycle, next.delayMs)
    }
    timer = setTimeout(cycle, plan().delayMs)
    return () => {
      stopped = true
      clearTimeout(timer)
      focusManager.setFocused(undefined)
    }
  }, [client, refreshSeconds])
  return state
}

/** Which page shows: the next one every `dwellMs`, without reloading. When the exception page joins
 * the rotation it is shown at once; a pending version reload happens at a rotation boundary. */
export function useRotation(rotation: readonly string[], dwellMs: number, atBoundary?: () => void) {
  const [state, setState] = useState({ position: 0, startedAt: Date.now() })
  const hasExceptions = rotation[0] === 'exceptions'
  const boundary = useRef(atBoundary)
  boundary.current = atBoundary
  // the exception page appears: show it now; it goes: carry on from the first listed page
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of hasExceptions restarts here
  useEffect(() => {
    setState({ position: 0, startedAt: Date.now() })
  }, [hasExceptions])
  useEffect(() => {
    const timer = setTimeout(
      () => {
        boundary.current?.()
        setState((previous) => ({
          position: (previous.position + 1) % rotation.length,
          startedAt: Date.now(),
        }))
      },
      Math.max(0, state.startedAt + dwellMs - Date.now()),
    )
    return () => clearTimeout(timer)
  }, [state.startedAt, dwellMs, rotation.length])
  return { position: state.position % Math.max(1, rotation.length), startedAt: state.startedAt }
}

/** A new server version (from /app-config.json) reloads the kiosk, at the next rotation boundary, and
 * only when the server answers: a reload into an error or a login page must never reach the wall. The
 * returned function settles once that check is done. */
export function useVersionReload(version: string | undefined, reload = () => window.location.reload()) {
  const first = useRef<string | undefined>(undefined)
  if (first.current === undefined && version !== undefined) first.current = version
  const pending = version !== undefined && first.current !== undefined && version !== first.current
  const reloadRef = useRef(reload)
  reloadRef.current = reload
  return useMemo(
    () =>
      pending
        ? (): Promise<void> =>
            fetch('/app-config.json', { cache: 'no-store' })
              .then((response) => {
                if (response.ok) reloadRef.current()
              })
              .catch(() => {})
        : undefined,
    [pending],
  )
}

/** Keeps the screen on where the browser offers the Screen Wake Lock API; taken again when the page
 * becomes visible (browsers release it when hidden). */
function useWakeLock() {
  useEffect(() => {
    const wakeLock = (
      navigator as Navigator & {
        wakeLock?: { request: (type: 'screen') => Promise<{ release: () => Promise<void> }> }
      }
    ).wakeLock
    if (!wakeLock) return
    let sentinel: { release: () => Promise<void> } | null = null
    let stopped = false
    const take = () => {
      if (document.visibilityState !== 'visible') return
      wakeLock
        .request('screen')
        .then((lock) => {
          if (stopped) void lock.release()
          else sentinel = lock
        })
        .catch(() => {})
    }
    take()
    document.addEventListener('visibilitychange', take)
    return () => {
      stopped = true
      document.removeEventListener('visibilitychange', take)
      void sentinel?.release().catch(() => {})
    }
  }, [])
}

function KioskHeader({
  title,
  position,
  count,
  dwellMs,
  startedAt,
  lastGood,
  quiet,
  timeZone,
  onlyScreens,
}: {
  title: string
  position: number
  count: number
  /** the rotation is one page's screens, which the title already numbers ("1/2") */
  onlyScreens: boolean
  dwellMs: number
  startedAt: number
  lastGood: number
  quiet: null | { next: string; at: number }
  timeZone: string | undefined
}) {
  const config = useQuery(appConfigQueryOptions())
  const now = useNow()
  const shift = config.data ? currentShift(now, config.data.timeZone, config.data.shifts) : null
  return (
    <header className="border-b border-gray-700">
      {/* items keep their shape (placeholders while the configuration loads, no line breaks inside), so
          the header never changes height under the page */}
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1 px-4 py-2 whitespace-nowrap">
        <h1 className="text-kiosk-xl font-bold">{title}</h1>
        {!onlyScreens && count > 1 && (
          <p className="text-kiosk-sm text-gray-300">
            Page {position + 1} of {count}
          </p>
        )}
        <p className={`ml-auto text-kiosk-base ${config.data ? '' : 'invisible'}`}>
          {shift
            ? `${shift.shift.name} shift until ${shift.shift.to}`
            : config.data
              ? 'Between shifts'
              : 'Early shift until 14:00'}
        </p>
        {quiet && timeZone && (
          <p className="text-kiosk-sm text-gray-300">
            Quiet hours: refreshing every 5 min until {quiet.next} at{' '}
            {formatFactoryTime(quiet.at * 1000, timeZone, false)}
          </p>
        )}
        <p className={`text-kiosk-sm text-gray-300 ${timeZone ? '' : 'invisible'}`}>
          Data from {timeZone ? formatFactoryTime(lastGood, timeZone) : '00:00:00 AM'}
        </p>
        <div className="text-kiosk-lg">
          {timeZone ? (
            <FactoryClock timeZone={timeZone} />
          ) : (
            <p className="invisible tabular-nums">
              00:00:00 AM <span className="text-sm">Europe/Berlin</span>
            </p>
          )}
        </div>
      </div>
      {/* rotation progress: one CSS animation per page, no timer per frame */}
      <div className="h-1.5 bg-gray-800" role="presentation">
        <div
          key={`${position}-${startedAt}`}
          className="kiosk-progress h-full bg-sky-400"
          style={{ animationDuration: `${dwellMs}ms` }}
        />
      </div>
    </header>
  )
}

/** Never stale in silence: after two missed refreshes, since when data is missing, and that it retries. */
function StaleBanner({
  lastGood,
  intervalMs,
  timeZone,
}: {
  lastGood: number
  intervalMs: number
  timeZone: string | undefined
}) {
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  if (now - lastGood <= 2 * intervalMs) return null
  const minutes = Math.floor((now - lastGood) / 60_000)
  return (
    <p role="alert" className="bg-amber-400 px-4 py-2 text-kiosk-lg font-semibold text-gray-950">
      ⚠ No new data since{' '}
      {timeZone ? formatFactoryTime(lastGood, timeZone) : new Date(lastGood).toLocaleTimeString()}
      {minutes > 0 ? ` (${minutes} min)` : ''}: what you see is older. Retrying every{' '}
      {Math.round(intervalMs / 1000)} s.
    </p>
  )
}
