import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchChromium, sharedServer } from './harness'
import { sweepKioskPages } from './kiosk-page-sweep'

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
const FOUR_K = { width: 3840, height: 2160 }
const FULL_HD = { width: 1920, height: 1080 }

sweepKioskPages(() => browser, { viewport: FOUR_K, language: 'de' }, [
  ...PAGES.map((name) => [name, 'the company of 200 machines', () => large] as const),
])
sweepKioskPages(() => browser, { viewport: FULL_HD, language: 'de' }, [
  ...PAGES.map((name) => [name, 'the demo factory (44 machines)', () => factory] as const),
])
sweepKioskPages(() => browser, { viewport: FULL_HD, language: 'es' }, [
  ...PAGES.map((name) => [name, 'the company of 200 machines', () => large] as const),
])
sweepKioskPages(() => browser, { viewport: FOUR_K, language: 'es' }, [
  ...PAGES.map((name) => [name, 'the demo factory (44 machines)', () => factory] as const),
])
sweepKioskPages(() => browser, { viewport: FOUR_K, language: 'en' }, [
  ...[...PAGES, 'reports/machine-summary'].map(
    (name) => [name, 'the demo factory (44 machines)', () => factory] as const,
  ),
])
