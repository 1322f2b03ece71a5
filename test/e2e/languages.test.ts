import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { appInChromium } from './harness'

/**
 * Every page in German and in Spanish, as a browser set to that language opens it: the rendered text
 * (what a person reads, and the names screen readers read: aria-label, title, placeholder, alt) holds no
 * text of the English catalogue that the language's own catalogue says differently. A scan of the text,
 * not a snapshot: a page's data may change, its words may not be English.
 */
const app = appInChromium()
const catalogue = (language: string) =>
  JSON.parse(readFileSync(`src/lib/i18n/locales/${language}.json`, 'utf8')) as Record<string, string>
const english = catalogue('en')

/** The English catalogue's fixed words, piece by piece ("Could not refresh:" of "Could not refresh:
 * {error}."), that `language` writes otherwise; short pieces (units, "ID") are left out, as they may be
 * the same words in both. */
function englishWords(language: string): string[] {
  const own = catalogue(language)
  const pieces = new Set<string>()
  for (const [key, text] of Object.entries(english)) {
    if (own[key] === text) continue
    // the literal text between arguments and outside plural and select branches
    for (const piece of text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/)) {
      const words = piece.trim().replace(/^[,.;:·()–—\s]+|[,.;:·()–—\s]+$/g, '')
      if (words.length >= 8 && /[a-z]{3}/.test(words) && !Object.values(own).some((t) => t.includes(words)))
        pieces.add(words)
    }
  }
  return [...pieces]
}

const PAGES = [
  '/machines',
  '/machines/AS-1042',
  '/threadbreaks',
  '/timeline',
  '/stops',
  '/stops/explain',
  '/stops/settings',
  '/pace',
  '/pace/targets',
  '/shift-reports',
  '/shift-reports/1',
  '/shifts',
  '/thread-cones',
  '/thread-cones?m=Nordfaden&s=NFP-40&c=1001',
  '/reports',
  '/reports/machine-summary',
  '/collectors',
  '/collectors/dc-s1',
  '/status-codes',
  '/design-breaks',
  '/alerts',
  '/no-such-page',
  '/kiosk',
  '/kiosk?pages=status&dwell=600',
  '/kiosk?pages=stops&dwell=600',
  '/kiosk?pages=threadbreaks&dwell=600',
  '/kiosk?pages=status&exceptions=1&dwell=600',
]

/** What a person reads on the page, and what screen readers read of it. */
async function textOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const names = [...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => el.getAttribute(name) ?? ''),
    )
    return [document.title, document.body.innerText, ...names].join('\n')
  })
}

describe.each(['de', 'es'])('every page in %s', (language) => {
  const words = englishWords(language)

  test('the check itself: English words on a page are found, in its text and in its names', async () => {
    const page = await app.browser.newPage({ locale: language, viewport: { width: 1440, height: 900 } })
    try {
      await page.goto(`${app.server.url}/no-such-page`)
      await page.locator('h1').first().waitFor()
      const shown = (text: string) => words.filter((w) => text.includes(w))
      expect(shown(await textOf(page))).toEqual([])
      const english = catalogue('en')
      await page.evaluate(
        ([text, label]) => {
          document.querySelector('main')?.insertAdjacentText('beforeend', text!)
          document.querySelector('h1')?.setAttribute('aria-label', label!)
        },
        [english['app.notFound.text']!, english['app.nav.threadCones']!],
      )
      expect(shown(await textOf(page))).toEqual(
        expect.arrayContaining([
          english['app.notFound.text']!.replace(/\.$/, ''),
          english['app.nav.threadCones']!,
        ]),
      )
    } finally {
      await page.close()
    }
  })

  test.each(PAGES)('%s holds no English of the catalogue', async (path) => {
    const page = await app.browser.newPage({ locale: language, viewport: { width: 1440, height: 900 } })
    try {
      await page.goto(`${app.server.url}${path}`)
      await page.locator('h1').first().waitFor()
      await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0)
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language)
      const text = await textOf(page)
      expect(words.filter((w) => text.includes(w))).toEqual([])
      // a message missing from the page's piece would show as its name (built, its short name: §1k)
      expect(Object.keys(english).filter((name) => text.includes(name))).toEqual([])
      expect(text.match(/§[0-9a-z]+/g)).toBeNull()
    } finally {
      await page.close()
    }
  })

  test.each(PAGES)('%s on a phone does not scroll sideways, with the longer words', async (path) => {
    const page = await app.browser.newPage({ locale: language, viewport: { width: 390, height: 844 } })
    try {
      await page.goto(`${app.server.url}${path}`)
      await page.locator('h1').first().waitFor()
      await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    } finally {
      await page.close()
    }
  })
})
