import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { speaking } from '../messages'
import { launchChromium, pauseClock, sharedServer, testNow } from './harness'
import { sweepKioskPages, wallSample } from './kiosk-page-sweep'
import { holdStill } from './wall-checks'

/**
 * The kiosk's pages on the other walls of the matrix (issue 55: 1920×1080 and 3840×2160, 44 and 200
 * machines, English, German and Spanish, with and without the exception page; English at 1920×1080 is
 * wall-pages.test.ts): nothing cut off, nothing clipped, every part shown on a screen of its own. German
 * has the longest words, Spanish the longest sentences; 4K walls are laid out in the same vh units at
 * twice the pixels, and the company of 200 fills every list.
 */
const factory = sharedServer('factory')
const large = sharedServer('large')
let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

const PAGES = ['status', 'status&exceptions=1', 'threadbreaks', 'shifts', 'stops', 'pace', 'collectors']
/** the pages whose lists grow with the machines and the words: on the walls of 44 machines these only */
const LONG = ['status', 'status&exceptions=1', 'threadbreaks', 'pace']
const FOUR_K = { width: 3840, height: 2160 }
const FULL_HD = { width: 1920, height: 1080 }

// every page on the company of 200, in German at 4K and in Spanish at 1080
sweepKioskPages(() => browser, { viewport: FOUR_K, language: 'de' }, [
  ...PAGES.map((name) => [name, 'the company of 200 machines', () => large] as const),
])
sweepKioskPages(() => browser, { viewport: FULL_HD, language: 'es' }, [
  ...PAGES.map((name) => [name, 'the company of 200 machines', () => large] as const),
])
// the long pages on the demo factory, in German at 1080, in Spanish and in English at 4K
sweepKioskPages(() => browser, { viewport: FULL_HD, language: 'de' }, [
  ...LONG.map((name) => [name, 'the demo factory (44 machines)', () => factory] as const),
])
sweepKioskPages(() => browser, { viewport: FOUR_K, language: 'es' }, [
  ...LONG.map((name) => [name, 'the demo factory (44 machines)', () => factory] as const),
])
sweepKioskPages(() => browser, { viewport: FOUR_K, language: 'en' }, [
  ...[...LONG, 'reports/machine-summary'].map(
    (name) => [name, 'the demo factory (44 machines)', () => factory] as const,
  ),
])

// the rotation with the exception page and the pace page, on a German 4K wall of 200 machines: sampled at
// every ½ s of a whole round, each sample one drawn page named by the header (the rotation in English,
// with the network held, is wall-pages.test.ts)
describe('a German 4K wall with the exception page never shows an empty page', () => {
  test('every ½ s of a whole rotation: one page shown, drawn, named by the header', async () => {
    const page = await browser.newPage({ viewport: FOUR_K, locale: 'de' })
    await holdStill(page)
    await page.clock.install({ time: testNow() })
    await page.clock.resume()
    await page.goto(`${large.url}/kiosk?pages=status,pace&exceptions=1&dwell=5&refresh=3600`)
    const title = page.getByRole('banner').getByRole('heading', { level: 1 })
    await expect.poll(() => page.locator('main > section').count()).toBeGreaterThan(0)
    await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0)
    await pauseClock(page, 100)
    const { t } = speaking('de')
    const sample = () => wallSample(page, t('app.loading'))
    const pageOf = (heading: string) => heading.replace(/ \d+\/\d+$/, '')
    const first = (await title.textContent()) ?? ''
    const seen = [pageOf(first)]
    // round the wall: from the first turn, through every page, back to it
    for (let steps = 0; ; steps++) {
      expect(steps, `½ s steps round the wall, seen: ${seen}`).toBeLessThan(400)
      await page.clock.runFor(500)
      expect(await sample()).toBeNull()
      const now = (await title.textContent()) ?? ''
      if (pageOf(now) !== seen.at(-1)) seen.push(pageOf(now))
      // back at the first page by name: under load a page of several screens may come round at another
      // of its screens than the one first seen
      if (pageOf(now) === pageOf(first) && seen.length > 1) break
    }
    // the exception page, machine status and the pace page, each in its turn
    expect(new Set(seen.slice(0, -1)).size).toBe(3)
    await page.close()
  })
})
