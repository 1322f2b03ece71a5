import { describe, expect, test } from 'vitest'
import { until } from '../until'
import { appInChromium, collectProblems, testNow } from './harness'

/**
 * Issue 37 in Chromium on the demo: the reports of the shifts that ended (built by the server once their
 * grace passed, the demo's history going back days) listed on /shift-reports, one opened, its figures the
 * server's, and printed: the report alone, without the navigation.
 */
const app = appInChromium({}, { shared: 'factory' })

interface Listed {
  id: number
  kind: string
  shift: string
  day: string
  result: { oee: number | null; availability: number | null; pieces: number | null }
}

const reports = async () => {
  const day = new Date(testNow()).toISOString().slice(0, 10)
  const answer = await fetch(`${app.server.url}/api/shift-reports?from=2026-11-01&till=${day}`)
  return ((await answer.json()) as { reports: Listed[] }).reports
}

describe('the shift reports in Chromium', () => {
  test('the archive lists the shifts that ended; a report shows the figures it was built with, and prints alone', async () => {
    // built on the server's first poll: the last two days' shifts, then the summary of yesterday (the last
    // one that poll builds: the week before has no shift reports to add up)
    const listed = await until(
      'the shift reports of the last two days and yesterday’s summary',
      reports,
      (r) => r.some((x) => x.kind === 'day' && x.day === '2026-11-17'),
    )
    expect(listed.filter((r) => r.kind === 'shift').length).toBeGreaterThanOrEqual(6)
    const page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } })
    const problems = collectProblems(page)
    await page.goto(`${app.server.url}/shift-reports`)
    await page.getByRole('heading', { level: 1, name: 'Shift reports' }).waitFor()
    const rows = page.getByRole('table', { name: /^The shift reports of the last/ }).getByRole('row')
    // a heading row and one row per report, newest first
    await expect.poll(() => rows.count()).toBe(listed.length + 1)
    // the newest day first, its summary above its shifts
    expect(listed[0]).toMatchObject({ kind: 'day', day: '2026-11-17' })
    await expect.poll(() => rows.nth(1).textContent()).toMatch(/^Day summary · Nov 17, 2026/)
    const at = listed.findIndex((r) => r.kind === 'shift')
    const newest = listed[at]!
    const oee = Math.round(newest.result.oee! * 100)
    await expect.poll(() => rows.nth(at + 1).textContent()).toContain(`${oee} %`)
    await rows
      .nth(at + 1)
      .getByRole('link')
      .click()
    await page
      .getByRole('heading', { level: 1, name: new RegExp(`^Shift report: ${newest.shift}, `) })
      .waitFor()
    expect(new URL(page.url()).pathname).toBe(`/shift-reports/${newest.id}`)
    expect(await page.locator('[data-figure="oee"]').textContent()).toBe(`${oee} %`)
    expect(await page.locator('[data-figure="availability"]').textContent()).toBe(
      `${Math.round(newest.result.availability! * 100)} %`,
    )
    for (const name of ['Why machines stood', 'Best and worst machines', 'Alerts'])
      await page.getByRole('heading', { level: 2, name }).waitFor()
    await page.screenshot({ path: 'test-results/shift-report-desk-1440.png', fullPage: true })
    // printed: the report alone (no navigation, no way back), on A4
    await page.emulateMedia({ media: 'print' })
    expect(await page.getByRole('navigation').isVisible()).toBe(false)
    expect(await page.getByRole('link', { name: '← Shift reports' }).isVisible()).toBe(false)
    const pdf = await page.pdf({ format: 'A4', printBackground: false })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(problems).toEqual([])
    await page.close()
  })

  test('a report that does not exist says so', async () => {
    const page = await app.browser.newPage()
    await page.goto(`${app.server.url}/shift-reports/999999`)
    await page.getByText(/No shift report 999999/).waitFor()
    await page.goto(`${app.server.url}/shift-reports/not-a-number`)
    await page.getByRole('heading', { level: 1, name: 'Shift report not found' }).waitFor()
    await page.close()
  })
})
