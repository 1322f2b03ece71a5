import { describe, expect, test } from 'vitest'
import { appInChromium, collectProblems } from './harness'

/** Issue 5 in Chromium on demo data: board, machine page, collector units, wall fit. */
const app = appInChromium({}, { shared: 'factory' })

describe('machine status in Chromium', () => {
  test('board → machine page → back, with the filters kept', async () => {
    const page = await app.browser.newPage()
    const problems = collectProblems(page)
    await page.goto(`${app.server.url}/machines?location=2&sort=name`)
    await page
      .getByRole('article', { name: /^South 01/ })
      .getByRole('link')
      .click()
    await page.getByRole('heading', { level: 1, name: /^South 01/ }).waitFor()
    await page.getByRole('img', { name: /thread breaks by head and needle/ }).waitFor()
    expect(new URL(page.url()).searchParams.get('location')).toBe('2')
    await page.getByRole('link', { name: '← Machine status' }).click()
    await page.getByRole('article', { name: /^South 01/ }).waitFor()
    expect(await page.getByRole('article', { name: /^North/ }).count()).toBe(0)
    expect(await page.getByLabel('Location', { exact: true }).inputValue()).toBe('2')
    expect(problems).toEqual([])
    await page.close()
  })

  test('machine page → where in its design threads break, along the stitches, with the rule', async () => {
    const page = await app.browser.newPage()
    const problems = collectProblems(page)
    await page.goto(`${app.server.url}/machines/AS-1119?range=7d`)
    await page.getByRole('link', { name: 'Where in this design threads break' }).click()
    await page.getByRole('heading', { level: 1, name: 'Where in the design threads break' }).waitFor()
    expect(new URL(page.url()).searchParams.get('range')).toBe('7d')
    expect(new URL(page.url()).searchParams.get('design')).toMatch(/^ASD\d+$/)
    await page.getByText(/^[\d,]+\sthread breaks over [\d,]+\spass(es)? of /).waitFor()
    await page.getByRole('complementary', { name: 'Where to look' }).waitFor()
    await page.getByRole('img', { name: /^Thread breaks along / }).waitFor()
    expect(problems).toEqual([])
    await page.close()
  })

  test('collector pages: a known id lists its machines, an unknown one says so', async () => {
    const page = await app.browser.newPage()
    await page.goto(`${app.server.url}/collectors/dc-s1`)
    await page.getByRole('link', { name: /^South 01/ }).waitFor()
    await page.goto(`${app.server.url}/collectors/no-such-unit`)
    await page.getByRole('heading', { name: 'Collector unit not found' }).waitFor()
    await page.close()
  })

  test('an unknown machine says it is not found for this API key', async () => {
    const page = await app.browser.newPage()
    await page.goto(`${app.server.url}/machines/NO-SUCH`)
    await page.getByRole('heading', { name: 'Machine not found' }).waitFor()
    await page.close()
  })

  test('in wall density all 44 machines fit a 1920×1080 screen without scrolling, quiet ones as chips', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1920, height: 1080 } })
    await page.goto(`${app.server.url}/machines?density=wall`)
    await page.getByText(/^Needs attention: \d+$/).waitFor()
    // the machines that need attention as cards, every other one as a chip: all 44 on screen
    const cards = page.getByRole('list', { name: 'Machines that need attention' }).getByRole('article')
    const chips = page.getByRole('region', { name: 'The other machines' }).getByRole('link')
    await expect.poll(async () => (await cards.count()) + (await chips.count())).toBe(44)
    expect(await chips.count()).toBeGreaterThan(0)
    // with nothing calling out, the shift's pace comes under the count (its own code, loaded after the
    // board's): measured once it is there, in one line that leaves every machine on the screen
    if ((await cards.count()) === 0) await page.locator('[data-pace="summary"]').waitFor()
    const { scrollHeight, innerHeight } = await page.evaluate(() => ({
      scrollHeight: document.documentElement.scrollHeight,
      innerHeight: window.innerHeight,
    }))
    expect(scrollHeight).toBeLessThanOrEqual(innerHeight)
    await page.close()
  })
})
