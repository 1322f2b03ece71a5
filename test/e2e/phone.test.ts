import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { REPORT_SPECS } from '../../src/api/contract/report-params'
import { REPORTS } from '../../src/api/reports-explorer/report-catalogue'
import { PAGES } from '../../src/app/pages'
import { appInChromium, collectProblems } from './harness'

/**
 * Issue 20 on a phone (390×844): the first screen shows machines or answers, not controls; nothing
 * scrolls sideways; every control is a touch target of at least 44 px; the machine picker opens on screen.
 */
const app = appInChromium()
const PHONE = { width: 390, height: 844 }

const open = async (path: string, locale = 'en') => {
  const page = await app.browser.newPage({ viewport: PHONE, hasTouch: true, isMobile: true, locale })
  const problems = collectProblems(page)
  await page.goto(`${app.server.url}${path}`)
  return { page, problems }
}

/** The document's width beyond the phone's screen (0: nothing scrolls sideways). Against the screen's
 * 390 px, not window.innerWidth: a mobile viewport zooms out to show a page wider than the screen, and
 * its innerWidth grows with the page (a 474 px wide machine page had an innerWidth of 474). */
const sideways = (page: Page) =>
  page.evaluate((width) => document.documentElement.scrollWidth - width, PHONE.width)

/** Scrolled through to the end and back, so what is drawn only near the screen (tiles, heatmaps) is drawn. */
const scrollThrough = (page: Page) =>
  page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y)
      await new Promise((resolve) => requestAnimationFrame(resolve))
    }
    window.scrollTo(0, 0)
  })

/** Controls shown on screen smaller than 44 px in height or width (links inside sentences excepted). */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const controls = document.querySelectorAll(
      'button, select, input:not([type="checkbox"]):not([type="radio"]), summary, label:has(> input[type="checkbox"]), nav a',
    )
    return [...controls]
      .filter((el) => {
        const r = el.getBoundingClientRect()
        if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility !== 'visible') return false
        return r.height < 43.5 || r.width < 43.5
      })
      .map((el) => `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 30)}”`)
  })

