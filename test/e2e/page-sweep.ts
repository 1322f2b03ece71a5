import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { REPORT_SPECS } from '../../src/api/contract/report-params'
import { REPORTS } from '../../src/api/reports-explorer/report-catalogue'
import { PAGES } from '../../src/app/pages'
import { appInChromium, collectProblems } from './harness'
import {
  axeViolations,
  DESK,
  englishWords,
  notInLanguage,
  PHONE,
  scrollThrough,
  smallTargets,
  textOf,
  wideness,
} from './page-checks'

/**
 * The page sweep: every page of the built app, on demo data, with its data loaded, in three passes, in files
 * of their own so that they run beside the other files (page-sweep-*.test.ts; English in two files, the
 * many report pages apart):
 * - English, light theme: every page; on a phone (390×844, touch) scrolled through, the document never
 *   scrolls sideways, and what is wider than the screen (a table, a line to copy) scrolls inside a box of
 *   its own that the keyboard reaches and that has a name; every control, and every link but one in a
 *   sentence, is a touch target of 44 px (the kiosk's pages too); then at a desk (1440×900) axe-core finds
 *   no serious or critical violation (WCAG 2.x A and AA rules and axe's best practices; Lighthouse runs a subset of it);
 * - German, light theme (the longest words): every page; the phone checks, and at a desk the page says it
 *   is in German and its text (what a person reads, and what screen readers read: aria-label, title,
 *   placeholder, alt) holds no English of the catalogue that German says otherwise and no message name. A
 *   scan, not a snapshot: a page's data may change, its words may not be English. axe-core is left out:
 *   the pages are English's, word for word in another language, and its colours are English's;
 * - Spanish, dark theme: the pages but the many reports; the phone checks, the language's checks, and
 *   axe-core, whose contrast rules see the dark theme's colours.
 * Every visit: no console error and no failed request.
 * The checks themselves are shown to see a planted fault in accessibility.test.ts, languages.test.ts and
 * phone.test.ts.
 */

const DESIGN = 'ASD1001' // the demo catalogue's first design, with a stitch count

interface Visit {
  path: string
  /** The English page's first heading, to be sure the page is the one asked for ('' for any). */
  heading: string
  /** Only in English and in German (the longest words): the many report pages. */
  fewer?: true
}

export const VISITS: Visit[] = [
  { path: '/machines', heading: 'Machine status' },
  { path: '/machines/AS-1042', heading: 'North 01' },
  // 20 heads × 15 needles: the widest heatmap of the demo (server/demo/factory.ts)
  { path: '/machines/AS-1077', heading: '' },
  { path: '/threadbreaks', heading: 'Thread breaks' },
  { path: '/shifts', heading: 'Shift comparison' },
  { path: '/thread-cones', heading: 'Thread cones' },
  // a colour's answer and its series as swatches
  { path: '/thread-cones?m=Nordfaden&s=NFP-40&c=1001', heading: 'Thread cones' },
  { path: '/collectors', heading: 'Collector units' },
  { path: '/collectors/dc-s1', heading: 'Collector unit dc-s1' },
  { path: '/collectors/dc-n1', heading: 'Collector unit dc-n1' },
  { path: '/reports', heading: 'Reports' },
  ...REPORTS.map(
    (r): Visit => ({
      path: `${r.path}${REPORT_SPECS[r.path].requires.includes('designId') ? `?design=${DESIGN}` : ''}`,
      heading: '',
      ...(r.path === '/reports/machine-summary' ? {} : { fewer: true }),
    }),
  ),
  { path: '/status-codes', heading: 'Status codes' },
  { path: '/design-breaks', heading: 'Where in the design threads break' },
  { path: `/design-breaks?design=${DESIGN}`, heading: 'Where in the design threads break' },
  { path: '/timeline', heading: 'Factory timeline' },
  { path: '/stops', heading: 'Stops and availability' },
  { path: '/stops/explain', heading: 'Stops to explain' },
  { path: '/stops/settings', heading: '' },
  { path: '/pace', heading: 'Plan and pace' },
  { path: '/orders', heading: 'Orders' },
  { path: '/maintenance', heading: 'Maintenance' },
  { path: '/pace/targets', heading: '' },
  { path: '/shift-reports', heading: 'Shift reports' },
  { path: '/shift-reports/1', heading: 'Shift report' },
  { path: '/alerts', heading: 'Alerts' },
  // before an administrator exists (the shared servers have none): signing in and the first administrator;
  // the people and audit pages say how to begin (test/e2e/people.test.ts signs in)
  { path: '/sign-in', heading: 'Sign in' },
  { path: '/people', heading: 'People' },
  { path: '/audit', heading: 'Audit log' },
  { path: '/devices', heading: 'Devices' },
  { path: '/enrol?code=ABCD-EFGH', heading: 'Enrol this device' },
  { path: '/no-such-page', heading: '' },
  { path: '/kiosk', heading: '' },
  { path: '/kiosk?pages=status&dwell=600', heading: '' },
  { path: '/kiosk?pages=stops&dwell=600', heading: '' },
  { path: '/kiosk?pages=pace&dwell=600', heading: '' },
  { path: '/kiosk?pages=threadbreaks&dwell=600', heading: '' },
  { path: '/kiosk?pages=status&exceptions=1&dwell=600', heading: '' },
]

