import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { HELD_OUT_KEY, HELD_OUT_STATUS_CODES } from '../held-out/settings'
import { createDatabase } from '../history/postgres-server'
import { until } from '../until'
import { collectProblems, launchChromium, type Running, startProcess, testNow } from './harness'

/**
 * Issue 36's acceptance, on the held-out upstream: the pace page and the wall show availability,
 * performance and pace equal to figures computed here by hand from that server's data. The page's own
 * requests say which range it judged (the shift's start to its minute); the same range is asked of the
 * upstream directly, and the figures worked out from its answers:
 * - performance = Σ stitches ÷ Σ (production minutes × set speed), over the machines with a set speed;
 * - pieces and the plan by now = target × (now − shift start) ÷ the shift's 8 h (no break is planned here);
 * - availability: every machine keeps its state while the test runs, so the running share of the machines
 *   that report and sew (2 of 8: East 01 and West 04; West 03 sews but has not reported for hours) is the share of the recorded planned time.
 */
const ADMIN = 'plan-admin-token-0123456'
const TARGET = 8_000
let upstream: Running
let server: Running
let browser: Browser

beforeAll(async () => {
  upstream = await startProcess('test/held-out/upstream.ts', {}, '/machines')
  const database = await createDatabase(inject('databaseUrl'), `plan_${process.pid}`)
  ;[server, browser] = await Promise.all([
    startProcess('server/main.ts', {
      API_BASE_URL: upstream.url,
      API_KEY: HELD_OUT_KEY,
      STATUS_CODES: HELD_OUT_STATUS_CODES,
      POLL_SECONDS: '1',
      ADMIN_TOKEN: ADMIN,
      DATABASE_URL: database,
    }),
    launchChromium(),
  ])
  const config = (await (await fetch(`${server.url}/app-config.json`)).json()) as {
    shifts: Array<{ name: string }>
  }
  for (const shift of config.shifts) {
    const set = await fetch(`${server.url}/api/plan/targets`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url, Authorization: `Bearer ${ADMIN}` },
      body: JSON.stringify({
        shift: shift.name,
        weekday: null,
        scope: { kind: 'all' },
        pieces: TARGET,
        stitches: null,
        by: 'Test planner',
      }),
    })
    expect(set.status).toBe(200)
  }
  // availability judges what the history recorded: some of it before a page opens
  await until(
    'a few seconds of recorded history',
    async () => {
      const now = Math.floor(testNow() / 1000)
      const answer = await fetch(`${server.url}/api/history/timeline?from=${now - 3600}&till=${now}`)
      return ((await answer.json()) as { recordingSince: number | null }).recordingSince
    },
    (since) => since !== null && testNow() - since >= 5_000,
    { seconds: 60, everyMs: 250 },
  )
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await upstream?.stop()
})

type Summary = { machineId: string; stitches: number; pieces: number; productionTime: number }
const upstreamJson = async <T>(path: string): Promise<T> =>
  (
    (await (await fetch(`${upstream.url}${path}`, { headers: { 'X-API-Key': HELD_OUT_KEY } })).json()) as {
      data: T
    }
  ).data

/** A page and the range (Unix s) its pace judged: of its machine-summary requests (the board's tiles ask
 * their last two hours, the hour-by-hour table each hour) the one from the shift's start to now. */
async function openJudged(
  path: string,
  viewport: { width: number; height: number },
  shown = '[data-pace="primary"]',
  /** the shift's start (Unix s), where the page asks other ranges that start earlier too */
  shiftStart?: number,
) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  const problems = collectProblems(page)
  const asked: Array<{ from: number; till: number }> = []
  page.on('request', (r) => {
    if (!/\/api\/reports\/machine-summary\?/.test(r.url())) return
    const url = new URL(r.url())
    asked.push({ from: Number(url.searchParams.get('from')), till: Number(url.searchParams.get('till')) })
  })
  await page.goto(`${server.url}${path}`)
  await page.locator(shown).waitFor()
  const from = shiftStart ?? Math.min(...asked.map((a) => a.from))
  const till = Math.max(...asked.filter((a) => a.from === from).map((a) => a.till))
  return { page, problems, from, till }
}

/** The figures worked out by hand from the upstream's answers for [from, till]. */
async function byHand(from: number, till: number) {
  const rows = await upstreamJson<Summary[]>(
    `/reports/machine-summary?from=${from}&till=${till}&machineIds=all`,
  )
  const machines = await upstreamJson<Array<{ machine_id: string; rpm: number }>>('/machines')
  const rpm = new Map(machines.map((m) => [m.machine_id, m.rpm]))
  const stitches = rows.reduce((s, r) => s + r.stitches, 0)
  const ideal = rows.reduce((s, r) => s + (r.productionTime / 60) * (rpm.get(r.machineId) ?? 0), 0)
  const pieces = rows.reduce((s, r) => s + r.pieces, 0)
  const plan = (TARGET * (till - from)) / (8 * 3600)
  return {
    performance: Math.round(Math.min(1, stitches / ideal) * 100),
    availability: Math.round((2 / 8) * 100),
    pieces,
    plan: Math.round(plan),
  }
}

const figure = async (page: Page, key: string) =>
  Number((await page.locator(`[data-figure="${key}"] dd`).first().textContent())?.replace(/[^\d]/g, ''))
const grouped = (n: number) => n.toLocaleString('en')

