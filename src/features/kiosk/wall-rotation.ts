import type { Translator } from '../../lib/i18n/translator'

/** The rotation's turns of the listed pages, `page:screen`: each page's screens one after another. */
export function screenTurns(screens: readonly number[]): string[] {
  return screens.flatMap((count, page) => Array.from({ length: count }, (_, screen) => `${page}:${screen}`))
}

/** Whether a turn is one of the exception page's screens ("exceptions:0"). */
export const isExceptionTurn = (turn: string | undefined): boolean => turn?.startsWith('exceptions') === true

/** The page and screen a turn shows; the exception page (or no turn at all) is page -1. */
export function turnOf(turn: string | undefined): { page: number; screen: number } {
  if (turn === undefined) return { page: -1, screen: 0 }
  const [page, screen] = turn.split(':')
  return { page: isExceptionTurn(turn) ? -1 : Number(page), screen: Number(screen ?? 0) }
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
    /** how many screens the page shown (or the exception page) takes */
    screens: number
  },
  t: Translator['t'],
): string {
  const title = isExceptionTurn(turn) || exceptionsStarting ? t('kiosk.exceptions.title') : (pageTitle ?? '')
  if (screens <= 1 || exceptionsStarting) return title
  return t('kiosk.wall.screen', { title, screen: screen + 1, screens })
}

/** When the next page joins the wall: a little before its first turn (5 s, or half a dwell). */
export function joinDelayMs(dwellSeconds: number): number {
  const dwellMs = dwellSeconds * 1000
  const lead = Math.min(5000, dwellMs / 2)
  return Math.max(0, dwellMs - lead)
}
