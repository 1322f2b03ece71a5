import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { collectProblems, launchChromium, type Running, startProcess } from './harness'
import { type Nginx, readmeSubPathLocations, startNginx } from './nginx'

/** Issue 34, "any path, any proxy": the built server with BASE_PATH=/stitchboard behind a real nginx, with
 * docs/deployment.md's configuration (test/e2e/nginx.ts reads its location blocks): once as written, the
 * prefix stripped (`proxy_pass http://…/;`), once with the prefix passed on (`proxy_pass http://…;`).
 * Every page, file, API call and the live stream go through nginx under /stitchboard/. */
const BASE = '/stitchboard'
let server: Running
let nginx: Nginx
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([
    startProcess('server/main.ts', { BASE_PATH: BASE }),
    launchChromium(),
  ])
  const upstream = new URL(server.url).host
  const written = readmeSubPathLocations()
  if (!written.includes('127.0.0.1:8080'))
    throw new Error('docs/deployment.md’s nginx block no longer names 127.0.0.1:8080')
  nginx = await startNginx(
    {
      stripped: written.replaceAll('127.0.0.1:8080', upstream),
      // without a path after the address nginx passes the request's path on as it came
      kept: written.replace(/proxy_pass http:\/\/127\.0\.0\.1:8080[^;]*;/g, `proxy_pass http://${upstream};`),
    },
    `${BASE}/healthz`,
  )
})
afterAll(async () => {
  await browser?.close()
  await nginx?.stop()
  await server?.stop()
})

/** A page that notes every request outside the base path, and every console error or failed request. */
async function pageUnderBase() {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  const problems = collectProblems(page)
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (!pathname.startsWith(`${BASE}/`)) problems.push(`asked outside the base path: ${request.url()}`)
  })
  return { page, problems }
}

/** The board with its machines, and the live stream's first event (the indicator says "Live" only once one
 * came through nginx: a buffering proxy would hold it). */
async function boardIsLive(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Machine status' }).waitFor()
  await page.getByRole('article', { name: /^North 01/ }).waitFor()
  await page.getByText(/Live: changes show as the server sees them/).waitFor()
}

describe('under /stitchboard/ behind nginx, the prefix stripped (docs/deployment.md’s configuration)', () => {
  test('the board opens from the base path alone, with its files, data and the live stream under it', async () => {
    const { page, problems } = await pageUnderBase()
    const streams: number[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === `${BASE}/api/live`) streams.push(response.status())
    })
    const answer = await page.goto(`${nginx.urls.stripped}${BASE}/`)
    expect(await answer!.text()).toContain(`<base href="${BASE}/">`)
    await boardIsLive(page)
    expect(new URL(page.url()).pathname).toBe(`${BASE}/machines`)
    expect(streams).toEqual([200])
    expect(problems).toEqual([])
    await page.close()
  })

  test('a machine page from the board, reloaded at its deep address; the navigation stays under the base', async () => {
    const { page, problems } = await pageUnderBase()
    await page.goto(`${nginx.urls.stripped}${BASE}/machines?location=2`)
    await page
      .getByRole('article', { name: /^South 01/ })
      .getByRole('link')
      .click()
    await page.getByRole('heading', { level: 1, name: /^South 01/ }).waitFor()
    const address = new URL(page.url())
    expect(address.pathname).toMatch(/^\/stitchboard\/machines\/[^/]+$/)
    await page.reload()
    await page.getByRole('heading', { level: 1, name: /^South 01/ }).waitFor()
    await page.getByRole('img', { name: /thread breaks by head and needle/ }).waitFor()
    expect(page.url()).toBe(address.href)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Thread breaks' }).click()
    await page.getByRole('heading', { level: 1, name: 'Thread breaks' }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`${BASE}/threadbreaks`)
    expect(problems).toEqual([])
    await page.close()
  })

  test('a thread-cone look-up (a POST) goes through', async () => {
    const { page, problems } = await pageUnderBase()
    await page.goto(`${nginx.urls.stripped}${BASE}/thread-cones?m=Nordfaden&s=NFP-40`)
    await page.getByRole('button', { name: /^1004 Pale / }).click()
    await page.getByRole('article', { name: 'Colour 1004' }).waitFor()
    expect(problems).toEqual([])
    await page.close()
  })

  test('the kiosk: its set-up builds the address under the base path, and the wall runs from it, reloaded too', async () => {
    const { page, problems } = await pageUnderBase()
    await page.goto(`${nginx.urls.stripped}${BASE}/machines`)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wall display' }).click()
    await page.getByRole('heading', { name: 'Kiosk for a wall monitor' }).waitFor()
    expect(new URL(page.url()).pathname).toBe(`${BASE}/kiosk`)
    expect(await page.getByLabel('This dashboard’s address, as the wall’s PC reaches it').inputValue()).toBe(
      `${nginx.urls.stripped}${BASE}`,
    )
    const href = (await page.getByRole('link', { name: /\/kiosk\?/ }).getAttribute('href'))!
    expect(href.startsWith(`${nginx.urls.stripped}${BASE}/kiosk?pages=`)).toBe(true)
    for (let round = 0; round < 2; round++) {
      if (round === 0) await page.goto(href)
      else await page.reload()
      // machines that need action first (the set-up's default), then the pages in turn
      await page.getByRole('banner').getByRole('heading', { level: 1 }).waitFor()
      await page.getByText(/^Page 1\sof \d+$/).waitFor()
    }
    expect(problems).toEqual([])
    await page.close()
  })
})

describe('under /stitchboard/ behind nginx, the prefix passed on', () => {
  test('the board with its live stream, and a machine page reloaded at its deep address', async () => {
    const { page, problems } = await pageUnderBase()
    await page.goto(`${nginx.urls.kept}${BASE}/machines`)
    await boardIsLive(page)
    await page
      .getByRole('article', { name: /^North 01/ })
      .getByRole('link')
      .click()
    await page.getByRole('heading', { level: 1, name: /^North 01/ }).waitFor()
    await page.reload()
    await page.getByRole('heading', { level: 1, name: /^North 01/ }).waitFor()
    expect(new URL(page.url()).pathname).toMatch(/^\/stitchboard\/machines\/[^/]+$/)
    expect(problems).toEqual([])
    await page.close()
  })
})
