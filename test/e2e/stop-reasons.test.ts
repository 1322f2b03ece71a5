import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { HELD_OUT_KEY, HELD_OUT_STATUS_CODES } from '../held-out/settings'
import { createDatabase } from '../history/postgres-server'
import { until } from '../until'
import { collectProblems, launchChromium, type Running, startProcess, testNow } from './harness'

/**
 * Issue 35's acceptance, on the held-out upstream: a machine stops; at phone size "Stops to explain" lists
 * it; two taps give "Waiting for garments"; a wall in another browser, served by another instance of the
 * same database, shows it on the machine's card without a reload (how soon: npm run bench:instances); after the machine runs again the shift's
 * Pareto by reason holds the stop's minutes and the explained share rose. Two browsers giving reasons to
 * one stop at once: the log holds both and every screen shows the same one. A planned stop calls nobody
 * on the wall and says until when.
 */
const ADMIN = 'stop-reasons-admin-token-0123'
const POLL = 1
let upstream: Running
let one: Running
let other: Running
let browser: Browser

beforeAll(async () => {
  upstream = await startProcess('test/held-out/upstream.ts', {}, '/machines')
  const database = await createDatabase(inject('databaseUrl'), `stop_reasons_${process.pid}`)
  const env = {
    API_BASE_URL: upstream.url,
    API_KEY: HELD_OUT_KEY,
    STATUS_CODES: HELD_OUT_STATUS_CODES,
    POLL_SECONDS: String(POLL),
    LEASE_SECONDS: '4',
    ADMIN_TOKEN: ADMIN,
    DATABASE_URL: database,
  }
  ;[one, other, browser] = await Promise.all([
    startProcess('server/main.ts', env),
    startProcess('server/main.ts', env),
    launchChromium(),
  ])
  // every stop asks a reason here (the default asks from 5 min on: a test does not stand that long)
  const saved = await post(one, '/api/stops/settings', {
    by: 'Test planner',
    settings: { ...(await settingsOf(one)), thresholdMinutes: 0 },
  })
  expect(saved.status).toBe(200)
})
afterAll(async () => {
  await browser?.close()
  await other?.stop()
  await one?.stop()
  await upstream?.stop()
})

const settingsOf = async (server: Running) =>
  ((await (await fetch(`${server.url}/api/stops/settings`)).json()) as { settings: Record<string, unknown> })
    .settings
const post = (server: Running, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url, Authorization: `Bearer ${ADMIN}` },
    body: JSON.stringify(body),
  })
const setMachine = (id: string, code: number, speed: number) =>
  fetch(`${upstream.url}/__machines/${id}`, { method: 'POST', body: JSON.stringify({ code, speed }) })

type Part = {
  machineId: string
  /** the stop's start; `start` is this part's (a stop is split where a planned stop or a reason begins) */
  stopStart: number
  start: number
  end: number
  reason: string | null
  by: string | null
  ongoing: boolean
}
const partsNow = async (server: Running) => {
  const now = Math.ceil(testNow() / 1000) + 86_400
  const answer = await fetch(`${server.url}/api/stops/parts?from=${now - 2 * 86_400}&till=${now}`)
  return ((await answer.json()) as { parts: Part[] }).parts
}
/** The machine's ongoing stop, once the server has recorded it. */
const standing = async (server: Running, id: string): Promise<Part> =>
  (await until(
    `${id}'s stop on ${server.url}`,
    async () => (await partsNow(server)).find((p) => p.machineId === id && p.ongoing) ?? null,
    (p) => p !== null,
  ))!

async function open(server: Running, path: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  const problems = collectProblems(page)
  await page.goto(`${server.url}${path}`)
  return { page, problems }
}
/** The explained share a page (or a part of it) shows; 0 when it says no stop needed a reason yet. */
const explained = async (within: Page | Locator) => {
  const share = within.getByText(/^Explained: [\d.]+\s% of stop time$/).first()
  const none = within.getByText(/^No stop needed a reason/).first()
  await share.or(none).first().waitFor()
  if ((await share.count()) === 0) return 0
  return Number(/Explained: ([\d.]+)\s%/.exec((await share.textContent()) ?? '')?.[1])
}

