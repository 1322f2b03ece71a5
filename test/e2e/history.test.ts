import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { HELD_OUT_KEY, HELD_OUT_STATUS_CODES } from '../held-out/settings'
import { until } from '../until'
import { collectProblems, launchChromium, type Running, startProcess } from './harness'

/** Issue 18 in Chromium: time in state on the board, the machine's timeline, the factory timeline, the
 * stop analysis (shift page and kiosk) on demo data with its 7 days of history; live push against the
 * held-out upstream, whose machines the test changes. */
let demo: Running
let upstream: Running
let vendor: Running
let browser: Browser

beforeAll(async () => {
  upstream = await startProcess('test/held-out/upstream.ts', {}, '/machines')
  ;[demo, vendor, browser] = await Promise.all([
    startProcess('server/main.ts', {}),
    startProcess('server/main.ts', {
      API_BASE_URL: upstream.url,
      API_KEY: HELD_OUT_KEY,
      STATUS_CODES: HELD_OUT_STATUS_CODES,
      POLL_SECONDS: '5',
    }),
    launchChromium(),
  ])
  // the history is ready (the demo's 7 days recorded, a first poll made)
  for (const server of [demo, vendor])
    await until(
      `the history of ${server.url} to be ready`,
      async () =>
        ((await (await fetch(`${server.url}/api/history/now`)).json()) as { lastPollAt: number | null })
          .lastPollAt,
      (at) => at !== null,
    )
})
afterAll(async () => {
  await browser?.close()
  await Promise.all([demo?.stop(), vendor?.stop()])
  await upstream?.stop()
})

describe('the history on demo data', () => {
  test('every tile says how long its machine has been in its state', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    const problems = collectProblems(page)
    await page.goto(`${demo.url}/machines`)
    const tiles = page.getByRole('article')
    await expect.poll(() => tiles.count()).toBe(44)
    await expect
      .poll(
        async () =>
          (await tiles.allTextContents()).filter((t) => /for (at least )?\d+\s(s|min|h)/.test(t)).length,
      )
      .toBe(44)
    expect(problems).toEqual([])
    await page.close()
  })

  test('the machine page: the last 7 days as a strip, read part by part with the keyboard', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    const problems = collectProblems(page)
    await page.goto(`${demo.url}/machines/AS-1042`)
    await page.getByRole('heading', { name: 'States over the last 7 days' }).waitFor()
    const strip = page.getByRole('img', { name: /^North 01 · 1H: states over the last 7 days/ })
    await strip.focus()
    await page.keyboard.press('End')
    // the last part is what the machine does now, still going
    const caption = page.locator('figcaption')
    await expect.poll(() => caption.textContent()).toMatch(/\(code \d+\), .+, (at least )?\d+/)
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => caption.textContent()).toMatch(/\(code \d+\)/)
    await page.getByRole('heading', { name: /^Stops longer than 10 min/ }).waitFor()
    expect(problems).toEqual([])
    await page.close()
  })

  test('the factory timeline: a row per machine, and where the stop time went', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    const problems = collectProblems(page)
    await page.goto(`${demo.url}/timeline?range=yesterday&location=1`)
    await page.getByText(/^18\smachines, /).waitFor()
    const rows = page.getByRole('list', { name: 'Machines and their states' }).getByRole('listitem')
    await expect.poll(() => rows.count()).toBeGreaterThan(10)
    await page.getByText(/^Availability \d+(\.\d)? %/).waitFor()
    const causes = page.getByRole('table', { name: /Stop time by status code/ })
    await expect.poll(() => causes.getByRole('row').count()).toBeGreaterThan(1)
    expect(new URL(page.url()).searchParams.get('range')).toBe('yesterday')
    expect(problems).toEqual([])
    await page.close()
  })

  test('the shift page and the kiosk show availability and the stop Pareto', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } })
    const problems = collectProblems(page)
    await page.goto(`${demo.url}/shifts`)
    await page.getByRole('heading', { name: /^Stops and availability: .+ shift so far$/ }).waitFor()
    await page
      .getByText(/^Availability \d+(\.\d)? %/)
      .first()
      .waitFor()
    await page.goto(`${demo.url}/kiosk?pages=stops&range=today`)
    await page.getByText(/^Availability \d+(\.\d)? %/).waitFor()
    await page.getByRole('heading', { name: 'Longest stops' }).waitFor()
    expect(problems).toEqual([])
    await page.close()
  })
})

describe('live push', () => {
  test('a machine that changes upstream changes on the open board without the page polling', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    const problems = collectProblems(page)
    let polls = 0
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/machines') polls++
    })
    await page.goto(`${vendor.url}/machines`)
    await page.getByText(/Live: changes show as the server sees them/).waitFor()
    const tile = page.getByRole('article', { name: /^East 02 · 12H: / })
    await expect.poll(() => tile.getAttribute('aria-label')).toBe('East 02 · 12H: Stop switch')
    const before = polls
    await fetch(`${upstream.url}/__machines/M-0102`, {
      method: 'POST',
      body: JSON.stringify({ code: 3, speed: 800 }),
    })
    await expect.poll(() => tile.getAttribute('aria-label')).toBe('East 02 · 12H: Running')
    // seen since the change: a few seconds, not "at least"
    await expect.poll(() => tile.textContent()).toMatch(/for \d+\ss/)
    expect(polls).toBe(before)
    await fetch(`${upstream.url}/__machines/M-0102`, {
      method: 'POST',
      body: JSON.stringify({ code: 5, speed: 0 }),
    })
    expect(problems).toEqual([])
    await page.close()
  })
})
