import pg from 'pg'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { SCHEMA_VERSION } from '../../server/history/migrations'
import { DOCUMENTED_PATH, HELD_OUT_KEY, HELD_OUT_STATUS_CODES } from '../held-out/settings'
import type { RecordedRequest } from '../held-out/upstream'
import { createDatabase } from '../history/postgres-server'
import { pssMb } from '../process-memory'
import { collectProblems, launchChromium, type Running, startProcess } from './harness'
import { type Nginx, readmeRootLocations, readmeSubPathLocations, startNginx } from './nginx'

/**
 * Issue 17, the held-out check: the dashboard against an independent server that speaks the vendor's
 * documented shapes (`test/held-out/upstream.ts`, written from the reference alone, sharing nothing with
 * the demo) for a factory of its own: other machine IDs, names, locations, designs and status codes
 * (given in STATUS_CODES, two of them left out). The pages are read as a supervisor reads them.
 */
let upstream: Running
let server: Running
let underPath: Running
let nginx: Nginx
let browser: Browser
let database: string

const BASE = '/stitchboard'
/** what stitchboard's processes may take with DATABASE_URL (issue 34's budget), MB of PSS */
const DATABASE_URL_BUDGET_MB = 150

beforeAll(async () => {
  upstream = await startProcess('test/held-out/upstream.ts', {}, '/machines')
  // the history in Debian's PostgreSQL, as a factory's IT would give stitchboard one
  const debian = inject('debianDatabaseUrl')
  database = await createDatabase(debian, `held_out_${process.pid}`)
  const factory = {
    API_BASE_URL: upstream.url,
    API_KEY: HELD_OUT_KEY,
    STATUS_CODES: HELD_OUT_STATUS_CODES,
  }
  ;[server, underPath, browser] = await Promise.all([
    startProcess('server/main.ts', { ...factory, DATABASE_URL: database }),
    startProcess('server/main.ts', {
      ...factory,
      BASE_PATH: BASE,
      DATABASE_URL: await createDatabase(debian, `held_out_path_${process.pid}`),
    }),
    launchChromium(),
  ])
  // behind nginx as docs/deployment.md configures it: at the root of a host, and under a path of a
  // shared one
  const to = (running: Running) => (locations: string) =>
    locations.replaceAll('127.0.0.1:8080', new URL(running.url).host)
  nginx = await startNginx(
    {
      root: to(server)(readmeRootLocations()),
      path: to(underPath)(readmeSubPathLocations()),
    },
    { root: '/healthz', path: `${BASE}/healthz` },
  )
})
afterAll(async () => {
  await browser?.close()
  await nginx?.stop()
  await underPath?.stop()
  await server?.stop()
  await upstream?.stop()
})

async function open(path: string, viewport = { width: 1440, height: 900 }) {
  const page = await browser.newPage({ viewport })
  const problems = collectProblems(page)
  await page.goto(`${server.url}${path}`)
  return { page, problems }
}

const tile = (page: Page, name: string) => page.getByRole('article', { name: new RegExp(`^${name}: `) })

