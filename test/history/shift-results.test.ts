// One piece: the results of the shifts that ended on every database, whose cases share one set-up.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/history/db'
import { migrate } from '../../server/history/migrations'
import { HistoryStore, type Observation } from '../../server/history/store'
import { Watcher } from '../../server/history/watcher'
import { type ReportFigures, ReportStore, ShiftReporter } from '../../server/plan/reports'
import { ShiftResults } from '../../server/plan/results'
import { PlanStore } from '../../server/plan/store'
import { StopBook } from '../../server/stops/book'
import { StopStore } from '../../server/stops/store'
import { upstreamsFor } from '../../server/upstreams'
import { BACKENDS } from './databases'

/** Issue 36: every shift that ended against its target, from the real history, stop book and plan. The
 * clock is pinned at T0, 10:00 in Berlin on Wednesday 18 November 2026; the shift judged is the Early
 * shift of the 17th (06:00–14:00 in Berlin, 05:00–13:00 UTC). */
const T0 = Date.UTC(2026, 10, 18, 9, 0)
const HOUR = 3_600_000
const EARLY = Date.UTC(2026, 10, 17, 5, 0)
const SHIFTS = 'Early=06:00-14:00,Late=14:00-22:00'

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

  beforeAll(async () => {
    db = await open()
    await migrate(db)
  })
  afterAll(async () => {
    await book?.stop()
    await db?.close()
  })
  beforeEach(async () => {
    await db.query(
      'truncate state_intervals, design_runs, gaps, stop_settings, planned_stops, stop_reasons_given, stop_splits, stop_log, plan_targets, shift_rejects, shift_reports',
    )
    await db.query('update watcher set last_ok_at = null, recording_since = null')
    asked.length = 0
    const config = loadConfig({ FACTORY_TIMEZONE: 'Europe/Berlin', SHIFTS })
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
      }),
    })
  })

  const get = async (path: string) => {
    const answer = await app.request(`http://127.0.0.1${path}`)
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
  const reporter = (now: () => number, instance = 'one') =>
    new ShiftReporter({
      results: shiftResults,
      store: new ReportStore(db),
      alerts: async () => ALERTS,
      recordingSince: async () => (await history.watcher()).recordingSince,
      shifts: loadConfig({ FACTORY_TIMEZONE: 'Europe/Berlin', SHIFTS }).shifts,
      timeZone: 'Europe/Berlin',
      graceMs: 10 * 60_000,
      instance,
      now,
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
})
