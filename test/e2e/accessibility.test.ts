import { createServer, type Server } from 'node:http'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { handleStitchJob } from '../../server/demo/stitch-job'
import type { Catalogue } from '../../server/demo/thread-cones'
import { appInChromium, freePort, type Running, startProcess } from './harness'
import { axeViolations } from './page-checks'

/**
 * axe-core in Chromium: that its check sees a planted fault, and on what the sweep of every page
 * (page-sweep.ts, which runs it on each page in English and, in the dark theme, in Spanish) does not open: a
 * dialog, and a catalogue of another maker.
 */
const app = appInChromium({}, { shared: 'factory' })

/** Waits for the page's heading and for every placeholder to give way to data, then runs axe. */
async function violations(
  page: Page,
  path: string,
  heading: string,
  spoil?: string,
  base = app.server.url,
  act?: (page: Page) => Promise<void>,
) {
  await page.goto(`${base}${path}`)
  await page
    .getByRole('heading', { level: 1, ...(heading ? { name: new RegExp(`^${heading}`) } : {}) })
    .first()
    .waitFor()
  await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0)
  if (spoil)
    await page.evaluate(
      (html) => document.querySelector('main')?.insertAdjacentHTML('beforeend', html),
      spoil,
    )
  await act?.(page)
  return axeViolations(page)
}

describe('axe-core finds no serious or critical violation', () => {
  test('the check itself: a button without a name on the board is reported', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } })
    const found = await violations(page, '/machines', 'Machine status', '<button type="button"></button>')
    expect(found.join('\n')).toMatch(/^critical button-name: /)
    await page.close()
  })

  test('the reason dialog of a stop, open on a phone, in both themes', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await app.browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme: scheme })
      const found = await violations(
        page,
        '/stops/explain',
        'Stops to explain',
        undefined,
        undefined,
        async (p) => {
          await p
            .getByRole('list', { name: /without a reason/ })
            .getByRole('button')
            .first()
            .click()
          await p.getByRole('dialog').getByRole('button', { name: 'Waiting for garments' }).waitFor()
        },
      )
      expect(found).toEqual([])
      await page.close()
    }
  })
})

/** A thread-cone catalogue of another maker than the demo's, with numbers and names of its own (a letter
 * before the number, names of two words), served by a job interface of the test's own. */
const LICENCE = 'licence-of-the-test'
const OTHER_CATALOGUE: Catalogue = {
  manufacturers: ['Atelier Garn'],
  series: [
    {
      id: 'AG Poly 40',
      manufacturer: 'Atelier Garn',
      weight: 40,
      colors: [
        { Index: 1, ColorNumber: 'W100', R: 250, G: 250, B: 250, ColorName: 'Paper White' },
        { Index: 2, ColorNumber: 'W101', R: 245, G: 240, B: 225, ColorName: 'Old Lace' },
        { Index: 3, ColorNumber: 'R210', R: 190, G: 30, B: 45, ColorName: 'Signal Red' },
        { Index: 4, ColorNumber: 'B305', R: 20, G: 40, B: 110, ColorName: 'Deep Navy' },
        { Index: 5, ColorNumber: 'K999', R: 10, G: 10, B: 10 },
      ],
    },
  ],
}

describe('axe-core on the swatches of a catalogue other than the demo’s', () => {
  let job: Server
  let server: Running
  beforeAll(async () => {
    job = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        const answer = handleStitchJob(OTHER_CATALOGUE, [LICENCE], body)
        response.writeHead(answer.status, { 'Content-Type': answer.contentType }).end(answer.body)
      })
    })
    const port = await freePort()
    await new Promise<void>((resolve) => job.listen(port, '127.0.0.1', resolve))
    server = await startProcess('server/main.ts', {
      JOB_API_URL: `http://127.0.0.1:${port}`,
      WEB_API_LICENSE: LICENCE,
    })
  })
  afterAll(async () => {
    await server?.stop()
    await new Promise((resolve) => job?.close(resolve))
  })

  test('a swatch is named by what it shows (number and name), then its hex: no label-content-name-mismatch', async () => {
    const page = await app.browser.newPage({ viewport: { width: 1440, height: 900 } })
    const path = `/thread-cones?m=${encodeURIComponent('Atelier Garn')}&s=${encodeURIComponent('AG Poly 40')}&c=W100`
    await page.goto(`${server.url}${path}`)
    await page.getByRole('button', { name: 'W100 Paper White, #FAFAFA' }).waitFor()
    await page.getByRole('button', { name: 'K999 no name, #0A0A0A' }).waitFor()
    expect(await violations(page, path, 'Thread cones', undefined, server.url)).toEqual([])
    await page.close()
  })
})