describe('plan and pace on the held-out factory', { timeout: 120_000 }, () => {
  test('the pace page: availability, performance and pace equal the figures worked out by hand', async () => {
    const { page, problems, from, till } = await openJudged('/pace', { width: 1440, height: 900 })
    const hand = await byHand(from, till)
    const line = page.locator('[data-pace="primary"]')
    await line.waitFor()
    expect(await line.textContent()).toContain(
      `Pieces ${grouped(hand.pieces)} · plan by now ${grouped(hand.plan)}`,
    )
    expect(await figure(page, 'availability')).toBe(hand.availability)
    expect(await figure(page, 'performance')).toBe(hand.performance)
    // the hand figures are not trivial ones
    expect(hand.pieces).toBeGreaterThan(0)
    expect(hand.performance).toBeGreaterThan(0)
    // rejects entered on the floor: quality, and OEE with it
    const rejects = Math.floor(hand.pieces / 10)
    await page.getByLabel('Rejected pieces').fill(String(rejects))
    await page.getByLabel('Your name').fill('Ana')
    await page.getByRole('button', { name: 'Enter rejects' }).click()
    await page.getByText(`${rejects} rejects entered by Ana`).waitFor()
    const quality = Math.round(((hand.pieces - rejects) / hand.pieces) * 100)
    await expect.poll(() => figure(page, 'quality')).toBe(quality)
    expect(await page.locator('[data-figure="oee"] dt').textContent()).toBe('OEE')
    // the shift that ended before: its rejects entered here too, this shift's quality untouched
    await page.getByRole('combobox', { name: /^Shift/ }).selectOption({ index: 1 })
    await page.getByText('No rejects entered for this shift yet').waitFor()
    await page.getByLabel('Rejected pieces').fill('3')
    await page.getByRole('button', { name: 'Enter rejects' }).click()
    await page.getByText('3 rejects entered by Ana').waitFor()
    expect(await figure(page, 'quality')).toBe(quality)
    await page.screenshot({ path: 'test-results/plan-pace-desk-1440.png', fullPage: true })
    expect(problems).toEqual([])
  })

  test('the shift page: its first section, the same figures worked out by hand', async () => {
    // the shift page asks the day and the shifts before too: the pace's range starts with the Early shift,
    // 06:00 in Berlin (UTC+1 on the pinned November day)
    const day = new Date(testNow())
    const early = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 5) / 1000
    const { page, problems, from, till } = await openJudged(
      '/shifts',
      { width: 1440, height: 900 },
      '[data-pace="primary"]',
      early,
    )
    expect(till).toBeGreaterThan(from)
    const hand = await byHand(from, till)
    expect(await page.locator('[data-pace="primary"]').textContent()).toContain(
      `Pieces ${grouped(hand.pieces)} · plan by now ${grouped(hand.plan)}`,
    )
    expect(await figure(page, 'availability')).toBe(hand.availability)
    expect(await figure(page, 'performance')).toBe(hand.performance)
    expect(problems).toEqual([])
  })

  test('the board’s summary: the same pace in one line, with OEE, and a link to where it is explained', async () => {
    const { page, problems, from, till } = await openJudged(
      '/machines',
      { width: 1440, height: 900 },
      '[data-pace="summary"]',
    )
    const hand = await byHand(from, till)
    const line = page.locator('[data-pace="summary"]')
    expect(await line.textContent()).toContain(
      `Pieces ${grouped(hand.pieces)} · plan by now ${grouped(hand.plan)}`,
    )
    // rejects were entered above: OEE with quality (without them, "OEE (A × P)")
    expect(await line.textContent()).toMatch(/· OEE (\(A × P\) )?\d+\s%/)
    await line.getByRole('link', { name: 'Plan and pace' }).click()
    await page.locator('[data-pace="primary"]').waitFor()
    expect(new URL(page.url()).pathname).toBe('/pace')
    expect(problems).toEqual([])
  })

  for (const size of [
    { width: 1920, height: 1080 },
    { width: 3840, height: 2160 },
  ])
    test(`the wall at ${size.width}×${size.height} with nothing needing attention: the pace in attention-card type, on one screen`, async () => {
      // the two machines that sew: nothing on this wall needs anyone
      const { page, from, till } = await openJudged(
        '/kiosk?pages=status&dwell=600&status.machines=M-0101,M-0204',
        size,
      )
      const hand = await byHand(from, till)
      const pace = page.locator('[data-wall="pace"]')
      await pace.waitFor()
      expect(await pace.textContent()).toContain(
        `Pieces ${grouped(hand.pieces)} · plan by now ${grouped(hand.plan)}`,
      )
      expect(await figure(page, 'availability')).toBe(hand.availability)
      expect(await figure(page, 'performance')).toBe(hand.performance)
      const px = await pace.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize))
      expect(px).toBeGreaterThanOrEqual((52 * size.height) / 1080)
      const fits = await page.evaluate(
        () =>
          document.documentElement.scrollHeight <= window.innerHeight &&
          document.documentElement.scrollWidth <= window.innerWidth,
      )
      expect(fits).toBe(true)
      expect(await page.getByRole('banner').getByRole('heading', { level: 1 }).textContent()).not.toMatch(
        /\d+\/\d+$/,
      )
      await page.screenshot({ path: `test-results/plan-wall-${size.width}.png` })
    })
})