describe('on a phone (390×844)', () => {
  test('the board: machines on the first screen, the filters behind one button that counts them', async () => {
    const { page, problems } = await open('/machines?location=1&sort=name')
    const first = page.getByRole('article').first()
    await first.waitFor()
    expect((await first.boundingBox())!.y).toBeLessThan(PHONE.height - 40)
    // the controls are folded: the location picker is not shown until asked for
    const filters = page.getByRole('button', { name: /^Filters · 2 set/ })
    await expect.poll(() => filters.getAttribute('aria-expanded')).toBe('false')
    expect(await page.getByLabel('Location', { exact: true }).isVisible()).toBe(false)
    await filters.click()
    expect(await page.getByLabel('Location', { exact: true }).isVisible()).toBe(true)
    // the machine picker opens on screen
    await page.getByText(/^Machines: /).click()
    const picker = page.getByRole('group', { name: 'Machines' })
    const box = (await picker.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height)
    await page.keyboard.press('Escape')
    expect(await sideways(page)).toBe(0)
    expect(await smallTargets(page)).toEqual([])
    // the navigation is behind "Menu"; opened, its links are large enough to touch, the wall display too
    await page.getByRole('button', { name: /^Menu/ }).click()
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Wall display' }).waitFor()
    expect(await smallTargets(page)).toEqual([])
    await nav.getByRole('link', { name: 'Thread breaks' }).click()
    await page.waitForURL(/\/threadbreaks/)
    // the menu closes once the new page is drawn (the address changes first)
    await nav.waitFor({ state: 'hidden' })
    expect(problems).toEqual([])
    await page.close()
  })

  test('the board: every link and button is a target of at least 44 px; a tap anywhere on a tile opens it', async () => {
    const { page, problems } = await open('/machines')
    await page.getByRole('article').first().waitFor()
    await page.waitForLoadState('networkidle')
    await scrollThrough(page)
    // a link's target is its own box, or the box its ::after is stretched over (a tile's name link)
    const targets = await page.evaluate(() =>
      [...document.querySelectorAll('a, button')].flatMap((el) => {
        const own = el.getBoundingClientRect()
        if (own.width <= 1 || own.height <= 1 || getComputedStyle(el).visibility !== 'visible') return []
        const after = getComputedStyle(el, '::after')
        const stretched =
          after.content !== 'none' && after.position === 'absolute' && el instanceof HTMLElement
            ? el.offsetParent?.getBoundingClientRect()
            : undefined
        const box = stretched && stretched.height > own.height ? stretched : own
        return [
          {
            target: `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 30)}”`,
            height: Math.round(box.height * 10) / 10,
            width: Math.round(box.width * 10) / 10,
          },
        ]
      }),
    )
    expect(targets.length).toBeGreaterThan(10)
    expect(targets.filter((t) => t.height < 44 || t.width < 44)).toEqual([])
    // the tile's target is real: its middle and its footer are its name link's
    const tile = page.getByRole('article').first()
    // wholly on the screen (the shift's pace line above the tiles may leave its foot below the fold)
    await tile.evaluate((el) => el.scrollIntoView({ block: 'center' }))
    const box = (await tile.boundingBox())!
    const linkAt = (x: number, y: number) =>
      page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.textContent ?? null, [x, y])
    const name = (await tile.getByRole('link').textContent())!
    expect(await linkAt(box.x + box.width / 2, box.y + box.height / 2)).toBe(name)
    expect(await linkAt(box.x + box.width - 12, box.y + box.height - 8)).toBe(name)
    await tile.tap({ position: { x: box.width / 2, y: box.height - 12 } })
    await page.getByRole('heading', { level: 1, name }).waitFor()
    expect(problems).toEqual([])
    await page.close()
  })

  test('a machine page: the machine first, nothing sideways, large targets', async () => {
    const { page, problems } = await open('/machines/AS-1042')
    const heading = page.getByRole('heading', { level: 1 })
    await heading.waitFor()
    await page.getByRole('heading', { name: 'Design' }).waitFor()
    expect((await page.getByRole('heading', { name: 'Design' }).boundingBox())!.y).toBeLessThan(
      PHONE.height - 40,
    )
    await page.getByRole('heading', { name: 'Thread breaks by head and needle' }).waitFor()
    expect(await sideways(page)).toBe(0)
    expect(await smallTargets(page)).toEqual([])
    expect(problems).toEqual([])
    await page.close()
  })

  test('thread breaks: the first answer on the first screen, filters folded', async () => {
    const { page, problems } = await open('/threadbreaks')
    const answer = page.getByRole('complementary', { name: 'Where to look first' })
    await answer.waitFor()
    expect((await answer.boundingBox())!.y).toBeLessThan(PHONE.height - 40)
    await page
      .getByRole('img', { name: /thread breaks by head and needle/ })
      .first()
      .waitFor()
    expect(await page.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(true)
    expect(await sideways(page)).toBe(0)
    expect(await smallTargets(page)).toEqual([])
    expect(problems).toEqual([])
    await page.close()
  })

  test('thread cones: the answer on the first screen, readable (not two characters a line)', async () => {
    const { page, problems } = await open('/thread-cones?m=Lumen+Threads&s=LUMEN+Classic+40+v2&c=A107')
    const card = page.getByRole('article', { name: 'Colour a107' })
    await card.waitFor()
    expect((await card.boundingBox())!.y).toBeLessThan(PHONE.height - 40)
    // the colour's name on one line: at least 10 characters fit a line of the answer
    const name = card.getByText('Pale Green 1', { exact: true })
    const { height, lineHeight } = await name.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight),
    }))
    expect(height).toBeLessThan(lineHeight * 1.5)
    // below the card on a phone, the comparison with every other series is made when scrolled to
    await page.evaluate(() => window.scrollBy(0, 700))
    await page.getByRole('heading', { name: 'Nearest in other series' }).waitFor()
    await page.getByRole('list').filter({ hasText: 'ΔE00' }).getByRole('listitem').first().waitFor()
    expect(await sideways(page)).toBe(0)
    expect(await smallTargets(page)).toEqual([])
    expect(problems).toEqual([])
    await page.close()
  })

  for (const path of [
    '/shifts',
    '/timeline',
    '/stops',
    '/stops/explain',
    '/stops/settings',
    '/pace',
    '/pace/targets',
    '/shift-reports',
    '/reports/machine-summary',
    '/collectors',
    '/status-codes',
    '/design-breaks',
  ]) {
    test(`${path}: nothing scrolls sideways; controls large enough to touch`, async () => {
      const { page, problems } = await open(path)
      await page.waitForLoadState('networkidle')
      expect(await sideways(page)).toBe(0)
      expect(await smallTargets(page)).toEqual([])
      expect(problems).toEqual([])
      await page.close()
    })
  }
})

describe('on a phone (390×844), the company of 200 machines', () => {
  const large = appInChromium({ API_KEY: 'demo-key-c' })
  for (const path of ['/machines', '/threadbreaks']) {
    test(`${path}: the first machine or answer on the first screen, nothing sideways, large targets`, async () => {
      const page = await large.browser.newPage({ viewport: PHONE, hasTouch: true, isMobile: true })
      const problems = collectProblems(page)
      await page.goto(`${large.server.url}${path}`)
      const first =
        path === '/machines'
          ? page.getByRole('article').first()
          : page.getByRole('complementary', { name: 'Where to look first' })
      await first.waitFor()
      expect((await first.boundingBox())!.y).toBeLessThan(PHONE.height - 40)
      await page.waitForLoadState('networkidle')
      expect(await sideways(page)).toBe(0)
      expect(await smallTargets(page)).toEqual([])
      expect(problems).toEqual([])
      await page.close()
    })
  }
})

