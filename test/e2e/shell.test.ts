import { describe, expect, test } from 'vitest'
import { appInChromium, collectProblems } from './harness'

/** The built app served by the real server (`npm start`'s entry) on demo data, in Chromium, with the
 * history in the embedded database as `npm start` keeps it. */
const app = appInChromium({}, { embeddedDatabase: true })

describe('the app shell in Chromium', () => {
  test('opens on the live machine status of the demo factory, with the demo badge and factory clock, and no console error', async () => {
    const page = await app.browser.newPage()
    const problems = collectProblems(page)
    await page.goto(app.server.url)
    await page.getByRole('heading', { name: 'Machine status' }).waitFor()
    await page.getByRole('article', { name: /^North 01/ }).waitFor()
    expect(await page.getByRole('article').count()).toBeGreaterThan(40)
    expect(await page.getByText('Demo data').isVisible()).toBe(true)
    expect(await page.getByText(/Factory time: .*Europe\/Berlin/).isVisible()).toBe(true)
    expect(problems).toEqual([])
    await page.close()
  })

  test('the board’s first data is asked for by index.html itself, and the app takes those answers (each once)', async () => {
    const page = await app.browser.newPage()
    const problems = collectProblems(page)
    const asked = new Map<string, number>()
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (!url.pathname.startsWith('/assets/')) {
        const path = url.pathname + url.search
        asked.set(path, (asked.get(path) ?? 0) + 1)
      }
    })
    const answer = await page.goto(`${app.server.url}/machines`)
    const preloads = [
      ...(await answer!.text()).matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g),
    ].map((m) => m[1]!.replaceAll('&amp;', '&'))
    expect(preloads).toEqual([
      '/app-config.json',
      '/api/machines',
      '/api/history/now',
      '/api/designs?page=1&limit=1000',
    ])
    await page.getByRole('article', { name: /^North 01/ }).waitFor()
    // a preload the app's fetch did not match would have been asked for twice by the time the board is
    // drawn from it (counted then: later, until the live stream is up, the machines are polled, and a busy
    // machine may take that long to reach the pace below)
    const atBoard = new Map(asked)
    for (const url of preloads) expect(atBoard.get(url), url).toBe(1)
    // the tiles' last line (the pace) is there: its report was asked for by the shell, not after the board
    await page.locator('span[title^="stitchboard’s estimate"]').first().waitFor()
    // the tiles' pace report asked once (the shift's pace line under the summary, loaded when the browser
    // is idle, asks its own range: each range once)
    const summaries = [...asked].filter(([url]) => url.startsWith('/api/reports/machine-summary'))
    expect(summaries.length).toBeGreaterThanOrEqual(1)
    for (const [url, times] of summaries) expect(times, url).toBe(1)
    expect(problems).toEqual([])
    await page.close()
  })

  test('every navigation link opens its page with no console error', async () => {
    const page = await app.browser.newPage()
    const problems = collectProblems(page)
    await page.goto(app.server.url)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link').first().waitFor()
    const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link')
    const count = await links.count()
    expect(count).toBeGreaterThan(0)
    for (let i = 0; i < count; i++) {
      const link = links.nth(i)
      const name = (await link.textContent())!.trim()
      await link.click()
      await page.getByRole('heading', { level: 1, name }).waitFor()
    }
    expect(problems).toEqual([])
    await page.close()
  })

  test('a deep link restores the exact view, also after a reload', async () => {
    const page = await app.browser.newPage()
    await page.goto(`${app.server.url}/?location=2&machines=`)
    for (let round = 0; round < 2; round++) {
      await page.getByRole('article', { name: /^South 01/ }).waitFor()
      // the location is named from the average-rpm report, the one answer that names locations
      await page.getByRole('region', { name: 'Hall South' }).waitFor()
      expect(await page.getByLabel('Location', { exact: true }).inputValue()).toBe('2')
      expect(await page.getByRole('article', { name: /^North/ }).count()).toBe(0)
      await page.reload()
    }
    await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Annex' })
    await page.getByRole('article', { name: /^Annex 01/ }).waitFor()
    expect(new URL(page.url()).searchParams.get('location')).toBe('3')
    await page.close()
  })

  test('an unknown address shows the not-found page', async () => {
    const page = await app.browser.newPage()
    await page.goto(`${app.server.url}/no/such/page`)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    await page.close()
  })
})
