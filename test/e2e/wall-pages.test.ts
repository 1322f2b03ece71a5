import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { speaking } from '../messages'
import { launchChromium, pauseClock, sharedServer, testNow } from './harness'
import { holdStill } from './wall-checks'

/**
 * The wall's pages in turn, in Chromium at 1920×1080: every kiosk page (and the exception page) shown a
 * screen at a time with nothing cut, and a rotation that never shows an empty or loading page.
 */
// the run's servers: the wall only reads
const factory = sharedServer('factory')
const large = sharedServer('large')
let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** Screen by screen: what the shown kiosk screen cuts (an element with text partly inside the page's
 * window); every element with text that was wholly on screen is remembered (window.__seen), and those the
 * page showed at the first screen that never were are `unseen`. */
const screenCheck = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __seen?: WeakSet<Element>; __present?: Element[] }
    w.__seen ??= new WeakSet()
    const section = [...document.querySelectorAll('main > section')].find(
      (s) => getComputedStyle(s).visibility === 'visible',
    )
    const frame = (section?.querySelector('[data-kiosk-window]') ?? section)?.getBoundingClientRect()
    const cut: string[] = []
    if (!section || !frame) return { cut: ['no page shown'], unseen: [] as string[] }
    for (const el of section.querySelectorAll('*')) {
      if (!textual(el)) continue
      const r = el.getBoundingClientRect()
      const inside =
        r.top >= frame.top - 1 &&
        r.bottom <= frame.bottom + 1 &&
        r.left >= frame.left - 1 &&
        r.right <= frame.right + 1
      const overlaps = r.bottom > frame.top + 1 && r.top < frame.bottom - 1
      if (inside) w.__seen.add(el)
      else if (overlaps) cut.push(`${el.tagName.toLowerCase()} “${el.textContent?.trim().slice(0, 40)}”`)
    }
    // what the page showed when the screens were counted, and still shows (a refresh may replace a part)
    w.__present ??= [...section.querySelectorAll('*')].filter(textual)
    const unseen = w.__present
      .filter((el) => el.isConnected && !w.__seen!.has(el))
      .map((el) => `${el.tagName.toLowerCase()} “${el.textContent?.trim().slice(0, 40)}”`)
    return { cut, unseen }

    /** an element that shows text of its own (or a picture), drawn and not hidden from everyone */
    function textual(el: Element): boolean {
      const own =
        ['svg', 'canvas', 'img'].includes(el.tagName.toLowerCase()) ||
        [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '')
      if (!own || el.closest('[aria-hidden="true"], svg *, .sr-only')) return false
      const style = getComputedStyle(el)
      const r = el.getBoundingClientRect()
      return style.visibility === 'visible' && style.display !== 'none' && r.width > 1 && r.height > 1
    }
  })

