import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { speaking } from '../messages'
import { launchChromium, pauseClock, sharedServer, testNow } from './harness'
import { clippedInPage, screenCheck, sweepKioskPages, wallSample } from './kiosk-page-sweep'
import { holdStill } from './wall-checks'

/**
 * The wall's pages in turn, in Chromium at 1920×1080 in English: every kiosk page (and the exception page)
 * shown a screen at a time with nothing cut (kiosk-page-sweep.ts; the other walls of the matrix in
 * wall-pages-languages.test.ts), a rotation that never shows an empty or loading page, and the pace page's
 * headline at 1080 and 2160 in the three languages.
 */
// the run's servers: the wall only reads
const factory = sharedServer('factory')
const large = sharedServer('large')
let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

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
sweepKioskPages(() => browser, { viewport: { width: 1920, height: 1080 }, language: 'en' }, [
  ...['status', 'threadbreaks', 'shifts', 'collectors', 'stops', 'pace', 'orders', ...reports].map(
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
])

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
    const sample = () => wallSample(page, t('app.loading'))
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
