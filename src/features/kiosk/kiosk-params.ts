import { REPORTS } from '../../api/reports'
import { FILTER_KEYS } from '../../lib/filters'

/** The pages a kiosk can show, by the name used in `pages=`, and where they live in the app. */
export const KIOSK_PAGES: Record<string, { path: string; title: string; search?: string }> = {
  status: { path: '/machines', title: 'Machine status', search: 'density=wall' },
  threadbreaks: { path: '/threadbreaks', title: 'Thread breaks' },
  shifts: { path: '/shifts', title: 'Shift comparison' },
  collectors: { path: '/collectors', title: 'Collector units' },
  stops: { path: '/stops', title: 'Stops and availability' },
}

export interface KioskPage {
  /** the name in `pages=` */
  name: string
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
  /** what was wrong in the URL, in words; the defaults were used instead */
  problems: string[]
}

export const DEFAULT_DWELL = 30
export const DEFAULT_REFRESH = 15
/** Fractions of a second are allowed (bench:kiosk accelerates time); below this, nothing works. */
const MIN_SECONDS = 0.02
const MAX_SECONDS = 24 * 3600

function seconds(search: URLSearchParams, key: string, fallback: number, problems: string[]): number {
  const text = search.get(key)
  if (text === null) return fallback
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value) || value < MIN_SECONDS || value > MAX_SECONDS) {
    problems.push(
      `${key}=${text} is not a number of seconds (${MIN_SECONDS}–${MAX_SECONDS}); using ${fallback}`,
    )
    return fallback
  }
  return value
}

function pageFor(name: string): { path: string; title: string; search?: string } | null {
  const known = KIOSK_PAGES[name]
  if (known) return known
  const report = REPORTS.find((r) => r.path === `/${name}`)
  return report ? { path: report.path, title: report.title } : null
}

/** Reads a kiosk URL: `pages`, `dwell`, `refresh`, `exceptions`, the shared filters for every page and
 * `<page>.<filter>` for one page. Bad values are reported and replaced by defaults, never fatal. */
export function kioskParams(search: URLSearchParams): KioskParams {
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
    const page = pageFor(name)
    if (!page) {
      problems.push(`pages: “${name}” is not a page (${Object.keys(KIOSK_PAGES).join(', ')}, reports/<name>)`)
      continue
    }
    const own = new URLSearchParams(page.search ?? '')
    for (const [key, value] of shared) own.set(key, value)
    for (const [key, value] of search) {
      if (key.startsWith(`${name}.`)) own.set(key.slice(name.length + 1), value)
    }
    const query = own.toString()
    pages.push({ name, title: page.title, url: `${page.path}${query ? `?${query}` : ''}` })
  }
  if (pages.length === 0) {
    if (names.length > 0) problems.push('no page left to show; showing the machine status')
    pages.push({ name: 'status', title: KIOSK_PAGES.status!.title, url: '/machines?density=wall' })
  }
  const exceptions = search.get('exceptions')
  if (exceptions !== null && exceptions !== '0' && exceptions !== '1') {
    problems.push(`exceptions=${exceptions} is neither 0 nor 1; using 0`)
  }
  return {
    pages,
    dwell: seconds(search, 'dwell', DEFAULT_DWELL, problems),
    refresh: seconds(search, 'refresh', DEFAULT_REFRESH, problems),
    exceptions: exceptions === '1',
    problems,
  }
}
