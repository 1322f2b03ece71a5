// One piece: the stop reasons on every database, whose cases share one set-up of history, book and routes.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { realSenders } from '../../server/alerts/channels'
import { AlertEngine } from '../../server/alerts/engine'
import { AlertStore } from '../../server/alerts/store'
import { createApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/history/db'
import { migrate } from '../../server/history/migrations'
import { HistoryStore, type Observation } from '../../server/history/store'
import { Watcher } from '../../server/history/watcher'
import { StopBook, type StopChange } from '../../server/stops/book'
import { StopStore } from '../../server/stops/store'
import { upstreamsFor } from '../../server/upstreams'
import { defaultStopSettings, type StopSettings } from '../../src/lib/stop-reasons'
import { BACKENDS } from './databases'

/** Issue 35: reasons from the floor, planned stops, the log, on the real databases. The clock is pinned:
 * T0 is 10:00 in Berlin, and the shifts are Early 06:00–14:00 and Late 14:00–22:00. */
const T0 = Date.UTC(2026, 10, 18, 9, 0)
const MIN = 60_000
const ADMIN = 'admin-token-for-tests-0123'
const SHIFTS = 'Early=06:00-14:00,Late=14:00-22:00'

const obs = (machineId: string, code: number, turning = false): Observation => ({
  machineId,
  code,
  turning,
  reporting: true,
  lastSeen: null,
  designId: null,
  passes: null,
})
const machinesAnswer = {
  data: [
    { machine_id: 'M1', alias: 'North 01', id_location: 1, heads: 6, needles: 12 },
    { machine_id: 'M2', alias: 'South 04', id_location: 2, heads: 6, needles: 12 },
  ],
}

describe.each(BACKENDS)('stop reasons on %s', (_, open) => {
  let db: Db
  let history: HistoryStore
  let book: StopBook
  let engine: AlertEngine
  let clock = T0
  let app: ReturnType<typeof createApp>
  const changes: StopChange[] = []

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
      'truncate state_intervals, design_runs, gaps, stop_settings, planned_stops, stop_reasons_given, stop_splits, stop_log, alerts, outbox_messages, outbox_attempts, alert_settings',
    )
    await db.query('update watcher set last_ok_at = null, recording_since = null')
    clock = T0
    changes.length = 0
    const config = loadConfig({ FACTORY_TIMEZONE: 'Europe/Berlin', ADMIN_TOKEN: ADMIN, SHIFTS })
    const upstreams = upstreamsFor(config, () => Promise.reject(new Error('no upstream here')))
    history = new HistoryStore(db, 60_000)
    const watcher = new Watcher({
      store: history,
      db,
      upstreams,
      pollSeconds: 15,
      historyDays: 30,
      upstreamTimeoutSeconds: 5,
    })
    const body = new TextEncoder().encode(JSON.stringify(machinesAnswer))
    const latest = { latest: () => ({ at: clock, answer: { status: 200, headers: {}, body } as never }) }
    await book?.stop()
    book = new StopBook({
      store: new StopStore(db),
      db,
      watcher: latest,
      codes: config.statusCodes.entries,
      shifts: config.shifts,
      timeZone: config.timeZone,
      now: () => clock,
    })
    await book.start()
    book.onChange((change) => changes.push(change))
    engine = new AlertEngine({
      store: new AlertStore(db),
      db,
      codes: config.statusCodes.entries,
      shifts: config.shifts,
      timeZone: config.timeZone,
      senders: realSenders(null),
      breakLog: null,
      now: () => clock,
      stopsNow: async () => {
        const [parts, settings] = await Promise.all([book.current(), book.settings()])
        const planned = new Set(settings.reasons.filter((r) => r.planned).map((r) => r.id))
        return new Map(
          parts.map((p) => [p.machineId, { start: p.start, planned: planned.has(p.reason ?? '') }]),
        )
      },
    })
    app = createApp({
      config,
      upstreams,
      version: 'test',
      now: () => clock,
      history: () => ({ store: history, watcher, pollSeconds: 15, alerts: engine, stops: book }),
    })
  })

  /** Polls every 15 s from the clock up to `until` with what `machines` says at each moment. */
  async function pollUntil(until: number, machines: (at: number) => Observation[]) {
    for (; clock <= until; clock += 15_000) await history.recordPoll(clock, machines(clock))
    clock -= 15_000
  }
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(`http://127.0.0.1${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1', ...headers },
      body: JSON.stringify(body),
    })
  const get = async (path: string) => {
    const answer = await app.request(`http://127.0.0.1${path}`)
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
  }
  type Part = {
    machineId: string
    start: number
    end: number
    reason: string | null
    source: string | null
    by: string | null
    ongoing: boolean
    plannedUntil: number | null
  }
  const parts = async (from: number, till: number) =>
    (await get(`/api/stops/parts?from=${from / 1000}&till=${till / 1000}`)).body.parts as Part[]

  /** M1 runs, stands from +10 min (stop switch), hooping from +20 min, runs again from +40 min. */
  const day = (at: number) => [
    at >= T0 + 10 * MIN && at < T0 + 40 * MIN ? obs('M1', at >= T0 + 20 * MIN ? 30 : 2) : obs('M1', 1, true),
    obs('M2', 1, true),
  ]

  test('a stop is one part while its codes change; a reason given while it lasts holds for all of it, with who and when', async () => {
    await pollUntil(T0 + 25 * MIN, day)
    const [standing] = await parts(T0, clock)
    expect(standing).toMatchObject({ machineId: 'M1', start: T0 + 10 * MIN, ongoing: true, reason: null })
    const given = await post('/api/stops/reason', {
      machineId: 'M1',
      start: T0 + 10 * MIN,
      reason: 'waiting-garments',
      by: ' Ana ',
    })
    expect(given.status).toBe(200)
    expect(await given.json()).toMatchObject({
      part: { reason: 'waiting-garments', source: 'person', by: 'Ana' },
      replaced: null,
    })
    // the change comes by the database's NOTIFY, which may arrive after the answer
    await expect.poll(() => changes.at(-1)?.machines).toEqual(['M1'])
    expect((await get('/api/stops/current')).body.parts).toEqual([
      expect.objectContaining({ machineId: 'M1', reason: 'waiting-garments', by: 'Ana', ongoing: true }),
    ])
    await pollUntil(T0 + 50 * MIN, day)
    expect(await parts(T0, clock)).toEqual([
      expect.objectContaining({
        start: T0 + 10 * MIN,
        end: T0 + 40 * MIN,
        ongoing: false,
        reason: 'waiting-garments',
      }),
    ])
    const log = await get(`/api/stops/log?machine=M1&start=${T0 + 10 * MIN}&end=${T0 + 40 * MIN}`)
    expect(log.body.log).toEqual([
      expect.objectContaining({
        action: 'reason',
        by: 'Ana',
        at: T0 + 25 * MIN,
        before: null,
        after: { reason: 'waiting-garments', comment: null },
      }),
    ])
  })

  test('bad input: each a clear error, and nothing changed', async () => {
    await pollUntil(T0 + 45 * MIN, day)
    const start = T0 + 10 * MIN
    const cases: Array<[unknown, number, RegExp]> = [
      [{ machineId: 'M1', start, reason: 'coffee', by: 'Ana' }, 400, /There is no reason "coffee"/],
      [{ machineId: 'M1', start, reason: 'other', by: 'Ana' }, 400, /needs a comment/],
      [
        { machineId: 'M1', start, reason: 'other', comment: 'x'.repeat(10_000), by: 'Ana' },
        400,
        /comment is longer than 500/,
      ],
      [{ machineId: 'M1', start, reason: 'waiting-hoops', by: '' }, 400, /by is empty/],
      [
        { machineId: 'M1', start, reason: 'waiting-hoops', by: 'x'.repeat(10_000) },
        400,
        /by is longer than 60/,
      ],
      [{ machineId: 'M1', start, reason: 'waiting-hoops', by: 'Ana', extra: 1 }, 400, /Unrecognized key/],
      [
        { machineId: 'M1', start: T0 + 5 * MIN, reason: 'waiting-hoops', by: 'Ana' },
        409,
        /M1 was running then/,
      ],
      [
        { machineId: 'M1', start: T0 + 15 * MIN, reason: 'waiting-hoops', by: 'Ana' },
        404,
        /the part holding that moment starts at 2026-11-18T09:10:00.000Z/,
      ],
      [{ machineId: 'M1', start: T0 + 90 * MIN, reason: 'waiting-hoops', by: 'Ana' }, 400, /in the future/],
      [{ machineId: 'M2', start, reason: 'waiting-hoops', by: 'Ana' }, 409, /M2 was running then/],
    ]
    for (const [body, status, error] of cases) {
      const answer = await post('/api/stops/reason', body)
      expect([answer.status, ((await answer.json()) as { error: string }).error]).toEqual([
        status,
        expect.stringMatching(error),
      ])
    }
    expect((await post('/api/stops/reason', 'not json at all')).status).toBe(400)
    const split = await post('/api/stops/split', { machineId: 'M1', start, at: T0 + 41 * MIN, by: 'Ana' })
    expect([split.status, ((await split.json()) as { error: string }).error]).toEqual([
      400,
      expect.stringMatching(/A split must fall inside the stop/),
    ])
    // HTML in a name and a comment is kept as the text it is (pages render it as text)
    const html = '<img src=x onerror=alert(1)>'
    const kept = await post('/api/stops/reason', {
      machineId: 'M1',
      start,
      reason: 'other',
      comment: html,
      by: html.slice(0, 30),
    })
    expect(await kept.json()).toMatchObject({ part: { comment: html, by: html.slice(0, 30) } })
    // after 24 hours the reason stands
    clock = T0 + 40 * MIN + 24 * 60 * MIN + 1000
    const late = await post('/api/stops/reason', {
      machineId: 'M1',
      start,
      reason: 'waiting-hoops',
      by: 'Ana',
    })
    expect([late.status, ((await late.json()) as { error: string }).error]).toEqual([
      409,
      expect.stringMatching(/for 24 hours after it ended/),
    ])
    expect((await parts(T0, T0 + 60 * MIN))[0]).toMatchObject({ reason: 'other' })
  })

  test('two people at once: both in the log, the later one shown, the earlier one told it was replaced', async () => {
    await pollUntil(T0 + 30 * MIN, day)
    const start = T0 + 10 * MIN
    const answers = await Promise.all(
      (['waiting-hoops', 'no-operator'] as const).map(async (reason, i) =>
        (
          await post('/api/stops/reason', {
            machineId: 'M1',
            start,
            reason,
            by: ['Ana', 'Ben'][i],
            seen: null,
          })
        ).json(),
      ),
    )
    const log = (await get(`/api/stops/log?machine=M1&start=${start}&end=${start}`)).body.log as Array<{
      by: string
      after: { reason: string }
    }>
    expect(log.map((l) => l.by).sort()).toEqual(['Ana', 'Ben'])
    const later = log.at(-1)!
    const [shown] = await parts(T0, clock)
    expect(shown).toMatchObject({ reason: later.after.reason, by: later.by })
    // the later answer says whose reason it replaced
    const replaced = (answers as Array<{ replaced: { by: string } | null }>).flatMap((a) =>
      a.replaced ? [a.replaced.by] : [],
    )
    expect(replaced).toEqual([log[0]!.by])
  })

  test('a split stop: each part its own reason; a machine that stops again within 60 s inherits', async () => {
    await pollUntil(T0 + 41 * MIN, (at) =>
      at >= T0 + 40 * MIN + 20_000 ? [obs('M1', 2), obs('M2', 1, true)] : day(at),
    )
    const start = T0 + 10 * MIN
    await post('/api/stops/reason', { machineId: 'M1', start, reason: 'waiting-garments', by: 'Ana' })
    const split = await post('/api/stops/split', { machineId: 'M1', start, at: T0 + 25 * MIN, by: 'Ana' })
    expect(split.status).toBe(200)
    const list = await parts(T0, clock)
    expect(list.map((p) => [p.start - T0, p.reason, p.source])).toEqual([
      [10 * MIN, 'waiting-garments', 'person'],
      // hooping since 20 min: the part after the split has the rule's reason
      [25 * MIN, 'hooping', 'rule'],
      // 30 s after running again: a rule's reason is not inherited
      [40 * MIN + 30_000, null, null],
    ])
    await post('/api/stops/reason', {
      machineId: 'M1',
      start: T0 + 25 * MIN,
      reason: 'design-change',
      by: 'Ben',
    })
    expect((await parts(T0, clock)).map((p) => [p.reason, p.source, p.by])).toEqual([
      ['waiting-garments', 'person', 'Ana'],
      ['design-change', 'person', 'Ben'],
      ['design-change', 'inherited', 'Ben'],
    ])
  })

  test('a stop inside a planned break raises no alert and is planned; outliving the break it is unplanned from its end', async () => {
    const settings: StopSettings = {
      ...defaultStopSettings(),
      breaks: [{ shift: 'Early', from: '10:15', till: '10:30', reason: 'break' }],
    }
    expect((await post('/api/stops/settings', { by: 'Planner', settings })).status).toBe(401)
    const saved = await post(
      '/api/stops/settings',
      { by: 'Planner', settings },
      { Authorization: `Bearer ${ADMIN}` },
    )
    expect(saved.status).toBe(200)
    // M1 stops at 10:14 (the break is 10:15–10:30 in Berlin) and stands until 10:55
    const stand = (at: number) => [
      at >= T0 + 14 * MIN && at < T0 + 55 * MIN ? obs('M1', 2) : obs('M1', 1, true),
      obs('M2', 1, true),
    ]
    for (; clock <= T0 + 50 * MIN; clock += 15_000) {
      const open = history.openIntervals()
      await history.recordPoll(clock, stand(clock))
      await engine.evaluate(clock, history.openIntervals(), machinesAnswer)
      if (clock === T0 + 29 * MIN) {
        expect(open.length).toBeGreaterThan(0)
        // 15 minutes stopped, 14 of them in the break: no alert
        expect(await new AlertStore(db).open()).toEqual([])
      }
    }
    clock -= 15_000
    const list = await parts(T0, clock)
    expect(list.map((p) => [(p.start - T0) / MIN, (p.end - T0) / MIN, p.reason, p.source])).toEqual([
      [14, 15, null, null],
      [15, 30, 'break', 'planned'],
      [30, 50, null, null],
    ])
    // the alert counts from the break's end: 20 min at 10:50, over the 10 min of a stop
    const alerts = await new AlertStore(db).open()
    expect(alerts).toEqual([expect.objectContaining({ machineId: 'M1', since: T0 + 30 * MIN })])
    // a reason on the standing part says "I'm on it" to its alert, by the same person
    await post('/api/stops/reason', {
      machineId: 'M1',
      start: T0 + 30 * MIN,
      reason: 'no-operator',
      by: 'Cleo',
    })
    expect(await new AlertStore(db).open()).toEqual([expect.objectContaining({ acknowledgedBy: 'Cleo' })])
  })

  test('settings and planned stops: only with ADMIN_TOKEN, checked whole, every write logged with who', async () => {
    const settings = defaultStopSettings()
    const headers = { Authorization: `Bearer ${ADMIN}` }
    const bad = await post(
      '/api/stops/settings',
      {
        by: 'Planner',
        settings: {
          ...settings,
          reasons: settings.reasons
            .filter((r) => r.id !== 'no-operator')
            .concat(
              Array.from({ length: 10 }, (_, i) => ({
                ...settings.reasons[0]!,
                id: `extra-${i}`,
                planned: false,
              })),
            ),
          breaks: [{ shift: 'Night', from: '02:00', till: '02:30', reason: 'waiting-hoops' }],
        },
      },
      headers,
    )
    expect(bad.status).toBe(400)
    const error = ((await bad.json()) as { error: string }).error
    expect(error).toContain('27 reasons are in use; at most 25')
    expect(error).toContain('reason no-operator cannot be removed, only retired')
    expect(error).toContain('shift Night, which is not a shift')
    expect(error).toContain('reason waiting-hoops is not a planned reason in use')

    const planned = {
      scope: { kind: 'location', id: 2 },
      reason: 'planned-maintenance',
      from: T0 + 240 * MIN,
      till: T0 + 330 * MIN,
      note: 'South hall',
      by: 'Planner',
    }
    expect((await post('/api/stops/planned', planned)).status).toBe(401)
    expect((await post('/api/stops/planned', { ...planned, reason: 'no-operator' }, headers)).status).toBe(
      400,
    )
    expect((await post('/api/stops/planned', { ...planned, till: planned.from }, headers)).status).toBe(400)
    const made = await post('/api/stops/planned', planned, headers)
    expect(made.status).toBe(200)
    const shown = (await get('/api/stops/settings')).body
    expect(shown).toMatchObject({
      canChange: true,
      planned: [
        expect.objectContaining({ reason: 'planned-maintenance', by: 'Planner', note: 'South hall' }),
      ],
    })
    // South 04 (location 2) stands in it; North 01 does not belong to it
    clock = T0 + 239 * MIN
    await pollUntil(T0 + 300 * MIN, (at) => [
      obs('M1', at >= T0 + 250 * MIN ? 2 : 1, at < T0 + 250 * MIN),
      obs('M2', at >= T0 + 240 * MIN ? 2 : 1, at < T0 + 240 * MIN),
    ])
    expect(
      (await parts(T0 + 200 * MIN, clock)).map((p) => [p.machineId, p.reason, p.source, p.plannedUntil]),
    ).toEqual([
      ['M1', null, null, null],
      ['M2', 'planned-maintenance', 'planned', T0 + 330 * MIN],
    ])
    const { id } = (await made.json()) as { id: number }
    expect((await post(`/api/stops/planned/${id}/cancel`, { by: 'Planner' }, headers)).status).toBe(200)
    expect((await post(`/api/stops/planned/${id}/cancel`, { by: 'Planner' }, headers)).status).toBe(404)
    const log = await new StopStore(db).recentLog()
    expect(log.map((l) => [l.action, l.by])).toEqual([
      ['cancel-planned', 'Planner'],
      ['planned', 'Planner'],
    ])
  })
})

