import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { freePort, launchChromium, type Running, startProcess } from './harness'

/** Issue 10 in Chromium: the kiosk rotates through three pages without reloading, shows the banner when
 * the server stops answering, and recovers by itself when it is back. */
let browser: Browser
let server: Running
let port: number
beforeAll(async () => {
  port = await freePort()
  ;[server, browser] = await Promise.all([
    startProcess('server/main.ts', { PORT: String(port) }),
    launchChromium(),
  ])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('kiosk in Chromium', () => {
  test('three pages in turn, no reload; the stale banner when the server is gone, cleared when it is back', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } })
    let loads = 0
    page.on('load', () => loads++)
    await page.goto(`${server.url}/kiosk?pages=status,threadbreaks,shifts&dwell=2&refresh=1`)
    const title = page.getByRole('banner').getByRole('heading', { level: 1 })
    const seen: string[] = []
    for (const expected of ['Machine status', 'Thread breaks', 'Shift comparison', 'Machine status']) {
      // a page longer than the screen takes several turns ("Thread breaks 1/2")
      await expect
        .poll(() => title.textContent(), { timeout: 20_000 })
        .toMatch(new RegExp(`^${expected}( \\d+/\\d+)?$`))
      seen.push(expected)
    }
    expect(seen).toHaveLength(4)
    expect(loads).toBe(1)
    expect(
      await page.evaluate(() => getComputedStyle(document.querySelector('.kiosk-wall') as Element).cursor),
    ).toBe('none')

    await server.stop()
    const banner = page.getByText(/No new data since .*what you see is older/)
    await banner.waitFor({ timeout: 15_000 })
    server = await startProcess('server/main.ts', { PORT: String(port) })
    await banner.waitFor({ state: 'detached', timeout: 15_000 })
    expect(loads).toBe(1)
    await page.close()
  }, 90_000)

  test('with DASHBOARD_TOKEN: the bookmark carries the token once, then the kiosk lives on its cookie, renewed while it runs', async () => {
    const token = 'wall-monitor-token-0123456789'
    const guarded = await startProcess('server/main.ts', { DASHBOARD_TOKEN: token })
    try {
      const context = await browser.newContext()
      const page = await context.newPage()
      const renewals: string[] = []
      page.on('response', async (response) => {
        if (
          new URL(response.url()).pathname === '/app-config.json' &&
          (await response.headerValue('set-cookie'))
        ) {
          renewals.push(response.url())
        }
      })
      await page.goto(`${guarded.url}/kiosk?pages=status&dwell=2&refresh=1&token=${token}`)
      // the token is gone from the address (history, bookmarks, logs); the wall shows the board
      expect(new URL(page.url()).searchParams.has('token')).toBe(false)
      await page.getByRole('banner').getByRole('heading', { name: 'Machine status' }).waitFor()
      const [cookie] = await context.cookies()
      expect(cookie?.httpOnly).toBe(true)
      expect(cookie?.sameSite).toBe('Strict')
      // Chromium dates the cookie by its own clock; SESSION_HOURS is 720 (30 days), renewed while polled
      expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(29 * 86_400)
      await expect.poll(() => renewals.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
      expect(await page.getByText('Access needed').count()).toBe(0)
      await context.close()
    } finally {
      await guarded.stop()
    }
  }, 60_000)

  test('/kiosk alone: the form that builds the address', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/kiosk`)
    await page.getByRole('heading', { name: 'Kiosk for a wall monitor' }).waitFor()
    await page.getByLabel('Seconds per page').fill('45')
    const link = page.getByRole('link', { name: /\/kiosk\?/ })
    expect(await link.getAttribute('href')).toContain('dwell=45')
    // any report, and a tile per machine instead of the wall's cards
    await page.getByRole('checkbox', { name: 'Machine summary' }).check()
    await page.getByLabel('Machine status shows').selectOption('desk')
    const href = new URL((await link.getAttribute('href'))!)
    expect(href.searchParams.get('pages')).toBe('status,threadbreaks,shifts,reports/machine-summary')
    expect(href.searchParams.get('status.density')).toBe('desk')
    // opened on this computer by 127.0.0.1: said, and the address another computer uses can be put in
    expect(await page.getByRole('note').textContent()).toMatch(/the wall’s PC cannot reach it/)
    await page
      .getByLabel('This dashboard’s address, as the wall’s PC reaches it')
      .fill('http://dashboard.factory.example:8080')
    expect(await link.getAttribute('href')).toMatch(/^http:\/\/dashboard\.factory\.example:8080\/kiosk\?/)
    expect(await page.getByRole('note').count()).toBe(0)
    // the address built works: four pages in the rotation, nothing in it refused
    await page.goto(`${server.url}/kiosk?${href.searchParams.toString()}`)
    await page.getByText(/^Page 1\sof \d+$/).waitFor()
    expect(await page.getByText(/Kiosk address:/).count()).toBe(0)
    await page.close()
  })
})