/**
 * Every page of the router (src/app/pages.ts), and the kiosk's set-up, with its data loaded and scrolled
 * through: the document never scrolls sideways at 390 px, and what is wider than the screen (a table, a
 * line to copy) scrolls inside a box of its own that the keyboard reaches and that has a name.
 */
const DESIGN = 'ASD1001' // the demo catalogue's first design, with a stitch count
const EVERY_PAGE = [
  '/machines',
  '/machines/AS-1077', // 20 heads × 15 needles: the widest heatmap of the demo (server/demo/factory.ts)
  '/threadbreaks',
  '/shifts',
  '/thread-cones?m=Nordfaden&s=NFP-40&c=1001', // the answer and the series' swatches
  '/collectors',
  '/collectors/dc-n1',
  '/reports',
  ...REPORTS.map(
    (r) => `${r.path}${REPORT_SPECS[r.path].requires.includes('designId') ? `?design=${DESIGN}` : ''}`,
  ),
  '/status-codes',
  `/design-breaks?design=${DESIGN}`,
  '/timeline',
  '/stops',
  '/stops/explain',
  '/stops/settings',
  '/pace',
  '/pace/targets',
  '/shift-reports',
  '/shift-reports/1',
  '/alerts',
  '/no-such-page',
  '/kiosk',
]

/** The router's paths (the page registry's), as patterns over an address's path. */
function routerPaths(): Array<{ path: string; pattern: RegExp }> {
  return PAGES.flatMap((page) => page.paths).map((path) => ({
    path,
    pattern: new RegExp(`^/${path.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.+')}$`),
  }))
}

/** What sticks out past the screen's right edge (the outermost element of each), and every box that
 * scrolls sideways without a name or a place in the keyboard's order. */
const wideness = (page: Page) =>
  page.evaluate((width) => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.getAttribute('class') ?? '')
        .split(' ')
        .slice(0, 4)
        .join('.')} “${(el.textContent ?? '').trim().slice(0, 30)}”`
    // an element sticks out when it reaches past the screen's right edge and no box around it clips it
    // (a scroll box's content is the scroll box's business); only the outermost of each is named
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true
      return false
    }
    const past = (el: Element | null): el is Element =>
      el !== null && el !== document.body && el.getBoundingClientRect().right > width + 0.5 && !clipped(el)
    const sticksOut = [...document.body.querySelectorAll('*')]
      .filter((el) => past(el) && !past(el.parentElement))
      .map((el) => `${describe(el)}: right edge at ${Math.round(el.getBoundingClientRect().right)}`)
    const unnamedScrollers = [...document.body.querySelectorAll('*')]
      // one not shown (in a closed <details>) is measured, and named, when it is opened
      .filter((el) => el.checkVisibility())
      .filter((el) => {
        const overflow = getComputedStyle(el).overflowX
        return (overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1
      })
      .filter(
        (el) =>
          !(el instanceof HTMLElement && el.tabIndex >= 0) ||
          !(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')),
      )
      .map(describe)
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      sticksOut,
      unnamedScrollers,
    }
  }, PHONE.width)

describe('on a phone (390×844), every page', () => {
  test('the list holds every page of the router', () => {
    const paths = EVERY_PAGE.map((address) => new URL(address, 'http://phone').pathname)
    const missing = routerPaths()
      .filter(({ pattern }) => !paths.some((p) => pattern.test(p)))
      .map(({ path }) => path)
    expect(missing).toEqual([])
  })

  // and in German, whose words are the longest (Spanish: test/e2e/languages.test.ts)
  for (const [path, locale] of [
    ...EVERY_PAGE.map((path) => [path, 'en'] as const),
    ...EVERY_PAGE.map((path) => [path, 'de'] as const),
  ]) {
    test(`${path}${locale === 'en' ? '' : ` (${locale})`}: the document does not scroll sideways`, async () => {
      const { page, problems } = await open(path, locale)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await scrollThrough(page)
      await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0)
      await page.waitForLoadState('networkidle')
      const measured = await wideness(page)
      expect(measured).toEqual({
        scrollWidth: expect.any(Number),
        innerWidth: PHONE.width,
        sticksOut: [],
        unnamedScrollers: [],
      })
      expect(measured.scrollWidth).toBeLessThanOrEqual(measured.innerWidth)
      expect(problems).toEqual([])
      await page.close()
    })
  }
})
