import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Language } from '../../src/lib/i18n/translator'
import { speaking } from '../messages'
import { pauseClock, type Running, testNow } from './harness'
import { holdStill } from './wall-checks'

/**
 * The kiosk's pages on a wall, a page at a time: each shown a screen at a time ("k/n" in the header) with
 * nothing cut and nothing clipped, every part of it shown whole on some screen, a report's rows all shown
 * or counted. `sweepKioskPages` registers a test per page for one wall (its size and language); the wall's
 * files (wall-pages*.test.ts) call it for the walls of the matrix.
 */

/** Screen by screen: what the shown kiosk screen cuts (an element with text partly inside the page's
 * window); every element with text that was wholly on screen is remembered (window.__seen), and those the
 * page showed at the first screen that never were are `unseen`. */
export const screenCheck = (page: Page) =>
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
export const clippedInPage = (page: Page) =>
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
const atAGlance = (name: string, height: number) => !name.startsWith('status') && height === 1080

export interface Wall {
  viewport: { width: number; height: number }
  language: Language
}

/** A test per kiosk page `[page, company, server]`, on `wall`, in one browser context. */
export function sweepKioskPages(
  browser: () => Browser,
  wall: Wall,
  cases: ReadonlyArray<readonly [string, string, () => Running]>,
) {
  const { width, height } = wall.viewport
  describe(`every kiosk page on the wall (${width}×${height}, ${wall.language}): nothing cut off, every part shown on a screen of its own`, () => {
    const { t } = speaking(wall.language)
    // one wall browser for every case, a page each: its cache and compiled code serve every page after
    // the first (a new browser context per case cost a cold start, seconds of CPU, each)
    let context: BrowserContext
    beforeAll(async () => {
      context = await browser().newContext({ viewport: wall.viewport, locale: wall.language })
    })
    afterAll(() => context?.close())
    for (const [name, company, server] of cases) {
      test(`${name}, ${company}`, async () => {
        const page = await context.newPage()
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
              .or(page.getByText(t('app.loading')))
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
            if (turn === 1 && atAGlance(name, height)) expect(of, `${name}: screens`).toBeLessThanOrEqual(2)
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
        if (name.startsWith('reports/') && wall.language === 'en') {
          // the report drawn (on a busy machine a clean clone once found its table loading again at the
          // last screen: the page's clock is run on a quarter second at a time until it is drawn)
          await expect
            .poll(async () => {
              const busy = await page.locator('main > section:visible [aria-busy="true"]').count()
              if (busy > 0) await page.clock.runFor(250)
              return busy
            })
            .toBe(0)
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
}

/** What is wrong with the wall's screen now, or null: one page shown, drawn (nothing loading, `loading`
 * being the catalogue's "Loading…"), not empty, and named by the header. A rotation sampled with it never
 * shows an empty or loading page. */
export const wallSample = (page: Page, loading: string) =>
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
  }, loading)
