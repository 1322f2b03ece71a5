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
