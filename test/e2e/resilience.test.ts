import { describe, expect, test } from 'vitest'
import { appInChromium } from './harness'

/** Issue 20 item 6 in Chromium: a page whose code cannot be fetched recovers by itself when the server is
 * back; the first paint, before the app has started, is in the user's theme. */
const app = appInChromium()

describe('resilience in the browser', () => {
  test('the server away while moving to a page: the page says so, and loads by itself once it is back', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.goto(`${app.server.url}/machines`)
    await page.getByRole('heading', { name: 'Machine status' }).waitFor()
    // the server "away": the thread-break page's code and the configuration do not answer
    const away = (route: { abort: () => Promise<void> }) => route.abort()
    await page.route('**/assets/threadbreaks-page-*.js', away)
    await page.route('**/app-config.json', away)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Thread breaks' }).click()
    // tried three times (now, after 1 s and 3 s), then said in words, not "Failed to fetch …"
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor({ timeout: 15_000 })
    expect(await page.getByText(/loads by itself as soon as it is back/).isVisible()).toBe(true)
    // back: the page appears without anyone touching it
    await page.unroute('**/assets/threadbreaks-page-*.js', away)
    await page.unroute('**/app-config.json', away)
    await page.getByRole('heading', { name: 'Thread breaks by head and needle' }).waitFor({ timeout: 15_000 })
    expect(new URL(page.url()).pathname).toBe('/threadbreaks')
    await page.close()
  })

  for (const [who, cookie, scheme, expected] of [
    ['a user who chose light, on a dark system', 'light', 'dark', 'light'],
    ['a user who chose dark, on a light system', 'dark', 'light', 'dark'],
    ['a user who chose nothing, on a dark system', null, 'dark', 'dark'],
    ['a user who chose nothing, on a light system', null, 'light', 'light'],
  ] as const) {
    test(`the first paint before the app starts, ${who}: ${expected}`, async () => {
      const context = await app.browser.newContext({ colorScheme: scheme })
      if (cookie)
        await context.addCookies([{ name: 'stitchboard-theme', value: cookie, url: app.server.url }])
      const page = await context.newPage()
      // a slow network, at its slowest: the app's code never arrives, the stylesheet does
      await page.route('**/assets/*.js', (route) => route.abort())
      await page.goto(`${app.server.url}/machines`)
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
      // gray-50 and gray-950 of the stylesheet
      const light = await page.evaluate(() => {
        const probe = document.createElement('div')
        probe.style.color = 'var(--color-gray-50)'
        document.body.append(probe)
        return getComputedStyle(probe).color
      })
      if (expected === 'light') expect(background).toBe(light)
      else expect(background).not.toBe(light)
      expect(background).not.toBe('rgba(0, 0, 0, 0)')
      await context.close()
    })
  }

  test('the choice made in the app is the first paint of the next visit', async () => {
    const context = await app.browser.newContext({ colorScheme: 'dark' })
    const page = await context.newPage()
    await page.goto(`${app.server.url}/machines`)
    await page.getByRole('button', { name: 'Light theme' }).click()
    const cookies = await context.cookies(app.server.url)
    expect(cookies.find((c) => c.name === 'stitchboard-theme')?.value).toBe('light')
    const response = await page.request.get(`${app.server.url}/machines`)
    expect(await response.text()).toMatch(/<html class="light"/)
    await context.close()
  })
})