test('the reasons keep what the history keeps: older rows are pruned, newer ones stay', async () => {
  const [, open] = BACKENDS[1]!
  const db = await open()
  try {
    await migrate(db)
    const store = new StopStore(db)
    const reason = (start: number) => ({ machineId: 'M1', start, reason: 'break', comment: null, by: 'Ana' })
    await store.give(reason(T0 - 40 * 86_400_000), T0 - 40 * 86_400_000)
    await store.give(reason(T0 - 86_400_000), T0 - 86_400_000)
    await store.split('M1', T0 - 40 * 86_400_000, T0 - 40 * 86_400_000 + MIN, 'Ana', T0 - 40 * 86_400_000)
    // 2 reasons' log lines and a split's, a reason and a split: the old reason, split and 2 log lines go
    expect(await store.prune(T0 - 30 * 86_400_000)).toBe(4)
    expect((await store.given(null, 0, T0)).map((g) => g.start)).toEqual([T0 - 86_400_000])
    expect(await store.recentLog()).toHaveLength(1)
  } finally {
    await db.close()
  }
})

test('a reason given on one instance reaches the other instance of the same database', async () => {
  const [, open] = BACKENDS[1]!
  const db = await open()
  try {
    await migrate(db)
    const latest = { latest: () => null }
    const make = () =>
      new StopBook({
        store: new StopStore(db),
        db,
        watcher: latest,
        codes: [],
        shifts: [],
        timeZone: 'UTC',
        now: () => T0,
      })
    const [one, other] = [make(), make()]
    await one.start()
    await other.start()
    const heard = new Promise<StopChange>((resolve) => other.onChange(resolve))
    await one.saveSettings(defaultStopSettings(), 'Planner')
    expect(await heard).toMatchObject({ machines: [] })
    await one.stop()
    await other.stop()
  } finally {
    await db.close()
  }
})
