import type { Translator } from '../../lib/i18n/translator'

/** The rotation's turns of the listed pages, `page:screen`: each page's screens one after another. */
export function screenTurns(screens: readonly number[]): string[] {
  return screens.flatMap((count, page) => Array.from({ length: count }, (_, screen) => `${page}:${screen}`))
}

/** The page and screen a turn shows; the exception page (or no turn at all) is page -1. */
export function turnOf(turn: string | undefined): { page: number; screen: number } {
  if (turn === undefined || turn === 'exceptions') return { page: -1, screen: 0 }
  const [page, screen] = turn.split(':').map(Number)
  return { page: page ?? -1, screen: screen ?? 0 }
}

/** The header's title: the page's, numbered ("Thread breaks 2/3") when it takes several screens.
 * While the exception page may still come (`exceptionsStarting`) it is that page's title, the one the
 * wall will most likely show: the header keeps the height it will have (an empty title let it fit one
 * line at 1350 px, and everything below jumped twice). */
export function wallTitle(
  {
    turn,
    exceptionsStarting,
    pageTitle,
    screen,
    screens,
  }: {
    turn: string | undefined
    exceptionsStarting: boolean
    /** in the screen's language */
    pageTitle: string | undefined
    screen: number
    screens: number
  },
  t: Translator['t'],
): string {
  if (turn === 'exceptions' || exceptionsStarting) return t('kiosk.exceptions.title')
  if (screens <= 1) return pageTitle ?? ''
  return t('kiosk.wall.screen', { title: pageTitle ?? '', screen: screen + 1, screens })
}

/** When the next page joins the wall: a little before its first turn (5 s, or half a dwell). */
export function joinDelayMs(dwellSeconds: number): number {
  const dwellMs = dwellSeconds * 1000
  const lead = Math.min(5000, dwellMs / 2)
  return Math.max(0, dwellMs - lead)
}
