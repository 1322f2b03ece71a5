import { describe, expect, test } from 'vitest'
import { appInChromium, collectProblems } from './harness'

/** Issue 17: a factory's own STATUS_CODES that name none of the demo's stop codes. The demo's machines
 * then show "Status N" (never guessed), and the status-codes page offers the line that maps them. */
const app = appInChromium({ STATUS_CODES: '7=running,8=stopped:Stop switch' })

describe('a status dictionary of the factory’s own', () => {
  test('unknown codes are "Status N" on the board; the status-codes page maps them into the line to copy', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } })
    const problems = collectProblems(page)
    await page.goto(`${app.server.url}/machines`)
    // a machine that is not turning shows its code as a number: 2 (stopped) is not in this dictionary
    await page
      .getByRole('article', { name: /: Status 2$/ })
      .first()
      .waitFor()
    // a machine that is turning is running whatever its code
    await page
      .getByRole('article', { name: /: Running$/ })
      .first()
      .waitFor()
    expect(await page.getByRole('article', { name: /: Stopped$/ }).count()).toBe(0)

    await page.getByRole('link', { name: 'What the status codes mean' }).click()
    await page.getByRole('heading', { level: 1, name: 'Status codes' }).waitFor()
    const line = page.getByText(/^STATUS_CODES="/)
    expect(await line.textContent()).toBe('STATUS_CODES="7=running,8=stopped:Stop switch"')
    const warning = page.getByText(/codes? (is|are) not in the dictionary/)
    await expect.poll(() => warning.textContent()).toMatch(/\b2\b/)
    const table = page.getByRole('table', { name: /Codes in the dictionary/ })
    await expect
      .poll(() => table.getByRole('row', { name: /^2 / }).textContent())
      .toMatch(/Status 2 \(not in the dictionary\).*\d+: .*%/)

    await page.getByLabel('State for code 2', { exact: true }).selectOption('stopped')
    await page.getByLabel('Label for code 2', { exact: true }).fill('Stopped by operator')
    await page.getByLabel('State for code 1', { exact: true }).selectOption('running')
    expect(await line.textContent()).toBe(
      'STATUS_CODES="1=running,2=stopped:Stopped by operator,7=running,8=stopped:Stop switch"',
    )
    expect(problems).toEqual([])
    await page.close()
  })
})