describe('the dashboard on an independent upstream in the documented shapes', () => {
  test('the board: names from alias and reports, states from the factory’s own codes, honest finish times', async () => {
    const { page, problems } = await open('/machines')
    // location names come only from the reports that carry them (no LOCATIONS set)
    await page.getByRole('heading', { level: 2, name: /^Hall East/ }).waitFor()
    await page.getByRole('heading', { level: 2, name: /^Hall West/ }).waitFor()
    const states = Object.fromEntries(
      await Promise.all(
        ['East 01 · 12H', 'East 02 · 12H', 'East 03 · 15H', 'West 01 · 8H', 'West 02 · 8H', 'West 03 · 6H']
          .concat(['West 04 · 1H', 'West 05 · 4H'])
          .map(async (name) => [
            name,
            ((await tile(page, name).getAttribute('aria-label')) ?? '').split(': ')[1],
          ]),
      ),
    )
    expect(states).toEqual({
      'East 01 · 12H': 'Running',
      'East 02 · 12H': 'Stop switch',
      'East 03 · 15H': 'Thread break at head',
      // not in the dictionary: shown as the number, never guessed
      'West 01 · 8H': 'Status 4711',
      'West 02 · 8H': 'Machine error',
      // its last report is two hours old
      'West 03 · 6H': 'Not reporting',
      // code 5 (stop switch), but turning at 640 rpm: live evidence wins
      'West 04 · 1H': 'Running',
      'West 05 · 4H': 'Hooping',
    })
    await expect.poll(() => page.getByText(/% running \(/).textContent()).toMatch(/\(2\sof 8\)/)

    // design names from /designs, the crest on its second page
    await expect.poll(() => tile(page, 'East 01 · 12H').textContent()).toContain('Rifle club crest')
    await expect.poll(() => tile(page, 'West 02 · 8H').textContent()).toContain('Fire brigade badge')
    expect(await tile(page, 'East 03 · 15H').textContent()).toContain('13\u00a0of 15')
    // a stopped machine shows no finish clock; a running one does
    expect(await tile(page, 'East 02 · 12H').textContent()).toContain('finish time moves')
    expect(await tile(page, 'East 02 · 12H').textContent()).not.toMatch(/done ≈/)
    await expect.poll(() => tile(page, 'East 01 · 12H').textContent()).toMatch(/done ≈ \d/)

    // urgency first within each hall: the machines that need attention lead
    const east = await page
      .getByRole('article', { name: /^East/ })
      .evaluateAll((all) => all.map((a) => a.ariaLabel))
    expect(east.at(-1)).toBe('East 01 · 12H: Running')
    expect(problems).toEqual([])
    await page.close()
  })

  test('the machine page and where in its design threads break', async () => {
    const { page, problems } = await open('/machines/M-0103?range=7d')
    await page.getByRole('heading', { level: 1, name: /^East 03 · 15H/ }).waitFor()
    await page.getByText('13 of 15 heads active').waitFor()
    await page.getByText('Hall East').waitFor()
    await page.getByText('Not running: the finish time moves until it sews again.').waitFor()
    // its hot spot, by the rule, on the heatmap's list
    await page.getByText(/^East 03 · 15H, head 4, needle 7: [\d,]+\sbreaks/).waitFor()
    // history began when this server started: the 7 days before it come from the portal's totals per code
    const before = page.getByRole('region', { name: 'Before recording began: the portal’s totals' })
    await expect.poll(() => before.textContent()).toMatch(/Availability 60\s% of /)
    const totals = (await before.textContent()) ?? ''
    expect(totals).toMatch(/Thread break: .*\(25\s%\)/)
    expect(totals).toMatch(/Stop time by cause: Thread break at head \(code 17\) .* · Stop switch \(code 5\)/)

    await page.getByRole('link', { name: 'Where in this design threads break' }).click()
    await page.getByRole('heading', { level: 1, name: 'Where in the design threads break' }).waitFor()
    expect(new URL(page.url()).searchParams.get('design')).toBe('D-1088')
    await page
      .getByText(/\sthread breaks over [\d,]+\spasses of Rifle club crest \(42,000\sstitches\)/)
      .waitFor()
    // the held-out crest breaks in its stretch 30,001–31,000: that stretch, and only it, is flagged
    const flagged = page.getByRole('complementary', { name: 'Where to look' }).getByRole('listitem')
    await expect.poll(() => flagged.count()).toBe(1)
    const [, first, last] = /stitches ([\d,]+)–([\d,]+): /.exec((await flagged.textContent()) ?? '') ?? []
    const number = (text?: string) => Number(text?.replaceAll(',', ''))
    expect(number(first)).toBeLessThanOrEqual(30_500)
    expect(number(last)).toBeGreaterThanOrEqual(30_500)
    expect(await flagged.textContent()).toMatch(/look at the digitizing there/)
    expect(problems).toEqual([])
    await page.close()
  })

  test('thread breaks: where to look first names the held-out hot spots by the rule', async () => {
    const { page, problems } = await open('/threadbreaks?range=7d')
    const first = page.getByRole('complementary', { name: 'Where to look first' }).getByRole('listitem')
    await expect
      .poll(() => first.first().textContent())
      .toMatch(/^East 03 · 15H, head 4, needle 7: [\d,]+\sbreaks/)
    await expect
      .poll(async () => (await first.allTextContents()).join('\n'))
      .toMatch(/East 01 · 12H, needle 11: /)
    expect(problems).toEqual([])
    await page.close()
  })

  test('the thread-break assistant: each planted pattern gets its check first, a machine without one none', async () => {
    // the patterns the held-out upstream plants (test/held-out/upstream.ts breakRate), over 7 days
    const planted: Array<[string, RegExp]> = [
      // needle 11 on every head of East 01: that needle's thread and cones
      ['M-0101', /^Needle 11 breaks on 12 of 12 heads: check that needle’s thread and cones/],
      // needle 7 on head 4 of East 03 only: that needle
      ['M-0103', /^Needle 7 on head 4: change that needle and check its eye, thread guide and upper tension/],
      // head 5 of West 01 on every needle: that head
      ['M-0201', /^Head 5 breaks on 12 of 12 needles: check that head’s hook timing, bobbin case/],
    ]
    for (const [machine, first] of planted) {
      const { page, problems } = await open(`/machines/${machine}?range=7d`)
      const checks = page.getByRole('region', { name: 'What to check' })
      await expect.poll(() => checks.getByRole('listitem').first().textContent()).toMatch(first)
      // with its evidence: the count against the share an even spread gives it
      expect(await checks.getByRole('listitem').first().textContent()).toMatch(
        /[\d,]+\sbreaks, [\d.]+× its share if the breaks were spread evenly \([\d.,]+\)\./,
      )
      if (machine === 'M-0101') {
        // the technician looked: the check was right; kept with who, and scored
        await checks.getByRole('button', { name: /^This check was right: Needle 11/ }).click()
        await checks.getByLabel('Your name').fill('Tess')
        await checks.getByRole('button', { name: 'Keep the verdict' }).click()
        await checks.getByText(/^Marked right by Tess, /).waitFor()
        await checks.getByText(/^The checks marked so far: 1 of 1\sright \(100\s%\)\.$/).waitFor()
      }
      expect(problems).toEqual([])
      await page.close()
    }
    // West 02 breaks a little everywhere: within their expected shares, no suggestion
    const { page, problems } = await open('/machines/M-0202?range=7d')
    const checks = page.getByRole('region', { name: 'What to check' })
    await checks.getByText('No head or needle stands out: nothing to check first.').waitFor()
    expect(await checks.getByRole('listitem').count()).toBe(0)
    expect(problems).toEqual([])
    await page.close()
  })

  test('shifts: the shift filter splits the figures, and the portal’s own work periods are named', async () => {
    // 11:30 in Berlin: Night (00:00–06:00 of today) and Early so far; nothing of Late yet
    const { page, problems } = await open('/shifts?range=today')
    const overRange = page.getByRole('table').filter({ hasText: 'Hours of the shift in the range' })
    const row = (name: RegExp) => overRange.getByRole('row', { name })
    const cells = async (name: RegExp) =>
      (await row(name).getByRole('cell').allTextContents()).slice(0, 3).map((c) => number(c))
    const number = (text: string) => Number(text.replace(/[^\d.]/g, '').replace(/^$/, 'NaN'))
    // every shift's figure is there (each comes from its own request)
    await expect.poll(async () => (await cells(/^Stitches/)).filter(Number.isFinite).length).toBe(3)
    const [early, late, night] = await cells(/^Stitches/)
    expect(late).toBe(0)
    expect(early).toBeGreaterThan(0)
    expect(night).toBeGreaterThan(0)
    // drawn when near the screen, like every lower section
    await page
      .getByRole('heading', { name: 'Shifts as the machine portal defines them' })
      .scrollIntoViewIfNeeded()
    const vendor = page.getByRole('table', { name: 'Stitches and thread breaks per machine and work period' })
    await vendor.waitFor()
    await expect.poll(() => vendor.locator('tbody tr').count()).toBe(8)
    expect(await vendor.locator('thead th').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Early shift/), expect.stringMatching(/^Night shift/)]),
    )
    expect(problems).toEqual([])
    await page.close()
  })

  test('status codes: the codes the dictionary leaves out are offered, with the line that maps them', async () => {
    const { page, problems } = await open('/status-codes')
    const warning = page.getByText(/codes? (is|are) not in the dictionary/)
    await expect.poll(() => warning.textContent()).toMatch(/4711.*\b9\b|\b9\b.*4711/)
    const table = page.getByRole('table', { name: /Codes in the dictionary/ })
    await expect.poll(() => table.getByRole('row', { name: /^4711 / }).textContent()).toMatch(/West 01 · 8H/)
    await page.getByLabel('State for code 4711', { exact: true }).selectOption('stopped')
    await page.getByLabel('Label for code 4711', { exact: true }).fill('Bobbin change')
    await page.getByLabel('State for code 9', { exact: true }).selectOption('idle')
    // in code order, the factory's own entries kept as they were given
    expect(await page.getByText(/^STATUS_CODES="/).textContent()).toBe(
      'STATUS_CODES="3=running,5=stopped:Stop switch,9=idle,17=threadbreak:Thread break at head,21=setup:Hooping,' +
        '64=error:Machine error,1012=idle:Design finished,4711=stopped:Bobbin change"',
    )
    expect(problems).toEqual([])
    await page.close()
  })

  test('collector units, and a report with its own controls', async () => {
    const { page, problems } = await open('/collectors')
    await expect.poll(() => page.getByRole('row', { name: /^POOL-A/ }).textContent()).toMatch(/Hall East.*3/)
    await expect.poll(() => page.getByRole('row', { name: /^POOL-B/ }).textContent()).toMatch(/Hall West.*5/)
    await page.goto(`${server.url}/reports/operator-overview?range=7d`)
    await page.getByRole('cell', { name: 'Ana Petrović' }).waitFor()
    await page
      .getByLabel(/Operator/)
      .first()
      .waitFor()
    expect(problems).toEqual([])
    await page.close()
  })

  test('every upstream call was a documented GET with the key, and none was refused', async () => {
    const calls = (await (await fetch(`${upstream.url}/__requests`)).json()) as RecordedRequest[]
    // the start-up probe of the harness aside (it sends no held-out key), every call carried the key
    const made = calls.filter((call) => call.key === HELD_OUT_KEY)
    expect(made.length).toBeGreaterThan(20)
    expect(calls.filter((call) => call.key !== HELD_OUT_KEY).every((call) => call.path === '/machines')).toBe(
      true,
    )
    expect(made.filter((call) => !DOCUMENTED_PATH.test(call.path))).toEqual([])
    expect(made.filter((call) => call.status >= 400)).toEqual([])
    // /designs read to its end: the second page at the largest limit
    expect(made.some((call) => call.path === '/designs' && /page=2\b/.test(call.query))).toBe(true)
  })
})

