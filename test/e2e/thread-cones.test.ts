import { describe, expect, test } from 'vitest'
import { appInChromium, collectProblems } from './harness'

/** Issue 8 in Chromium on demo data: the whole chain by hand, case, leading zeros, cross-brand matches. */
const app = appInChromium({}, { shared: 'factory' })

describe('thread-cone look-up in Chromium', () => {
  test('manufacturer → series → number typed in another case → found; leading zeros → not found, offered', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1440, height: 1000 } })
    const problems = collectProblems(page)
    await page.goto(`${app.server.url}/thread-cones`)
    await page.getByLabel('Manufacturer', { exact: true }).selectOption('Lumen Threads')
    await page.getByLabel('Series', { exact: true }).selectOption('LUMEN Classic 40 v2')
    await page.getByLabel('Colour number', { exact: true }).fill('A107')
    await page.getByRole('button', { name: 'Look up' }).click()
    const card = page.getByRole('article', { name: 'Colour a107' })
    await card.getByText('You typed “A107”; the series stores it as “a107”', { exact: false }).waitFor()
    expect(new URL(page.url()).searchParams.get('c')).toBe('A107')
    // nearest colours of the other series, with ΔE00 in numbers and words
    await page.getByRole('heading', { name: 'Nearest in other series' }).waitFor()
    const matches = page.getByRole('list').filter({ hasText: 'ΔE00' }).getByRole('listitem')
    await expect.poll(() => matches.count()).toBe(8)
    const deltas = (await matches.allTextContents()).map((t) => Number(t.match(/ΔE00 ([\d.]+)/)?.[1]))
    expect(deltas).toEqual([...deltas].sort((a, b) => a - b))

    await page.getByLabel('Manufacturer', { exact: true }).selectOption('Nordfaden')
    await page.getByLabel('Series', { exact: true }).selectOption('NFP-40')
    await page.getByLabel('Colour number', { exact: true }).fill('01004')
    await page.getByRole('button', { name: 'Look up' }).click()
    const alert = page.getByRole('alert')
    await alert.getByText('No colour “01004” in series NFP-40.').waitFor()
    await alert.getByRole('button', { name: /^1004/ }).click()
    await page.getByRole('article', { name: 'Colour 1004' }).waitFor()
    expect(new URL(page.url()).searchParams.get('c')).toBe('1004')
    expect(problems).toEqual([])
    await page.close()
  })

  test('the catalogue: search, choose a swatch, the 12-digit ScanCode exactly', async () => {
    const page = await app.browser.newPage()
    await page.goto(`${app.server.url}/thread-cones?m=Nordfaden&s=NFP-40`)
    await page.getByText('300 of 300 colours').waitFor()
    await page.getByLabel('Search the series (number or name)').fill('1898')
    await page.getByRole('button', { name: /^1898 / }).click()
    const card = page.getByRole('article', { name: 'Colour 1898' })
    await card.getByText('999999999999', { exact: true }).waitFor()
    await page.close()
  })
})
