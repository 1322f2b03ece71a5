import { describe, expect, test } from 'vitest'
import { appInChromium, collectProblems } from './harness'

/** Issue 7 in Chromium on demo data: the shift page with every section, the per-day chart drawn. */
const app = appInChromium({}, { shared: 'factory' })

describe('shift comparison in Chromium', () => {
  test('every section on demo data: so far, over the range, per day (chart), the API report', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1920, height: 1080 } })
    const problems = collectProblems(page)
    await page.goto(`${app.server.url}/shifts?range=7d`)
    await page.getByRole('heading', { name: /shift so far: / }).waitFor()
    const overRange = page.getByRole('table').filter({ hasText: 'Hours of the shift in the range' })
    await expect
      .poll(() => overRange.getByRole('row', { name: /^Thread breaks/ }).textContent())
      .toMatch(/vs mean/)
    // the per-day chart is drawn (recharts, loaded lazily) with one bar series per shift, once near
    await page.getByRole('heading', { name: 'Each shift per day' }).scrollIntoViewIfNeeded()
    await page.locator('.recharts-surface').first().waitFor()
    expect(await page.locator('.recharts-legend-item').allTextContents()).toEqual(['Early', 'Late', 'Night'])
    await page
      .getByRole('heading', { name: 'Shifts as the machine portal defines them' })
      .scrollIntoViewIfNeeded()
    const vendor = page.getByRole('table', { name: 'Stitches and thread breaks per machine and work period' })
    await vendor.waitFor()
    // one row per machine of the demo factory, a column per work period of the vendor's portal
    expect(await vendor.locator('tbody tr').count()).toBe(44)
    expect(await vendor.locator('thead th').allTextContents()).toContain('All: stitches / breaks')
    await page.getByLabel('Days').selectOption('30')
    await expect.poll(() => new URL(page.url()).searchParams.get('days')).toBe('30')
    await page.locator('.recharts-surface').first().waitFor()
    expect(problems).toEqual([])
    await page.close()
  })

  // issue 55: the shift page answers on its first screen, how the shift stands and why, at a desk
  test('at 1440×900 the first screen says how the shift stands and why; how it is computed is folded', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } })
    const problems = collectProblems(page)
    await page.goto(`${app.server.url}/shifts?range=7d`)
    const plan = page.getByRole('heading', { name: /shift against plan/ })
    await plan.waitFor()
    const why = page.getByText(/^Explained: \d+\s%/)
    await why.waitFor()
    const bars = page
      .locator('[data-chart]')
      .filter({ has: page.getByRole('listitem') })
      .first()
    await bars.waitFor()
    const bottom = async (locator: typeof plan) =>
      (await locator.boundingBox())!.y + (await locator.boundingBox())!.height
    // the plan's figures, OEE's factors, the explained share and the largest reason's bar, whole above the
    // fold (the chart starts there; a long shift's other reasons may run on below it)
    const parts = {
      pieces: page.getByText(/^Pieces [\d,]+ · plan by now/),
      oee: page.locator('[data-figure="oee"]'),
      explained: why,
      largestReason: bars.getByRole('listitem').first(),
    }
    const below: string[] = []
    for (const [name, part] of Object.entries(parts)) {
      const end = await bottom(part)
      if (end > 900) below.push(`${name} ends at ${Math.round(end)} px`)
    }
    expect(below).toEqual([])
    // the definitions are folded under the figures, and open on demand
    const how = page.getByText('How these figures are computed')
    await expect.poll(() => page.getByText(/^Availability = run time/).isVisible()).toBe(false)
    await how.click()
    await expect.poll(() => page.getByText(/^Availability = run time/).isVisible()).toBe(true)
    expect(problems).toEqual([])
    await page.close()
  })
})