describe("on Debian's PostgreSQL, behind nginx at the root and under a sub-path", () => {
  /** The board through nginx at `base`: its machines, and the live stream's first event (a buffering
   * proxy would hold it); a machine page reloaded at its deep address; nothing asked outside `base`. */
  async function readThrough(site: string, base: string) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    const problems = collectProblems(page)
    page.on('request', (request) => {
      if (!new URL(request.url()).pathname.startsWith(`${base}/`))
        problems.push(`asked outside ${base}/: ${request.url()}`)
    })
    await page.goto(`${site}${base}/machines`)
    await page.getByRole('heading', { level: 1, name: 'Machine status' }).waitFor()
    await page.getByRole('article', { name: /^East 03 · 15H/ }).waitFor()
    await page.getByText(/Live: changes show as the server sees them/).waitFor()
    await page.goto(`${site}${base}/machines/M-0103?range=7d`)
    await page.reload()
    await page.getByRole('heading', { level: 1, name: /East 03 · 15H/ }).waitFor()
    await page.getByRole('region', { name: 'Before recording began: the portal’s totals' }).waitFor()
    expect(problems).toEqual([])
    await page.close()
  }

  test('at the root of a host: the board is live, a machine page reloads at its deep address', async () => {
    await readThrough(nginx.urls.root!, '')
  })

  test('under /stitchboard/: the same, and nothing is asked outside the path', async () => {
    await readThrough(nginx.urls.path!, BASE)
  })

  test("the history is in Debian's PostgreSQL, at the schema this stitchboard knows", async () => {
    const client = new pg.Client({ connectionString: database })
    await client.connect()
    try {
      const [{ version }] = (await client.query('select max(version) as version from schema_migrations'))
        .rows as [{ version: number }]
      expect(version).toBe(SCHEMA_VERSION)
      const [{ machines }] = (
        await client.query('select count(distinct machine_id)::int as machines from state_intervals')
      ).rows as [{ machines: number }]
      expect(machines).toBe(8)
      expect((await client.query('show server_version')).rows[0].server_version).toMatch(
        new RegExp(`^${inject('debianPostgresVersion')}\\.`),
      )
    } finally {
      await client.end()
    }
  })

  test(`stitchboard's processes take at most ${DATABASE_URL_BUDGET_MB} MB with DATABASE_URL, after every page was read`, () => {
    expect(pssMb(server.pid!)).toBeLessThanOrEqual(DATABASE_URL_BUDGET_MB)
  })
})
