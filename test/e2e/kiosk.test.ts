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
      await expect.poll(() => title.textContent(), { timeout: 6000 }).toBe(expected)
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
    await page.close()
  })
})
