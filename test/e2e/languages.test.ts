import { describe, expect, test } from 'vitest'
import { appInChromium } from './harness'
import { catalogue, englishWords, notInLanguage, textOf } from './page-checks'

/**
 * The check that every page in German and in Spanish holds no English of the catalogue (run on every page
 * by page-sweep.ts) sees English words planted in a page's text and in its names.
 */
const app = appInChromium({}, { shared: 'factory' })

describe.each(['de', 'es'])('the check of every page in %s', (language) => {
  const words = englishWords(language)

  test('finds English words in a page’s text and its names, and message names', async () => {
    const page = await app.browser.newPage({ locale: language, viewport: { width: 1440, height: 900 } })
    try {
      await page.goto(`${app.server.url}/no-such-page`)
      await page.locator('h1').first().waitFor()
      expect(notInLanguage(await textOf(page), words)).toEqual([])
      const english = catalogue('en')
      await page.evaluate(
        ([text, label]) => {
          document.querySelector('main')?.insertAdjacentText('beforeend', `${text} app.nav.alerts §1k`)
          document.querySelector('h1')?.setAttribute('aria-label', label!)
        },
        [english['app.notFound.text']!, english['app.nav.threadCones']!],
      )
      expect(notInLanguage(await textOf(page), words)).toEqual(
        expect.arrayContaining([
          english['app.notFound.text']!.replace(/\.$/, ''),
          english['app.nav.threadCones']!,
          'app.nav.alerts',
          '§1k',
        ]),
      )
    } finally {
      await page.close()
    }
  })
})
