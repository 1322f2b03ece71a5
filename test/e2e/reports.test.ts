import { describe, expect, test } from 'vitest'
import { REPORT_SPECS } from '../../src/api/contract/report-params'
import { REPORTS } from '../../src/api/reports-explorer/report-catalogue'
import { t } from '../messages'
import { appInChromium, collectProblems, downloadedBytes } from './harness'

/** Issue 9 in Chromium on demo data: every report of reference 4.2 opens and shows rows. */
const app = appInChromium({}, { shared: 'factory' })

describe('reports explorer in Chromium', () => {
  test('each of the 16 reports opens with demo data and shows rows, with no console error', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } })
    const problems = collectProblems(page)
    for (const report of REPORTS) {
      // the two design reports ask for one design of the catalogue (the demo's first)
      const design = REPORT_SPECS[report.path].requires.includes('designId') ? '&design=ASD1001' : ''
      await page.goto(`${app.server.url}${report.path}?range=7d${design}`)
      await page.getByRole('heading', { level: 1, name: t(report.name) }).waitFor()
      const count = page.getByText(/^[\d,.\s]+\srows?/)
      await count.waitFor({ timeout: 15_000 }).catch((e) => {
        throw new Error(`${report.path}: ${(e as Error).message}`)
      })
      const rows = Number((await count.textContent())!.replace(/\D/g, ''))
      expect(rows, report.path).toBeGreaterThan(0)
      expect(
        await page
          .getByRole('table', { name: t(report.name) })
          .getByRole('row')
          .count(),
        report.path,
      ).toBeGreaterThan(1)
    }
    expect(problems).toEqual([])
    await page.close()
  })

  test('the chart loads lazily and CSV export downloads what the table shows', async () => {
    const page = await app.browser.newPage({ acceptDownloads: true })
    await page.goto(`${app.server.url}/reports/machine-summary?range=7d`)
    await page.getByRole('figure').waitFor()
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(file.suggestedFilename()).toBe('machine-summary.csv')
    const csv = (await downloadedBytes(file)).toString('utf8')
    // headings in plain words, as the table shows them
    expect(csv.startsWith('\uFEFFMachine ID,Machine,Stitches,Thread breaks,')).toBe(true)
    expect(csv.trimEnd().split('\r\n')).toHaveLength(45)
    await page.close()
  })
})
