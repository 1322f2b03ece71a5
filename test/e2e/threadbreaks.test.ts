import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { appInChromium, collectProblems, downloadedBytes } from './harness'

/** Issue 6 in Chromium on demo data: hot spots flagged, bobbin column, canvases drawn, exports. */
const app = appInChromium({}, { shared: 'factory' })

const totalBreaks = async (page: Page, bobbin: 'included' | 'not included') => {
  const text = await page
    .getByText(new RegExp(`thread breaks on \\d+\\smachines?, bobbin ${bobbin}`))
    .textContent()
  return Number(text?.match(/^([\d,]+)/)?.[1]?.replace(/,/g, ''))
}

/** Non-transparent pixels of a heatmap canvas (0 until it is drawn). */
const inkedPixels = (canvas: Locator) =>
  canvas.evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? []
    let inked = 0
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) inked++
    return inked
  })

describe('thread-break heatmaps in Chromium', () => {
  test('the planted worn needle and the badly timed head of the demo factory are flagged on screen', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1920, height: 1080 } })
    const problems = collectProblems(page)
    await page.goto(`${app.server.url}/threadbreaks?range=7d`)
    const aside = page.getByRole('complementary', { name: 'Where to look first' })
    await aside
      .getByText(/^North 03 · 18H, head 4, needle 7: \d+\sbreaks, [\d.]+× its expected share/)
      .waitFor()
    await aside.getByText(/^North 08 · 18H, head 2: \d+\sbreaks/).waitFor()
    await expect
      .poll(() => page.getByRole('img', { name: /thread breaks by head and needle/ }).count())
      .toBe(44)
    // drawn on screen; a machine far below the fold is drawn once scrolled to
    expect(await inkedPixels(page.locator('canvas[data-heatmap="Annex 01 · 1H"]'))).toBeGreaterThan(100)
    const last = page.locator('canvas[data-heatmap]').last()
    expect(await inkedPixels(last)).toBe(0)
    await last.scrollIntoViewIfNeeded()
    await expect.poll(() => inkedPixels(last)).toBeGreaterThan(100)
    expect(problems).toEqual([])
    await page.close()
  })

  test('toggling bobbin adds and removes the needle-0 column and changes the totals', async () => {
    const page = await app.browser.newPage()
    // Annex 01 (1 head, 9 needles) has bobbin breaks in the 7 days before the pinned clock
    await page.goto(`${app.server.url}/threadbreaks?range=7d&machines=AS-2300`)
    const without = await totalBreaks(page, 'not included')
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Annex 01 · 1H' }) })
    await card.getByText('As a table').click()
    const table = card.getByRole('table')
    // the table twin is loaded on first opening
    await table.waitFor()
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Head \\ needle',
      ...'123456789'.split(''),
      'Total',
    ])
    // click, not check(): the box follows the URL, which the router updates a moment later
    await page.getByRole('checkbox', { name: 'Include bobbin (needle 0)' }).click()
    const withBobbin = await totalBreaks(page, 'included')
    expect(withBobbin).toBeGreaterThan(without)
    // the table stays open while the view updates
    await expect.poll(() => table.locator('thead th').nth(1).textContent()).toBe('B')
    expect(await table.locator('thead th').nth(1).textContent()).toBe('B')
    expect(await table.locator('tfoot td').last().textContent()).toBe(String(withBobbin))
    await page.getByRole('checkbox', { name: 'Include bobbin (needle 0)' }).click()
    expect(await totalBreaks(page, 'not included')).toBe(without)
    await expect.poll(() => table.locator('thead th').nth(1).textContent()).toBe('1')
    await page.close()
  })

  test('exports: the CSV of the rows and a PNG of the heatmaps', async () => {
    const page = await app.browser.newPage()
    await page.goto(`${app.server.url}/threadbreaks?range=7d&location=1`)
    await page.getByRole('complementary', { name: 'Where to look first' }).waitFor()
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ])
    const text = (await downloadedBytes(csv)).toString('utf8')
    expect(text.split('\r\n')[0]).toBe('\uFEFFmachine id,machine,head,needle,thread breaks,flagged')
    expect(csv.suggestedFilename()).toMatch(/^threadbreaks_HN_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/)
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PNG' }).click(),
    ])
    const bytes = await downloadedBytes(png)
    expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG')
    expect(bytes.length).toBeGreaterThan(10_000)
    await page.close()
  })
})
