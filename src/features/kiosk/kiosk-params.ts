import { REPORTS } from '../../api/reports-explorer/report-catalogue'
import { FILTER_KEYS } from '../../lib/filters'
import type { MessageKey, Translator } from '../../lib/i18n/translator'

/** The pages a wall can show, by the name used in `pages=`, in the set-up's order: the wall's title of each
 * (a message) and the filters it starts with. Which page of the app each is, the page registry says
 * (src/app/pages.ts: a page's `kiosk`). */
export const KIOSK_PAGES = {
  status: { title: 'kiosk.page.status', search: 'density=wall' },
  threadbreaks: { title: 'kiosk.page.threadbreaks' },
  shifts: { title: 'kiosk.page.shifts' },
  collectors: { title: 'kiosk.page.collectors' },
  stops: { title: 'kiosk.page.stops' },
  pace: { title: 'kiosk.page.pace' },
  orders: { title: 'kiosk.page.orders' },
} as const satisfies Record<string, { title: MessageKey; search?: string }>

export type KioskPageId = keyof typeof KIOSK_PAGES

/** Where each page a wall can show lives in the app (src/app/kiosk/kiosk-pages.ts, from the registry). */
export type KioskAddresses = Readonly<Record<KioskPageId, string>>

export interface KioskPage {
  /** the name in `pages=` */
  name: string
  /** in the screen's language */
  title: string
  /** the page's address with its filters: the shared ones, then its own (`<name>.<key>=`) */
  url: string
}

export interface KioskParams {
  pages: KioskPage[]
  /** seconds each page stays */
  dwell: number
  /** seconds between background refreshes */
  refresh: number
  exceptions: boolean
  /** what was wrong in the URL, in words (the screen's language); the defaults were used instead */
  problems: string[]
}

export const DEFAULT_DWELL = 30
export const DEFAULT_REFRESH = 15
/** Fractions of a second are allowed (bench:kiosk accelerates time); below this, nothing works. */
const MIN_SECONDS = 0.02
const MAX_SECONDS = 24 * 3600

function seconds(
  search: URLSearchParams,
  key: string,
  fallback: number,
  problems: string[],
  t: Translator['t'],
): number {
  const text = search.get(key)
  if (text === null) return fallback
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value) || value < MIN_SECONDS || value > MAX_SECONDS) {
    // the values as they are written in the address (not as numbers of the language)
    problems.push(
      t('kiosk.problem.seconds', {
        key,
        value: text,
        min: String(MIN_SECONDS),
        max: String(MAX_SECONDS),
        fallback: String(fallback),
      }),
    )
    return fallback
  }
  return value
}

function pageFor(
  name: string,
  addresses: KioskAddresses,
): { path: string; title: MessageKey; search?: string } | null {
  if (Object.hasOwn(KIOSK_PAGES, name)) {
    const id = name as KioskPageId
    return { ...KIOSK_PAGES[id], path: addresses[id] }
  }
  const report = REPORTS.find((r) => r.path === `/${name}`)
  return report ? { path: report.path, title: report.name } : null
}

/** Reads a kiosk URL: `pages` (at their `addresses`), `dwell`, `refresh`, `exceptions`, the shared filters
 * for every page and `<page>.<filter>` for one page. Bad values are reported (in `t`'s language) and
 * replaced by defaults, never fatal. */
export function kioskParams(
  search: URLSearchParams,
  t: Translator['t'],
  addresses: KioskAddresses,
): KioskParams {
  const problems: string[] = []
  const shared = new URLSearchParams()
  for (const key of FILTER_KEYS) {
    const value = search.get(key)
    if (value !== null) shared.set(key, value)
  }
  const names = (search.get('pages') ?? 'status')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
  const pages: KioskPage[] = []
  for (const name of names) {
    const page = pageFor(name, addresses)
    if (!page) {
      // the pages as they are written in the address
      const known = `${Object.keys(KIOSK_PAGES).join(', ')}, reports/<name>`
      problems.push(t('kiosk.problem.page', { name, pages: known }))
      continue
    }
    const own = new URLSearchParams(page.search ?? '')
    for (const [key, value] of shared) own.set(key, value)
    for (const [key, value] of search) {
      if (key.startsWith(`${name}.`)) own.set(key.slice(name.length + 1), value)
    }
    const query = own.toString()
    pages.push({ name, title: t(page.title), url: `${page.path}${query ? `?${query}` : ''}` })
  }
  if (pages.length === 0) {
    if (names.length > 0) problems.push(t('kiosk.problem.noPage'))
    const { title, search: own } = KIOSK_PAGES.status
    pages.push({ name: 'status', title: t(title), url: `${addresses.status}?${own}` })
  }
  const exceptions = search.get('exceptions')
  if (exceptions !== null && exceptions !== '0' && exceptions !== '1') {
    problems.push(t('kiosk.problem.exceptions', { value: exceptions }))
  }
  return {
    pages,
    dwell: seconds(search, 'dwell', DEFAULT_DWELL, problems, t),
    refresh: seconds(search, 'refresh', DEFAULT_REFRESH, problems, t),
    exceptions: exceptions === '1',
    problems,
  }
}