export interface Pass {
  name: string
  locale: 'en' | 'de' | 'es'
  colorScheme: 'light' | 'dark'
  /** every page, the pages but the many reports (`fewer`), or those reports only */
  pages: 'every' | 'but reports' | 'reports'
  /** the touch targets: 44 px but a link in a sentence */
  touch: boolean
  axe: boolean
}

/** The router's paths (the page registry's), as patterns over an address's path. */
function routerPaths(): Array<{ path: string; pattern: RegExp }> {
  return PAGES.flatMap((page) => page.paths).map((path) => ({
    path,
    pattern: new RegExp(`^/${path.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.+')}$`),
  }))
}

/** The router's paths that no visit opens. */
export function pathsNotVisited(): string[] {
  const paths = VISITS.map((visit) => new URL(visit.path, 'http://sweep').pathname)
  return routerPaths()
    .filter(({ pattern }) => !paths.some((p) => pattern.test(p)))
    .map(({ path }) => path)
}

/** Until every placeholder has given way to data. */
const loaded = (page: Page) =>
  expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0)

/** One pass of the sweep: a test per page, on the run's demo factory. */
export function sweep(pass: Pass) {
  const app = appInChromium({}, { shared: 'factory' })
  describe(`every page, ${pass.name}`, () => {
    const english = pass.locale === 'en'
    const words = english ? [] : englishWords(pass.locale)
    let page: Page
    let problems: string[]
    beforeAll(async () => {
      page = await app.browser.newPage({
        viewport: PHONE,
        hasTouch: true,
        isMobile: true,
        locale: pass.locale,
        colorScheme: pass.colorScheme,
      })
      problems = collectProblems(page)
    })
    afterAll(() => page?.close())

    const visits = VISITS.filter((v) =>
      pass.pages === 'every' ? true : pass.pages === 'reports' ? v.fewer : !v.fewer,
    )
    test.each(visits)('$path', async ({ path, heading }) => {
      problems.length = 0
      await page.setViewportSize(PHONE)
      await page.goto(`${app.server.url}${path}`)
      const name = english && heading ? { name: new RegExp(`^${heading}`) } : {}
      await page
        .getByRole('heading', { level: 1, ...name })
        .first()
        .waitFor()
      await scrollThrough(page)
      await loaded(page)
      await page.waitForLoadState('networkidle')

      // on a phone
      const measured = await wideness(page)
      expect(measured).toEqual({
        scrollWidth: expect.any(Number),
        innerWidth: PHONE.width,
        sticksOut: [],
        unnamedScrollers: [],
      })
      expect(measured.scrollWidth).toBeLessThanOrEqual(measured.innerWidth)
      if (pass.touch) expect(await smallTargets(page)).toEqual([])

      // at a desk
      await page.setViewportSize(DESK)
      await loaded(page)
      if (!english) {
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(pass.locale)
        expect(notInLanguage(await textOf(page), words)).toEqual([])
      }
      if (pass.axe) expect(await axeViolations(page)).toEqual([])
      expect(problems).toEqual([])
    })
  })
}
