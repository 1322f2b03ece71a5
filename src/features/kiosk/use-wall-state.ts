import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { useAlerts } from '../../api/alerts/alerts'
import { useAppConfig, useStatusCodes } from '../../api/core/app-config'
import { machinesQueryOptions } from '../../api/machines/machines'
import { usePace } from '../../api/plan/pace'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { useElapsed } from '../../components/use-elapsed'
import { DEFAULT_ATTENTION_MINUTES } from '../../lib/machine-state'
import type { KioskParams } from './kiosk-params'
import { exceptionsOf, rotationOf } from './schedule'
import { useKioskRefresh } from './use-kiosk-refresh'
import { usePagesJoining } from './use-pages-joining'
import { useRotation } from './use-rotation'
import { useScreenCounts } from './use-screen-counts'
import { useVersionReload } from './use-version-reload'
import { useWakeLock } from './use-wake-lock'
import { isExceptionTurn, screenTurns, turnOf, wallTitle } from './wall-rotation'

/** How long the wall waits for the machines' pace (exception page) and the open alerts (the band above
 * every page) before it is drawn without them. */
const PACE_WAIT_MS = 2000

/** Everything the wall shows besides the pages themselves: the rotation and where it is, the exception
 * page's machines, the refresh's state, which pages are mounted, whether it is still starting.
 * `pageDrawn(i)` says whether listed page `i` is drawn (mounted, nothing of it still loading): a turn
 * waits for its page (useRotation). */
export function useWallState(params: KioskParams, pageDrawn?: (page: number) => boolean) {
  const { t } = useT()
  const config = useAppConfig()
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
        ? exceptionsOf(machines.data.records, now, DEFAULT_ATTENTION_MINUTES, codes, t, paces)
        : [],
    [params.exceptions, machines.data, now, codes, t, paces],
  )
  const anyException = exceptions.length > 0
  // a page longer than the screen says how many screens it needs; each takes a turn ("2/3")
  const { screens, setters: screenSetters } = useScreenCounts(params.pages)
  // the exception page too, when more machines need action than one screen holds ("Needs action now 1/2")
  const [exceptionScreens, setExceptionScreens] = useState(1)
  const rotation = useMemo(
    () => rotationOf(screenTurns(screens), anyException ? exceptionScreens : 0),
    [screens, anyException, exceptionScreens],
  )
  const reload = useVersionReload(config.data?.version)
  const turnReady = useCallback(
    (turn: string) => {
      const { page } = turnOf(turn)
      return page < 0 || pageDrawn === undefined || pageDrawn(page)
    },
    [pageDrawn],
  )
  const { position, startedAt } = useRotation(rotation, params.dwell * 1000, reload, turnReady)
  useWakeLock()
  const mounted = usePagesJoining(params.pages.length, params.dwell)
  const current = rotation[position] ?? rotation[0]
  const { page: currentPage, screen: currentScreen } = turnOf(current)
  // the next turn's page is drawn, out of sight, for the whole of this turn: its code, messages and data
  // are in before it is due
  const nextPage = turnOf(rotation[(position + 1) % Math.max(1, rotation.length)]).page
  // with exceptions on, the wall starts once it knows whether any machine needs action, so the
  // exception page does not push in over a page that has just appeared
  // and once it knows the machines' pace (or has waited PACE_WAIT_MS for it): "design done in 3 min" is
  // worked out from it, and cards came and went, moving the others, when it arrived after the machines
  // and, on every wall, once it knows the open alerts (or has waited as long): their band above the page
  // took its room from a page already drawn (a layout shift of 0.16 at 1920×1080)
  const exceptionsStarting = params.exceptions && (machines.isPending || (paces === undefined && !paceWaited))
  const starting = exceptionsStarting || (alerts.isPending && !paceWaited)
  const pageScreens = currentPage < 0 ? exceptionScreens : (screens[currentPage] ?? 1)
  return {
    timeZone: config.data?.timeZone,
    refresh,
    exceptions,
    starting,
    /** the exception page is the one shown */
    exceptionsShown: isExceptionTurn(current),
    setExceptionScreens,
    currentPage,
    currentScreen,
    screenSetters,
    mounted,
    nextPage,
    title: wallTitle(
      {
        turn: current,
        exceptionsStarting,
        pageTitle: params.pages[currentPage]?.title,
        screen: currentScreen,
        screens: pageScreens,
      },
      t,
    ),
    position,
    count: rotation.length,
    startedAt,
    /** the rotation is one page's screens, which the title already numbers ("1/2") */
    onlyScreens: pageScreens > 1 && rotation.length === pageScreens,
  }
}
