// One piece: the results of the shifts that ended on every database, whose cases share one set-up.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { realSenders } from '../../server/alerts/channels'
import { defaultSettings } from '../../server/alerts/settings'
import { AlertStore } from '../../server/alerts/store'
import { createApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/history/db'
import { migrate } from '../../server/history/migrations'
import { HistoryStore, type Observation } from '../../server/history/store'
import { Watcher } from '../../server/history/watcher'
import { speaking } from '../../server/messages'
import { ShiftResults } from '../../server/plan/results'
import { PlanStore } from '../../server/plan/store'
import { ReportDelivery } from '../../server/shift-reports/delivery'
import { ReportOutbox } from '../../server/shift-reports/outbox'
import { ShiftReporter } from '../../server/shift-reports/reporter'
import { ReportStore } from '../../server/shift-reports/store'
import { StopBook } from '../../server/stops/book'
import { StopStore } from '../../server/stops/store'
import { upstreamsFor } from '../../server/upstreams'
import { documentWords, reportDocument } from '../../src/lib/shift-report-document'
import type { ReportFigures } from '../../src/lib/shift-report-figures'
import { csvRows, pdfText, startHookReceiver, startMailReceiver } from '../receivers'
import { BACKENDS } from './databases'

/** Issue 36: every shift that ended against its target, from the real history, stop book and plan. The
 * clock is pinned at T0, 10:00 in Berlin on Wednesday 18 November 2026; the shift judged is the Early
 * shift of the 17th (06:00–14:00 in Berlin, 05:00–13:00 UTC). */
const T0 = Date.UTC(2026, 10, 18, 9, 0)
const HOUR = 3_600_000
const EARLY = Date.UTC(2026, 10, 17, 5, 0)
const SHIFTS = 'Early=06:00-14:00,Late=14:00-22:00'
const ADMIN = 'shift-reports-admin-token'

/** A sews all shift but 08:00–10:00; B the first four hours. Both set to 1,000 stitches a minute. */
const machines = [
  { id: 'A', name: 'North 01', locationId: 1, configuredRpm: 1000 },
  { id: 'B', name: 'North 02', locationId: 1, configuredRpm: 1000 },
]
const sewing = (id: string, turning: boolean): Observation => ({
  machineId: id,
  code: turning ? 1 : 2,
  turning,
  reporting: true,
  lastSeen: null,
  designId: null,
  passes: null,
})
const at = (t: number) => [
  sewing('A', t < EARLY + 2 * HOUR || t >= EARLY + 4 * HOUR),
  sewing('B', t < EARLY + 4 * HOUR),
]
/** The portal's machine summary of that shift: A sewed 288,000 stitches in 6 h of production, B 96,000
 * in 4 h; 60 and 20 pieces. */
const summary = {
  data: [
    { machineId: 'A', machineName: 'North 01', stitches: 288_000, pieces: 60, productionTime: 6 * 3600 },
    { machineId: 'B', machineName: 'North 02', stitches: 96_000, pieces: 20, productionTime: 4 * 3600 },
  ],
}

describe.each(BACKENDS)('the shifts that ended, on %s', (_, open) => {
  let db: Db
  let app: ReturnType<typeof createApp>
  let book: StopBook
  let shiftResults: ShiftResults
  let plan: PlanStore
  let history: HistoryStore
  const asked: string[] = []

  let mail: Awaited<ReturnType<typeof startMailReceiver>>
  let hooks: Awaited<ReturnType<typeof startHookReceiver>>
  let outbox: ReportOutbox
  /** the delivery's clock (a retry is due when it has moved on) */
  let deliveryNow = T0
  /** the app's own delivery (its "send it now" dispatches at once) */
  let appDelivery: ReportDelivery
  const delivery = (instance: string) =>
    new ReportDelivery({
      outbox,
      reports: new ReportStore(db),
      channels: async () => (await new AlertStore(db).settings()).channels,
      reasons: async () => (await book.settings()).reasons,
      codes: new Map(),
      senders: realSenders({ url: mail.url, from: 'stitchboard@factory.example' }),
      timeZone: 'Europe/Berlin',
      language: null,
      dashboardUrl: 'https://dash.factory.example',
      instance,
      now: () => deliveryNow,
    })
  beforeAll(async () => {
    db = await open()
    await migrate(db)
    mail = await startMailReceiver()
    hooks = await startHookReceiver()
  })
  afterAll(async () => {
    await book?.stop()
    await db?.close()
    await mail?.close()
    await hooks?.close()
  })
  beforeEach(async () => {
    await db.query(
      'truncate state_intervals, design_runs, gaps, stop_settings, planned_stops, stop_reasons_given, stop_splits, stop_log, plan_targets, shift_rejects, shift_reports, report_settings, report_log, alert_settings cascade',
    )
    await db.query('update watcher set last_ok_at = null, recording_since = null')
    asked.length = 0
    mail.mails.length = 0
    hooks.received.length = 0
    hooks.failing.clear()
    deliveryNow = T0
    outbox = new ReportOutbox(db, 10)
    appDelivery = delivery('app')
    const config = loadConfig({ FACTORY_TIMEZONE: 'Europe/Berlin', SHIFTS, ADMIN_TOKEN: ADMIN })
    const upstreams = upstreamsFor(config, () => Promise.reject(new Error('no upstream here')))
    // polls every 5 minutes through the Early shift of the 17th
    history = new HistoryStore(db, 10 * 60_000)
    for (let t = EARLY; t <= EARLY + 8 * HOUR; t += 5 * 60_000) await history.recordPoll(t, at(t))
    const watcher = new Watcher({
      store: history,
      db,
      upstreams,
      pollSeconds: 15,
      historyDays: 30,
      upstreamTimeoutSeconds: 5,
    })
    await book?.stop()
    book = new StopBook({
      store: new StopStore(db),
      db,
      watcher: { latest: () => null },
      codes: config.statusCodes.entries,
      shifts: config.shifts,
      timeZone: config.timeZone,
      now: () => T0,
      // a reason given afterwards is kept with the reports built over its stop (as start-history does)
      onGiven: async (given) => {
        const reports = new ReportStore(db)
        const covered = await reports.covering(given.start, given.end)
        const machineName = machines.find((m) => m.id === given.machineId)?.name ?? given.machineId
        await reports.correct(covered, { ...given, machineName, stopStart: given.start })
      },
    })
    await book.start()
    plan = new PlanStore(db)
    await plan.addTarget({
      shift: 'Early',
      weekday: null,
      scope: { kind: 'all' },
      pieces: 100,
      stitches: null,
      validFrom: EARLY - 24 * HOUR,
      by: 'Marta',
      at: EARLY - 24 * HOUR,
    })
    await plan.addRejects({
      shift: 'Early',
      day: '2026-11-17',
      locationId: null,
      rejects: 8,
      by: 'Ana',
      at: T0,
    })
    shiftResults = new ShiftResults({
      history,
      plan,
      stops: book,
      machines: async () => machines,
      upstreamJson: async (path) => {
        asked.push(path)
        return path.startsWith('/reports/machine-summary') && path.includes(`from=${EARLY / 1000}&`)
          ? summary
          : { data: [] }
      },
      shifts: config.shifts,
      timeZone: config.timeZone,
      now: () => T0,
    })
    app = createApp({
      config,
      upstreams,
      version: 'test',
      now: () => T0,
      history: () => ({
        store: history,
        watcher,
        pollSeconds: 15,
        plan,
        stops: book,
        shiftResults,
        reports: new ReportStore(db),
        delivery: { outbox, delivery: appDelivery },
      }),
    })
  })

  const get = async (path: string) => {
    const answer = await app.request(`http://127.0.0.1${path}`)
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
  }
  const post = async (path: string, body: unknown, token: string | null = ADMIN) => {
    const answer = await app.request(`http://127.0.0.1${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'http://127.0.0.1',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    })
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
  }

  test('a shift that ended against its target, with OEE worked out by hand, and where it lost most', async () => {
    const { status, body } = await get('/api/plan/shifts?from=2026-11-17&till=2026-11-18')
    expect(status).toBe(200)
    const shifts = body.shifts as Array<Record<string, unknown>>
    // the shifts that ended by 10:00 on the 18th: Early and Late of the 17th, not the running Early
    expect(shifts.map((s) => `${s.day} ${s.shift}`)).toEqual(['2026-11-17 Early', '2026-11-17 Late'])
    const early = shifts[0]!
    // pieces as set; stitches by default: 50 % of 1,000 a minute over 480 planned minutes, two machines
    expect(early.target).toEqual({
      pieces: 100,
      stitches: 480_000,
      piecesFrom: 'set',
      stitchesFrom: 'default',
    })
    expect(early.pieces).toBe(80)
    // availability = run ÷ planned = (6 h + 4 h) ÷ (8 h + 8 h)
    expect(early.availability).toBeCloseTo(0.625)
    // performance = stitches ÷ (production time × set speed) = 384,000 ÷ (600 min × 1,000)
    expect(early.performance).toBeCloseTo(0.64)
    // quality = (80 − 8) ÷ 80; OEE = A × P × Q
    expect(early.quality).toBeCloseTo(0.9)
    expect(early.oee).toBeCloseTo(0.625 * 0.64 * 0.9)
    // the loss: 6 h of stops nobody gave a reason for (A 2 h, B 4 h); B the slowest at 40 % of set speed
    expect(early.largestStop).toEqual({ reason: null, ms: 6 * HOUR })
    expect(early.slowest).toEqual({ machineId: 'B', name: 'North 02', performance: 0.4 })
    // the portal is asked once for each shift's summary, and not again
    await get('/api/plan/shifts?from=2026-11-17&till=2026-11-17')
    expect(asked.filter((p) => p.includes(`from=${EARLY / 1000}&`))).toHaveLength(1)
  })

  test.each([
    ['no range', ''],
    ['not days', '?from=yesterday&till=today'],
    ['a day that does not exist', '?from=2026-02-30&till=2026-03-01'],
    ['a range backwards', '?from=2026-11-18&till=2026-11-17'],
    ['more than 31 days', '?from=2026-10-01&till=2026-11-18'],
  ])('asking with %s is refused with a reason', async (_, query) => {
    const { status, body } = await get(`/api/plan/shifts${query}`)
    expect(status).toBe(400)
    expect(String(body.error)).toMatch(/days YYYY-MM-DD|after till|longer than 31 days/)
  })

  // issue 37: each shift's report, built once its grace has passed, its figures frozen
  const ALERTS = { alerts: 2, acknowledged: 1, medianResponseSeconds: 90, medianRepairSeconds: 600 }
  const reporter = (
    now: () => number,
    instance = 'one',
    extra: Partial<ConstructorParameters<typeof ShiftReporter>[0]> = {},
  ) =>
    new ShiftReporter({
      results: shiftResults,
      store: new ReportStore(db),
      alerts: async () => ALERTS,
      recordingSince: async () => (await history.watcher()).recordingSince,
      shifts: loadConfig({ FACTORY_TIMEZONE: 'Europe/Berlin', SHIFTS }).shifts,
      timeZone: 'Europe/Berlin',
      // the daily summary late in the day: these cases are about the shifts' reports
      schedule: async () => ({ graceMinutes: 10, dailyAt: '23:00', weeklyDay: 7, weeklyAt: '23:00' }),
      instance,
      now,
      ...extra,
    })
  const EARLY_END = EARLY + 8 * HOUR

  test('a shift’s report is built once its grace has passed, with its figures, and listed', async () => {
    let now = EARLY_END + 9 * 60_000
    const one = reporter(() => now)
    // nine minutes after the end: late data may still come
    expect(await one.tick()).toBe(0)
    now = EARLY_END + 10 * 60_000
    expect(await one.tick()).toBe(1)
    // and once only
    expect(await one.tick()).toBe(0)
    const list = await get('/api/shift-reports?from=2026-11-17&till=2026-11-18')
    expect(list.status).toBe(200)
    const reports = list.body.reports as Array<Record<string, unknown>>
    expect(reports.map((r) => `${r.day} ${r.shift}`)).toEqual(['2026-11-17 Early'])
    expect(reports[0]).toMatchObject({ start: EARLY, end: EARLY_END, builtAt: now })
    // which instance built it is kept, not shown
    expect(reports[0]).not.toHaveProperty('builtBy')
    expect(await db.query('select built_by from shift_reports')).toEqual([{ built_by: 'one' }])
    const { status, body } = await get(`/api/shift-reports/${reports[0]!.id}`)
    expect(status).toBe(200)
    const figures = body.figures as ReportFigures
    // the same figures as the shift's result, worked out by hand above
    expect(figures.result.pieces).toBe(80)
    expect(figures.result.availability).toBeCloseTo(0.625)
    expect(figures.result.oee).toBeCloseTo(0.625 * 0.64 * 0.9)
    expect(figures.locations).toMatchObject([{ locationId: 1, pieces: 80, targetPieces: null }])
    // A: 6 of 8 h at 80 % of its set speed (OEE 60 % without rejects of its own); B: 4 h at 40 % (20 %)
    expect(figures.best.map((m) => [m.name, Math.round(m.oee! * 100)])).toEqual([['North 01', 60]])
    expect(figures.worst.map((m) => [m.name, Math.round(m.oee! * 100)])).toEqual([['North 02', 20]])
    // 6 h of stops, none explained
    expect(figures.stops).toMatchObject({ stopMs: 6 * HOUR, explainedMs: 0, share: 0 })
    expect(figures.stops.byReason).toMatchObject([{ reason: null, ms: 6 * HOUR }])
    // both stops began with code 2; B's four hours the longest, then A's two
    expect(figures.byCode).toEqual([{ code: 2, ms: 6 * HOUR, count: 2 }])
    expect(figures.longest.map((s) => [s.name, s.start - EARLY, s.end - EARLY, s.code])).toEqual([
      ['North 02', 4 * HOUR, 8 * HOUR, 2],
      ['North 01', 2 * HOUR, 4 * HOUR, 2],
    ])
    expect(figures.alerts).toEqual(ALERTS)
  })

  test('a report keeps the figures it was built with; two instances build one report of a shift', async () => {
    const now = () => T0
    const [a, b] = await Promise.all([reporter(now, 'a').tick(), reporter(now, 'b').tick()])
    // by 10:00 on the 18th: the Early and the Late shift of the 17th, each kept once
    expect(a + b).toBe(2)
    const rows = await db.query<{ shift: string; n: string }>(
      'select shift, count(*) as n from shift_reports group by shift order by shift',
    )
    expect(rows.map((r) => [r.shift, Number(r.n)])).toEqual([
      ['Early', 1],
      ['Late', 1],
    ])
    // rejects entered afterwards change the shift page's figures, not the report's
    await plan.addRejects({
      shift: 'Early',
      day: '2026-11-17',
      locationId: null,
      rejects: 40,
      by: 'Ben',
      at: T0 + 1,
    })
    const reports = (await get('/api/shift-reports?from=2026-11-17&till=2026-11-17')).body.reports as Array<{
      id: number
      shift: string
    }>
    const early = reports.find((r) => r.shift === 'Early')!
    const figures = (await get(`/api/shift-reports/${early.id}`)).body.figures as ReportFigures
    expect(figures.result.quality).toBeCloseTo(0.9)
    const [live] = (await get('/api/plan/shifts?from=2026-11-17&till=2026-11-17')).body.shifts as Array<{
      quality: number
    }>
    expect(live!.quality).toBeCloseTo(0.5)
  })

  test.each([
    ['/api/shift-reports', 400, /days YYYY-MM-DD/],
    ['/api/shift-reports?from=2026-11-18&till=2026-11-17', 400, /after till/],
    ['/api/shift-reports?from=2026-01-01&till=2026-11-17', 400, /longer than 100 days/],
    ['/api/shift-reports/abc', 400, /is not a number/],
    ['/api/shift-reports/0', 400, /is not a number/],
    ['/api/shift-reports/999', 404, /No shift report 999/],
  ])('%s is answered %i with a reason', async (path, code, error) => {
    const { status, body } = await get(path)
    expect(status).toBe(code)
    expect(String(body.error)).toMatch(error)
  })

  // issue 37: delivered to the channels chosen for reports, once, every attempt kept
  const CHANNELS = async () => {
    const settings = defaultSettings()
    settings.channels = [
      {
        id: 'ops',
        name: 'Production managers',
        kind: 'email',
        url: null,
        to: ['ops@factory.example'],
        language: null,
      },
      { id: 'hook', name: 'Plant system', kind: 'webhook', url: `${hooks.url}/hook`, to: [], language: null },
      { id: 'slack', name: 'Slack #floor', kind: 'slack', url: `${hooks.url}/slack`, to: [], language: null },
      {
        id: 'teams',
        name: 'Teams Schichtleitung',
        kind: 'teams',
        url: `${hooks.url}/teams`,
        to: [],
        language: 'de',
      },
    ]
    await new AlertStore(db).saveSettings(settings, T0)
    const saved = await post('/api/report-settings', {
      by: 'Marta',
      settings: {
        channels: { shift: ['ops', 'hook', 'slack', 'teams'], day: [], week: [] },
        graceMinutes: 10,
        dailyAt: '23:00',
        weeklyDay: 7,
        weeklyAt: '23:00',
      },
    })
    expect(saved).toMatchObject({ status: 200 })
  }
  const sendOnEnd = (instance: string) => {
    const sender = delivery(instance)
    return {
      sender,
      reporter: reporter(() => EARLY_END + 10 * 60_000, instance, {
        schedule: async () => outbox.settings(),
        queue: sender.queueing(),
        orders: async (from, till) => {
          // the orders finished in the shift, and those late or at risk as it is built
          expect([from, till]).toEqual([EARLY, EARLY_END])
          return {
            finished: [
              { reference: 'PO-7', customer: 'FC Heimat', dueAt: EARLY + 5 * HOUR, doneAt: EARLY + 7 * HOUR },
            ],
            finishedCount: 1,
            finishedLate: 1,
            open: [
              {
                reference: 'PO-9',
                customer: 'Bäckerei <Sonnenschein>',
                dueAt: EARLY_END + 3 * HOUR,
                late: false,
                marginMs: HOUR,
              },
            ],
            openCount: 1,
          }
        },
      }),
    }
  }

  test('a shift ends: one report to each channel; the e-mail’s HTML, PDF and CSV hold the report page’s words', async () => {
    await CHANNELS()
    const { sender, reporter: one } = sendOnEnd('one')
    expect(await one.tick()).toBe(1)
    await sender.dispatch()
    // one e-mail, with the report in HTML and a PDF and a CSV attached
    expect(mail.mails).toHaveLength(1)
    const [message] = mail.mails
    expect(message!.to).toMatchObject({ value: [{ address: 'ops@factory.example' }] })
    const [listed] = (await get('/api/shift-reports?from=2026-11-17&till=2026-11-17')).body.reports as Array<{
      id: number
    }>
    const stored = (await get(`/api/shift-reports/${listed!.id}`)).body as unknown as Parameters<
      typeof reportDocument
    >[0]
    // the words the report page shows (the page renders this same document: src/features/shift-reports/shift-report.tsx)
    const words = speaking('en')
    const document = reportDocument(
      stored,
      documentWords(words, 'Europe/Berlin', (await book.settings()).reasons, new Map()),
    )
    expect(message!.subject).toBe(`[stitchboard] ${document.title}`)
    expect(document.title).toBe('Shift report: Early, Nov 17, 2026')
    const html = String(message!.html)
    expect(html).not.toMatch(/<script|<style|<link/i)
    expect(html).toContain(`href="https://dash.factory.example/shift-reports/${listed!.id}"`)
    const [pdf, csv] = message!.attachments
    expect(pdf).toMatchObject({
      contentType: 'application/pdf',
      filename: 'shift-report-2026-11-17-early.pdf',
    })
    expect(csv).toMatchObject({ filename: 'shift-report-2026-11-17-early.csv' })
    // the PDF's words with their spaces as one (a non-breaking space between a number and its unit too)
    const spaced = (text: string) => text.replace(/\s+/g, ' ')
    const pdfWords = spaced(pdfText(pdf!.content))
    const rows = csvRows(csv!.content.toString('utf8'))
    expect(rows[0]).toEqual(['Section', 'Table', 'Row', 'Column', 'Value'])
    const escaped = (text: string) =>
      text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll("'", '&#39;')
    const cells: string[] = [document.title]
    for (const section of document.sections) {
      expect(html).toContain(`>${escaped(section.title)}</h2>`)
      expect(pdfWords).toContain(spaced(section.title))
      for (const fact of section.facts) {
        cells.push(fact.label, fact.value)
        expect(rows).toContainEqual([section.title, '', fact.label, '', fact.value])
        expect(pdfWords).toContain(spaced(`${fact.label} ${fact.value}`))
      }
      for (const table of section.tables)
        for (const row of table.rows) {
          cells.push(...row)
          // a table's row reads as one line in the PDF, its cells in order
          expect(pdfWords).toContain(spaced(row.join(' ')))
          for (let i = 1; i < row.length; i++)
            expect(rows).toContainEqual([section.title, table.caption, row[0], table.columns[i], row[i]])
        }
    }
    for (const cell of cells) expect(html).toContain(escaped(cell))
    // the figures worked out by hand above, as the e-mail says them
    expect(cells.map(spaced)).toEqual(
      expect.arrayContaining(['80 of 100 (80 %)', '36 %', '63 %', '64 %', '90 %']),
    )
    // the orders: one finished 2 h after its due time, one at risk with an hour to spare
    expect(cells.map(spaced)).toEqual(
      expect.arrayContaining([
        'PO-7',
        'Nov 17, 2026 13:00, 2 h late',
        'Bäckerei <Sonnenschein>',
        'At risk: 1 h to spare',
      ]),
    )
    expect(document.sections.find((s) => s.id === 'orders')?.paragraphs.map(spaced)).toEqual([
      'Orders finished in the shift: 1; after their due time: 1.',
      'One open order is late or at risk.',
    ])
    // a summary card with the link to each chat channel and the webhook, once each
    expect(hooks.received.map((r) => r.path).sort()).toEqual(['/hook', '/slack', '/teams'])
    const hook = hooks.received.find((r) => r.path === '/hook')!.body
    expect(hook).toMatchObject({
      type: 'report',
      kind: 'shift',
      id: listed!.id,
      title: document.title,
      url: `https://dash.factory.example/shift-reports/${listed!.id}`,
      headline: { pieces: 80, target: { pieces: 100 } },
    })
    expect(spaced(JSON.stringify(hooks.received.find((r) => r.path === '/slack')!.body))).toContain(
      '80 of 100 (80 %)',
    )
    // the Teams channel speaks German
    expect(JSON.stringify(hooks.received.find((r) => r.path === '/teams')!.body)).toContain('Schichtbericht')
    // every attempt recorded; the settings page shows each channel sent one
    expect((await outbox.attempts(listed!.id)).map((a) => [a.channelId, a.ok])).toEqual([
      ['ops', true],
      ['hook', true],
      ['slack', true],
      ['teams', true],
    ])
    const page = (await get('/api/report-settings')).body
    expect(page.health).toMatchObject([
      { channelId: 'hook', sent: 1, pending: 0, failed: 0, lastOk: true },
      { channelId: 'ops', sent: 1, pending: 0, failed: 0, lastOk: true },
      { channelId: 'slack', sent: 1 },
      { channelId: 'teams', sent: 1 },
    ])
  })

  test('two instances that build and send at once deliver each report once to each channel', async () => {
    await CHANNELS()
    const a = sendOnEnd('a')
    const b = sendOnEnd('b')
    await Promise.all([a.reporter.tick(), b.reporter.tick()])
    await Promise.all([a.sender.dispatch(), b.sender.dispatch(), a.sender.dispatch(), b.sender.dispatch()])
    await Promise.all([a.sender.dispatch(), b.sender.dispatch()])
    expect(mail.mails).toHaveLength(1)
    expect(hooks.received.map((r) => r.path).sort()).toEqual(['/hook', '/slack', '/teams'])
    const counts = await db.query<{ n: string }>('select count(*) as n from outbox_attempts')
    expect(Number(counts[0]!.n)).toBe(4)
  })

  test('a failing channel is tried again later, each attempt recorded, and shows on the settings page', async () => {
    await CHANNELS()
    hooks.failing.add('/hook')
    const { sender, reporter: one } = sendOnEnd('one')
    await one.tick()
    await sender.dispatch()
    const id = Number((await db.query<{ id: string }>('select id from shift_reports'))[0]!.id)
    expect(
      (await outbox.attempts(id)).filter((a) => a.channelId === 'hook').map((a) => [a.ok, a.detail]),
    ).toEqual([[false, 'HTTP 500: receiver down']])
    // not again before its backoff (10 s after the first failure)
    await sender.dispatch()
    expect((await outbox.attempts(id)).filter((a) => a.channelId === 'hook')).toHaveLength(1)
    let page = (await get('/api/report-settings')).body
    expect(page.health).toContainEqual(
      expect.objectContaining({
        channelId: 'hook',
        pending: 1,
        sent: 0,
        lastOk: false,
        lastDetail: 'HTTP 500: receiver down',
      }),
    )
    // the receiver is back: the next try after the backoff delivers it, once
    hooks.failing.clear()
    deliveryNow = T0 + 10_000
    await sender.dispatch()
    expect((await outbox.attempts(id)).filter((a) => a.channelId === 'hook').map((a) => a.ok)).toEqual([
      false,
      true,
    ])
    expect(hooks.received.filter((r) => r.path === '/hook')).toHaveLength(1)
    page = (await get('/api/report-settings')).body
    expect(page.health).toContainEqual(
      expect.objectContaining({ channelId: 'hook', pending: 0, sent: 1, lastOk: true }),
    )
  })

  test('“send it now” sends the last shift’s report again, recorded with who asked; settings need the admin token', async () => {
    await CHANNELS()
    await reporter(() => EARLY_END + 10 * 60_000).tick()
    expect(mail.mails).toHaveLength(0)
    expect((await post('/api/report-settings/send-now', { kind: 'shift', by: 'Ana' }, null)).status).toBe(401)
    const sent = await post('/api/report-settings/send-now', { kind: 'shift', by: 'Ana' })
    expect(sent.status).toBe(200)
    expect(sent.body.channels).toEqual(['ops', 'hook', 'slack', 'teams'])
    // sent by the app's delivery at once (the round under way is waited for)
    await appDelivery.dispatch()
    expect(mail.mails).toHaveLength(1)
    const log = await db.query<{ action: string; by: string }>(
      'select action, by from report_log order by id',
    )
    expect(log.map((l) => [l.action, l.by])).toEqual([
      ['settings', 'Marta'],
      ['send-now', 'Ana'],
    ])
    // what is wrong is said, and nothing is saved
    for (const [body, error] of [
      [
        {
          by: 'Ana',
          settings: {
            channels: { shift: ['nowhere'], day: [], week: [] },
            graceMinutes: 5,
            dailyAt: '07:00',
            weeklyDay: 1,
            weeklyAt: '07:30',
          },
        },
        'channels.shift names no channel "nowhere"',
      ],
      [
        {
          by: 'Ana',
          settings: {
            channels: { shift: [], day: [], week: [] },
            graceMinutes: 500,
            dailyAt: '07:00',
            weeklyDay: 1,
            weeklyAt: '07:30',
          },
        },
        'graceMinutes must be at most 240',
      ],
      [
        {
          by: 'Ana',
          settings: {
            channels: { shift: [], day: [], week: [] },
            graceMinutes: 5,
            dailyAt: '7 am',
            weeklyDay: 1,
            weeklyAt: '07:30',
          },
        },
        'dailyAt must be a time HH:MM',
      ],
      [{ settings: {} }, 'Say who changes the settings'],
    ] as const) {
      const refused = await post('/api/report-settings', body)
      expect(refused.status).toBe(400)
      expect(String(refused.body.error)).toContain(error)
    }
    expect((await post('/api/report-settings/send-now', { kind: 'month', by: 'Ana' })).status).toBe(400)
    expect((await outbox.settings()).graceMinutes).toBe(10)
  })

  test('a reason given after the report was built shows as a correction with its date; the figures stay', async () => {
    await reporter(() => EARLY_END + 10 * 60_000).tick()
    const [listed] = (await get('/api/shift-reports?from=2026-11-17&till=2026-11-17')).body.reports as Array<{
      id: number
    }>
    // North 02's stop from 10:00 (Berlin) got its reason the morning after
    await book.give({
      machineId: 'B',
      start: EARLY + 4 * HOUR,
      reason: 'machine-fault',
      by: 'Ana',
      comment: null,
      seen: null,
    })
    const report = (await get(`/api/shift-reports/${listed!.id}`)).body
    expect(report.corrections).toEqual([
      {
        at: T0,
        by: 'Ana',
        machineName: 'North 02',
        stopStart: EARLY + 4 * HOUR,
        before: null,
        after: 'machine-fault',
      },
    ])
    expect((report.figures as ReportFigures).stops).toMatchObject({ explainedMs: 0, share: 0 })
    const [again] = (await get('/api/shift-reports?from=2026-11-17&till=2026-11-17')).body.reports as Array<{
      corrections: number
    }>
    expect(again!.corrections).toBe(1)
  })

  test('the day’s summary adds its shifts’ reports up by the same definitions, at the daily time', async () => {
    let now = Date.UTC(2026, 10, 18, 5, 59)
    // the Late shift's report cannot be built at first (its figures cannot be worked out yet)
    let lateFails = true
    const daily = reporter(() => now, 'one', {
      results: {
        detailed: async (from, till) =>
          (await shiftResults.detailed(from, till)).filter((d) => !lateFails || d.result.shift !== 'Late'),
      },
      schedule: async () => ({ graceMinutes: 10, dailyAt: '07:00', weeklyDay: 7, weeklyAt: '23:00' }),
    })
    // before 07:00 on the 18th only the shifts' reports
    expect(await daily.tick()).toBe(1)
    now = Date.UTC(2026, 10, 18, 6, 0)
    // at 07:00 the summary waits for the Late shift's report: it would be a day without it, for good
    expect(await daily.tick()).toBe(0)
    lateFails = false
    expect(await daily.tick()).toBe(2)
    const reports = (await get('/api/shift-reports?from=2026-11-17&till=2026-11-17')).body.reports as Array<{
      id: number
      kind: string
    }>
    const day = reports.find((r) => r.kind === 'day')!
    const figures = (await get(`/api/shift-reports/${day.id}`)).body.figures as ReportFigures
    const shifts = await Promise.all(
      reports
        .filter((r) => r.kind === 'shift')
        .map(async (r) => (await get(`/api/shift-reports/${r.id}`)).body.figures as ReportFigures),
    )
    expect(figures.shifts!.map((s) => s.shift)).toEqual(['Early', 'Late'])
    // run time over planned time of both shifts together, not the mean of their availabilities
    const run = shifts.reduce((sum, f) => sum + f.result.sums!.runMs, 0)
    const planned = shifts.reduce((sum, f) => sum + f.result.sums!.plannedMs, 0)
    expect(figures.result.availability).toBeCloseTo(run / planned)
    expect(figures.result.pieces).toBe(80)
    expect(figures.stops.stopMs).toBe(shifts.reduce((sum, f) => sum + f.stops.stopMs, 0))
  })

  test('a message whose claim ran out is left to the instance that holds it now', async () => {
    await CHANNELS()
    await reporter(() => EARLY_END + 10 * 60_000).tick()
    const [report] = await db.query<{ id: string }>('select id from shift_reports')
    await outbox.enqueue(Number(report!.id), ['hook'], T0)
    const [late] = await outbox.claim('a', T0, 1000, 1)
    // a's claim ran out while it was still sending; b claims the message and sends it
    const [taken] = await outbox.claim('b', T0 + 1000, 60_000, 1)
    expect(taken!.id).toBe(late!.id)
    expect(await outbox.claim('a', T0 + 1000, 60_000, 1)).toEqual([])
    const outcome = { detail: 'HTTP 200', durationMs: 5, retryAt: null }
    expect(await outbox.attempted(taken!, 'b', T0 + 1500, { ...outcome, ok: true })).toBe(true)
    // a's late failure changes nothing: the message stays sent, one attempt kept
    expect(await outbox.attempted(late!, 'a', T0 + 2000, { ...outcome, ok: false, retryAt: T0 + 9000 })).toBe(
      false,
    )
    expect((await outbox.attempts(Number(report!.id))).map((a) => [a.instance, a.ok])).toEqual([['b', true]])
    expect((await get('/api/report-settings')).body.health).toMatchObject([
      { channelId: 'hook', sent: 1, pending: 0 },
    ])
  })
})