// three browsers and two servers on a 2-core machine beside another test file: minutes, not seconds
describe('why machines stood, on the held-out factory', { timeout: 180_000 }, () => {
  test('a stop is explained in two taps on a phone and is pushed to the wall of another instance', async () => {
    // East 01 stops; the wall (another instance) shows a machine standing longer than its attention
    // time (here 0.6 s, by the page's clock of when it opened) as a card
    await setMachine('M-0101', 5, 0)
    const stop = await standing(one, 'M-0101')
    await until(
      'the stop to be older than the wall’s attention time',
      async () => testNow(),
      (at) => at > stop.start + 1_500,
    )
    const wall = await open(other, '/machines?density=wall&attention=0.01&group=none', {
      width: 1920,
      height: 1080,
    })
    const phone = await open(one, '/stops/explain', { width: 390, height: 844 })
    const entry = phone.page.getByRole('button', { name: /^East 01 · 12H Standing since/ })
    await entry.waitFor({ timeout: 30_000 })
    const before = await explained(phone.page)
    await entry.click()
    const dialog = phone.page.getByRole('dialog', { name: 'Why did East 01 · 12H stand?' })
    await dialog.getByLabel('Your name').fill('Ana')
    // the machine's card on the wall of the other instance
    const card = wall.page.getByRole('article', { name: /^East 01 · 12H: Stop switch/ })
    // a busy machine may take a while to draw the wall; if it never comes, the cards it shows say why
    await card.waitFor({ timeout: 60_000 }).catch(async (error) => {
      const cards = await wall.page
        .getByRole('article')
        .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')))
      throw new Error(`${error}\nthe wall's cards: ${JSON.stringify(cards)}`)
    })
    await dialog.getByRole('button', { name: 'Waiting for garments' }).click()
    await phone.page.getByText('East 01 · 12H: “Waiting for garments” given.').waitFor()
    // pushed to the other instance's wall, which is not reloaded (how soon, with 50 boards: npm run
    // bench:instances); on a busy 2-core machine (two servers, three pages) as long as the wall took to draw
    await card.getByText('Waiting for garments · Ana').waitFor({ timeout: 60_000 })
    await wall.page.screenshot({ path: 'test-results/stop-reasons-wall-1920.png' })
    await card.evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await card.screenshot({ path: 'test-results/stop-reasons-wall-card.png' })
    await phone.page.screenshot({ path: 'test-results/stop-reasons-phone-390.png', fullPage: true })

    // the machine runs again: the shift's Pareto holds the stop, and the explained share rose
    await setMachine('M-0101', 3, 820)
    await until(
      'the stop to end',
      async () =>
        (await partsNow(one)).find((p) => p.machineId === 'M-0101' && p.start === stop.start) ?? null,
      (p) => p !== null && !p.ongoing,
    )
    const desk = await open(one, '/shifts', { width: 1440, height: 900 })
    const reasons = desk.page.getByRole('region', { name: 'Why machines stood' }).first()
    const pareto = reasons.getByRole('heading', { name: 'Unplanned stops by reason' }).locator('..')
    await pareto.getByText('Waiting for garments').waitFor()
    expect(await explained(reasons)).toBeGreaterThan(before)
    await desk.page.screenshot({ path: 'test-results/stop-reasons-shift-1440.png', fullPage: true })
    expect([...phone.problems, ...wall.problems, ...desk.problems]).toEqual([])
  })

  test('two browsers give reasons to one stop at once: both in the log, every screen the same one', async () => {
    await setMachine('M-0202', 5, 0)
    const stop = await standing(one, 'M-0202')
    const [a, b] = await Promise.all([
      open(one, '/stops/explain', { width: 390, height: 844 }),
      open(other, '/stops/explain', { width: 390, height: 844 }),
    ])
    const dialogs = await Promise.all(
      [a, b].map(async ({ page }, i) => {
        // the stop standing now (the machine's earlier state, recorded from the server's start, may be a
        // stop of its own in the list)
        await page.getByRole('button', { name: /^West 02 · 8H Standing since/ }).click({ timeout: 30_000 })
        const dialog = page.getByRole('dialog')
        await dialog.getByLabel('Your name').fill(['Ana', 'Ben'][i]!)
        return dialog
      }),
    )
    await Promise.all([
      dialogs[0]!.getByRole('button', { name: 'No operator' }).click(),
      dialogs[1]!.getByRole('button', { name: 'Waiting for hoops or frames' }).click(),
    ])
    // the log of the whole stop: on a busy machine the stop may have been split into parts by the time the
    // phones showed it, and the reasons went to the part standing then
    const log = await until(
      'both reasons in the log',
      async () =>
        (
          (await (
            await fetch(
              `${one.url}/api/stops/log?machine=M-0202&start=${stop.stopStart}&end=${Math.ceil(testNow())}`,
            )
          ).json()) as {
            log: Array<{ by: string | null; after: { reason: string } }>
          }
        ).log.filter((entry) => entry.by === 'Ana' || entry.by === 'Ben'),
      (l) => l.length === 2,
    ).catch(async (error) => {
      // when one never arrives, what each phone said and what went wrong on it name the cause next time
      const said = async ({ page, problems }: typeof a) =>
        `${(await page.locator('[role="status"], [role="alert"], [role="dialog"]').allInnerTexts()).join(' | ')}; problems: ${JSON.stringify(problems)}`
      throw new Error(`${error}\nAna's phone: ${await said(a)}\nBen's phone: ${await said(b)}`)
    })
    const shown = log.at(-1)!.after.reason
    for (const server of [one, other])
      await until(
        `${server.url} to show the later reason`,
        async () => (await partsNow(server)).find((p) => p.machineId === 'M-0202' && p.ongoing)?.reason,
        (reason) => reason === shown,
      )
    // the phone whose reason was replaced is told so, the other says it replaced one
    const words = shown === 'no-operator' ? 'No operator' : 'Waiting for hoops or frames'
    const [earlier, later] = log[0]!.by === 'Ana' ? [a, b] : [b, a]
    // the earlier phone hears of it through the live stream, which on a busy 2-core machine (two servers,
    // four pages) has taken over 30 s: the same limit as the servers' own agreement above
    await earlier.page
      .getByText(new RegExp(`West 02 · 8H: ${log[1]!.by} changed your reason to “${words}”`))
      .waitFor({ timeout: 60_000 })
    await later.page.getByText(new RegExp(`${log[0]!.by} had given`)).waitFor({ timeout: 60_000 })
  })

  test('a planned stop calls nobody on the wall and says until when', async () => {
    const now = testNow()
    const planned = await post(one, '/api/stops/planned', {
      scope: { kind: 'machine', id: 'M-0205' },
      reason: 'planned-maintenance',
      from: now - 60_000,
      till: now + 3_600_000,
      note: 'Hook and bobbin case',
      by: 'Test planner',
    })
    expect(planned.status).toBe(200)
    await setMachine('M-0205', 5, 0)
    await standing(one, 'M-0205')
    const wall = await open(other, '/machines?density=wall&attention=0.01&group=none', {
      width: 1920,
      height: 1080,
    })
    await wall.page.getByText(/West 05 · 4H.*Planned: Planned maintenance until \d/).waitFor()
    // standing longer than the wall's attention time, yet no card: nobody is called to a planned stop
    expect(await wall.page.getByRole('article', { name: /^West 05 · 4H/ }).count()).toBe(0)
    await wall.page.screenshot({ path: 'test-results/stop-reasons-wall-planned-1920.png' })
  })
})
