import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { collectProblems, launchChromium, type Running, startProcess } from './harness'

/** The built app served by the real server (`npm start`'s entry) on demo data, in Chromium. */
let server: Running
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startProcess('server/main.ts', {}), launchChromium()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('the app shell in Chromium', () => {
  test('opens on the live machine status of the demo factory, with the demo badge and factory clock, and no console error', async () => {
    const page = await browser.newPage()
    const problems = collectProblems(page)
    await page.goto(server.url)
    await page.getByRole('heading', { name: 'Machine status' }).waitFor()
    await page.getByRole('rowheader', { name: /North 01/ }).waitFor()
    expect(await page.getByRole('row').count()).toBeGreaterThan(40)
    expect(await page.getByText('Demo data').isVisible()).toBe(true)
    expect(await page.getByText(/Factory time: .*Europe\/Berlin/).isVisible()).toBe(true)
    expect(problems).toEqual([])
    await page.close()
  })

  test('an unknown address shows the not-found page', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.url}/no/such/page`)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    await page.close()
  })
})