/** Elements other than the pager's own window whose content is clipped, and a scrolling document. */
const clippedInPage = (page: Page) =>
  page.evaluate(() => {
    const shown = [...document.querySelectorAll('main > section')].find(
      (s) => getComputedStyle(s).visibility === 'visible',
    )
    const found: string[] = []
    for (const el of (shown?.querySelectorAll('*') ?? []) as NodeListOf<HTMLElement>) {
      if (el.closest('[aria-hidden="true"]') || el.clientHeight <= 1) continue
      if (el.matches('[data-kiosk-pager], [data-kiosk-window]')) continue
      if (getComputedStyle(el).visibility !== 'visible') continue
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(`${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120))
    }
    const doc = document.documentElement
    if (doc.scrollHeight > window.innerHeight || doc.scrollWidth > window.innerWidth)
      found.push('the document')
    return found
  })

/** Every kiosk page but machine status (which may need a screen per batch of attention cards) fits in at
 * most two screens at 1920×1080 (issue 36): read at a glance, the rest is on the desk. */
const atAGlance = (name: string) => !name.startsWith('status')

describe('every kiosk page on the wall (1920×1080): nothing cut off, every part shown on a screen of its own', () => {
  const reports = [
    'stitches',
    'threadbreaks',
    'machine-summary',
    'average-rpm',
    'machine-productivity',
    'runningtime',
    'productiontime',
    'shift-comparison',
    'time-comparison',
  ].map((r) => `reports/${r}`)
  const cases = [
    ...['status', 'threadbreaks', 'shifts', 'collectors', 'stops', 'pace', ...reports].map(
      (name) => [name, 'the demo factory (44 machines)', () => factory] as const,
    ),
    ...[
      'status',
      'threadbreaks',
      'shifts',
      'collectors',
      'stops',
      'reports/machine-summary',
      'status&exceptions=1',
    ].map((name) => [name, 'the company of 200 machines', () => large] as const),
    // the machines that need someone now, before the pages: a screen of cards at a time ("1/3")
    ['status&exceptions=1', 'the demo factory (44 machines)', () => factory] as const,
  ]
  // one wall browser for every case, a page each: its cache and compiled code serve every page after the
  // first (a new browser context per case cost a cold start, seconds of CPU, each)
  let wall: BrowserContext
  beforeAll(async () => {
    wall = await browser.newContext({ viewport: { width: 1920, height: 1080 } })
  })
  afterAll(() => wall?.close())
  for (const [name, company, server] of cases) {
    test(`${name}, ${company}`, async () => {
      const page = await wall.newPage()
      await holdStill(page)
      // the page's clock under the test's control from the start (turns of 5 s, no refresh) and a closed
      // range (yesterday: a whole day's rows), so the screens are counted and stepped through with the page
      // holding still; the clock set again for each page, and running until the page is drawn (the page
      // before paused it)
      await page.clock.install({ time: testNow() })
      await page.clock.resume()
      await page.goto(`${server().url}/kiosk?pages=${name}&dwell=5&refresh=3600&range=yesterday`)
      // the page drawn with its data: no request for half a second, nothing loading (no "Loading…" and no
      // placeholder: a report's table waits under a busy placeholder that says so only to screen readers)
      await page.waitForLoadState('networkidle')
      await expect
        .poll(() =>
          page
            .locator('[aria-busy="true"]')
            .or(page.getByText(/Loading/))
            .count(),
        )
        .toBe(0)
      // and the page shown (a page joins the rotation once its data is in: on a busy machine a moment later)
      await page.waitForFunction(() =>
        [...document.querySelectorAll('main > section')].some(
          (s) => getComputedStyle(s).visibility === 'visible',
        ),
      )
      await pauseClock(page, 100)
      await page.clock.runFor(500)
      const title = page.getByRole('banner').getByRole('heading', { level: 1 })
      // "Stitches 3/8": the screen shown and how many the page needs now (a part of the page that follows
      // the clock, such as this shift's stops, may change the count on the way)
      const where = async () => {
        const [, shown = '1', of = '1'] = / (\d+)\/(\d+)$/.exec((await title.textContent()) ?? '') ?? []
        return [Number(shown), Number(of)] as const
      }
      // from the screen shown (on a busy machine the first turn may come before the clock is paused), turn
      // by turn, until each of the page's screens was shown once: with the exception page, the status
      // board's turn comes between its last screen and its first
      const pageOf = (text: string) => text.replace(/ \d+\/\d+$/, '')
      const first = pageOf((await title.textContent()) ?? '')
      const visited = new Set<number>()
      let unseen: string[] = []
      for (let turn = 1; turn <= 60; turn++) {
        const text = (await title.textContent()) ?? ''
        const [shown, of] = await where()
        if (pageOf(text) === first) {
          if (turn === 1 && atAGlance(name)) expect(of, `${name}: screens`).toBeLessThanOrEqual(2)
          const check = await screenCheck(page)
          expect(check.cut, `screen ${shown} of ${of}`).toEqual([])
          expect(await clippedInPage(page)).toEqual([])
          unseen = check.unseen
          visited.add(shown)
          if (visited.size >= of) break
        }
        // the turn's end, and the clock on by a quarter second at a time until the next turn is shown (a
        // turn waits for its page to be drawn)
        await page.clock.runFor(5000)
        await expect
          .poll(async () => {
            const now = await title.textContent()
            if (now === text) await page.clock.runFor(250)
            return now
          })
          .not.toBe(text)
      }
      expect(unseen).toEqual([])
      if (name.startsWith('reports/')) {
        // the rows left out are counted on the last screen: with the rows shown, every row of the report
        const rows = await page.evaluate(() => {
          const shown = [...document.querySelectorAll('main > section')].find(
            (s) => getComputedStyle(s).visibility === 'visible',
          )
          const table = shown?.querySelector('table[aria-rowcount]')
          const more = [...(shown?.querySelectorAll('p') ?? [])]
            .map((p) => /^([\d,]+)\smore rows? on the desk page$/.exec(p.textContent ?? '')?.[1])
            .find((n) => n !== undefined)
          return {
            all: Number(table?.getAttribute('aria-rowcount')) - 1,
            shown: table?.querySelectorAll('tbody tr').length ?? 0,
            more: more === undefined ? 0 : Number(more.replace(/,/g, '')),
            // what the screen said instead, when it shows no row, and what every page's section held
            said: `${(shown as HTMLElement | undefined)?.innerText.slice(0, 400) ?? 'no page shown'} | sections: ${[
              ...document.querySelectorAll('main > section'),
            ]
              .map(
                (s) =>
                  `${getComputedStyle(s).visibility} “${(s as HTMLElement).innerText.slice(0, 60)}” busy ${s.querySelectorAll('[aria-busy="true"]').length}`,
              )
              .join('; ')} | ${location.href}`,
          }
        })
        expect(rows.shown, rows.said).toBeGreaterThan(0)
        expect(rows.shown + rows.more, `${rows.shown} rows shown, ${rows.more} more`).toBe(rows.all)
      }
      await page.close()
    })
  }
})

describe('the wall never shows an empty page', () => {
  test('a page not drawn at its turn keeps the one before on screen; sampled at every ½ s of a whole rotation', async () => {
    const { t } = speaking('en')
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } })
    await holdStill(page)
    // the network held, when the test says so: every request of the app waits (a slow wall's network)
    let release: () => void = () => {}
    let held: Promise<void> | null = null
    await page.route('**/*', async (route) => {
      if (held) await held
      await route.fallback()
    })
    let inFlight = 0
    page.on('request', () => inFlight++)
    page.on('requestfinished', () => inFlight--)
    page.on('requestfailed', () => inFlight--)

    const settled = () => expect.poll(() => inFlight).toBe(0)
    await page.clock.install({ time: testNow() })
    await page.clock.resume()
    // a vendor report third: the page the wall once left black for seconds while its code came
    await page.goto(
      `${factory.url}/kiosk?pages=status,threadbreaks,reports/shift-comparison&dwell=10&refresh=3600`,
    )
    const title = page.getByRole('banner').getByRole('heading', { level: 1 })
    await expect.poll(() => title.textContent()).toMatch(/^Machine status/)
    await settled()
    await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0)
    await pauseClock(page, 100)
    /** What is wrong with the screen shown, or null: one page shown, drawn, named by the header. */
    const sample = () =>
      page.evaluate((loading) => {
        const shown = [...document.querySelectorAll('main > section')].filter(
          (s) => getComputedStyle(s).visibility === 'visible',
        ) as HTMLElement[]
        const heading = document.querySelector('header h1')?.textContent ?? ''
        const main = (document.querySelector('main') as HTMLElement | null)?.innerText.slice(0, 80)
        if (shown.length !== 1) return `${shown.length} pages shown under “${heading}”: “${main}”`
        const [section] = shown as [HTMLElement]
        const name = section.getAttribute('aria-label') ?? ''
        if (section.querySelector('[aria-busy="true"]') || section.innerText.includes(loading))
          return `${name}: loading under “${heading}”`
        if (section.innerText.trim() === '') return `${name}: empty under “${heading}”`
        if (!heading.startsWith(name)) return `“${heading}” over ${name}`
        return null
      }, t('app.loading'))
    const step = async () => {
      await page.clock.runFor(500)
      const wrong = await sample()
      expect(wrong).toBeNull()
      return (await title.textContent()) ?? ''
    }

    // the network stops answering: the thread breaks come, drawn beforehand; the report, whose code and
    // data cannot come, does not: the thread breaks stay, past their last screen's turn
    held = new Promise((resolve) => {
      release = resolve
    })
    let onLast = 0
    for (let steps = 0; onLast < 15; steps++) {
      expect(steps, 'steps to the thread breaks’ last screen').toBeLessThan(200)
      const now = await step()
      const [, k, n] = /^Thread breaks(?: (\d+)\/(\d+))?$/.exec(now) ?? []
      if (now.startsWith('Thread breaks') && k === n) onLast++
    }
    expect(await title.textContent()).toMatch(/^Thread breaks/)
    // it answers again: the report comes once drawn, and the wall goes round to where it began
    release()
    held = null
    // each page once, in order: a page out of sight that gained a screen (the report, drawn) once moved
    // the turns under the page shown, and the wall went back and forth between two pages
    const seen: string[] = []
    for (let steps = 0; ; steps++) {
      expect(steps, `steps round the wall, seen: ${seen}`).toBeLessThan(400)
      await settled()
      const now = (await step()).replace(/ \d+\/\d+$/, '')
      if (seen.at(-1) !== now) seen.push(now)
      if (now === 'Machine status') break
    }
    expect(seen).toEqual(['Thread breaks', 'Shift comparison', 'Machine status'])
    await page.close()
  })
})

describe('the pace page on the wall: its headline read from across the hall, nothing cut', () => {
  for (const [width, height] of [
    [1920, 1080],
    [3840, 2160],
  ] as const)
    for (const language of ['en', 'de', 'es'] as const)
      test(`${width}×${height}, ${language}`, async () => {
        const page = await browser.newPage({ viewport: { width, height }, locale: language })
        await holdStill(page)
        await page.goto(`${factory.url}/kiosk?pages=pace&dwell=600&refresh=3600`)
        const headline = page.locator('main [data-wall="pace"]')
        await headline.waitFor()
        await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0)
        const px = await headline.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))
        expect(px).toBeGreaterThanOrEqual((52 * height) / 1080)
        expect((await screenCheck(page)).cut).toEqual([])
        expect(await clippedInPage(page)).toEqual([])
        await page.close()
      })
})
