// One piece: the plan's targets and rejects on every database, whose cases share one set-up of app and store.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/history/db'
import { migrate } from '../../server/history/migrations'
import { HistoryStore } from '../../server/history/store'
import { Watcher } from '../../server/history/watcher'
import { seedDemoPlan } from '../../server/plan/demo'
import { PlanStore } from '../../server/plan/store'
import { upstreamsFor } from '../../server/upstreams'
import type { MachineFacts } from '../../src/api/contract/to-domain'
import { rejectsFor, type TargetRow, targetFor } from '../../src/lib/plan-targets'
import { BACKENDS } from './databases'

/** Issue 36: targets with their history and rejects per shift, on the real databases. The clock is
 * pinned: T0 is 10:00 in Berlin on Wednesday 18 November 2026; Early 06:00–14:00, Late 14:00–22:00. */
const T0 = Date.UTC(2026, 10, 18, 9, 0)
const HOUR = 3_600_000
const ADMIN = 'admin-token-for-tests-0123'
const SHIFTS = 'Early=06:00-14:00,Late=14:00-22:00'
const EARLY_START = Date.UTC(2026, 10, 18, 5, 0)

describe.each(BACKENDS)('the plan on %s', (_, open) => {
  let db: Db
  let clock = T0
  let app: ReturnType<typeof createApp>
  let plan: PlanStore

  beforeAll(async () => {
    db = await open()
    await migrate(db)
  })
  afterAll(async () => {
    await db?.close()
  })
  beforeEach(async () => {
    await db.query('truncate plan_targets, shift_rejects')
    clock = T0
    const config = loadConfig({ FACTORY_TIMEZONE: 'Europe/Berlin', ADMIN_TOKEN: ADMIN, SHIFTS })
    const upstreams = upstreamsFor(config, () => Promise.reject(new Error('no upstream here')))
    const history = new HistoryStore(db, 60_000)
    const watcher = new Watcher({
      store: history,
      db,
      upstreams,
      pollSeconds: 15,
      historyDays: 30,
      upstreamTimeoutSeconds: 5,
    })
    plan = new PlanStore(db)
    app = createApp({
      config,
      upstreams,
      version: 'test',
      now: () => clock,
      history: () => ({ store: history, watcher, pollSeconds: 15, plan }),
    })
  })

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(`http://127.0.0.1${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const admin = { Authorization: `Bearer ${ADMIN}` }
  const get = async (path: string) => {
    const answer = await app.request(`http://127.0.0.1${path}`)
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
  }
  const target = (over: Record<string, unknown> = {}) => ({
    shift: 'Early',
    weekday: null,
    scope: { kind: 'all' },
    pieces: 8_000,
    stitches: null,
    by: 'Marta',
    ...over,
  })
  const targets = async () => (await get('/api/plan/targets')).body.targets as TargetRow[]

  test('a target needs ADMIN_TOKEN; set with it, it is kept with who and when', async () => {
    const refused = await post('/api/plan/targets', target())
    expect(refused.status).toBe(401)
    expect(await targets()).toEqual([])
    const set = await post('/api/plan/targets', target(), admin)
    expect(set.status).toBe(200)
    expect(await targets()).toEqual([
      expect.objectContaining({
        shift: 'Early',
        pieces: 8_000,
        stitches: null,
        by: 'Marta',
        at: T0,
        validFrom: T0,
      }),
    ])
  })

  test.each([
    ['an unknown shift', { shift: 'Night' }, /shift is not one of this factory's shifts \(Early, Late\)/],
    ['a weekday 8', { weekday: 8 }, /weekday is not 1 \(Monday\) – 7 \(Sunday\)/],
    ['a negative target', { pieces: -5 }, /pieces is negative/],
    ['a fraction of a piece', { pieces: 2.5 }, /pieces is not a whole number/],
    ['a target as text', { stitches: '9000' }, /stitches is not a number/],
    ['an unknown scope', { scope: { kind: 'hall' } }, /scope/],
    ['a name of 61 characters', { by: 'x'.repeat(61) }, /by is longer than 60 characters/],
    ['an unknown field', { colour: 'red' }, /colour|unrecognized/i],
  ])('%s is refused with its reason, nothing saved', async (_, over, error) => {
    const answer = await post('/api/plan/targets', target(over), admin)
    expect(answer.status).toBe(400)
    expect(((await answer.json()) as { error: string }).error).toMatch(error)
    expect(await targets()).toEqual([])
  })

  test('a body that is not JSON, or too large (a name of 10,000 characters), is refused', async () => {
    expect((await post('/api/plan/targets', '{"shift":', admin)).status).toBe(400)
    expect(
      (await post('/api/plan/targets', JSON.stringify(target({ by: 'x'.repeat(10_000) })), admin)).status,
    ).toBe(413)
  })

  test('a target changed during a shift: that shift and later ones take the new one, earlier shifts keep theirs', async () => {
    clock = T0 - 2 * 86_400_000
    await post('/api/plan/targets', target({ pieces: 7_000 }), admin)
    clock = T0
    await post('/api/plan/targets', target({ pieces: 8_000 }), admin)
    const rows = await targets()
    const yesterday = EARLY_START - 86_400_000
    expect(
      targetFor(rows, 'Early', { kind: 'all' }, yesterday, yesterday + 8 * HOUR, 'Europe/Berlin').pieces,
    ).toBe(7_000)
    expect(targetFor(rows, 'Early', { kind: 'all' }, EARLY_START, T0, 'Europe/Berlin').pieces).toBe(8_000)
    // the earlier value is kept, not overwritten
    expect(rows.map((r) => r.pieces)).toEqual([7_000, 8_000])
  })

  test('a weekday target comes before the every-day one; removing it falls back; removing that ends it', async () => {
    await post('/api/plan/targets', target({ pieces: 8_000 }), admin)
    // Wednesday is ISO weekday 3
    await post('/api/plan/targets', target({ pieces: 6_000, weekday: 3 }), admin)
    let rows = await targets()
    expect(targetFor(rows, 'Early', { kind: 'all' }, EARLY_START, T0, 'Europe/Berlin').pieces).toBe(6_000)
    const thursday = EARLY_START + 86_400_000
    expect(targetFor(rows, 'Early', { kind: 'all' }, thursday, thursday, 'Europe/Berlin').pieces).toBe(8_000)
    clock = T0 + HOUR
    await post('/api/plan/targets', target({ pieces: null, weekday: 3 }), admin)
    rows = await targets()
    // the Wednesday target removed: the every-day one holds again
    expect(targetFor(rows, 'Early', { kind: 'all' }, EARLY_START, clock, 'Europe/Berlin').pieces).toBe(8_000)
    clock = T0 + 2 * HOUR
    await post('/api/plan/targets', target({ pieces: null }), admin)
    rows = await targets()
    expect(targetFor(rows, 'Early', { kind: 'all' }, EARLY_START, clock, 'Europe/Berlin').row).toBeNull()
  })

  test('rejects are entered by name without the token; the latest holds and every entry is kept', async () => {
    const first = await post('/api/plan/rejects', {
      shift: 'Early',
      day: '2026-11-18',
      locationId: null,
      rejects: 40,
      by: 'Ana',
    })
    expect(first.status).toBe(200)
    clock += 60_000
    await post('/api/plan/rejects', {
      shift: 'Early',
      day: '2026-11-18',
      locationId: null,
      rejects: 35,
      by: 'Ben',
    })
    const { body } = await get('/api/plan/rejects?from=2026-11-18&till=2026-11-18')
    const rows = body.rejects as Parameters<typeof rejectsFor>[0]
    expect(rows).toHaveLength(2)
    expect(rejectsFor(rows, 'Early', '2026-11-18', null)).toMatchObject({ rejects: 35, by: 'Ben' })
    expect(rejectsFor(rows, 'Early', '2026-11-18', 1)).toBeNull()
  })

  test.each([
    ['a day in the future', { day: '2026-11-19' }, 'day 2026-11-19 is in the future (today is 2026-11-18)'],
    [
      'a shift that has not begun',
      { shift: 'Late' },
      'the Late shift of 2026-11-18 has not begun (it begins at 14:00)',
    ],
    ['a day that does not exist', { day: '2026-02-30' }, 'day is not a day YYYY-MM-DD'],
    ['negative rejects', { rejects: -1 }, 'rejects is negative'],
    ['rejects as text', { rejects: '12' }, 'rejects is not a number'],
    ['no name', { by: '  ' }, 'by is empty'],
  ])('rejects: %s is refused with its reason', async (_, over, error) => {
    const answer = await post('/api/plan/rejects', {
      shift: 'Early',
      day: '2026-11-18',
      locationId: null,
      rejects: 3,
      by: 'Ana',
      ...over,
    })
    expect(answer.status).toBe(400)
    expect(((await answer.json()) as { error: string }).error).toContain(error)
    expect((await get('/api/plan/rejects?from=2026-11-01&till=2026-11-30')).body.rejects).toEqual([])
  })

  test.each([
    ['no range', ''],
    ['a range backwards', '?from=2026-11-18&till=2026-11-01'],
    ['a range of two years', '?from=2025-01-01&till=2026-12-31'],
    ['not days', '?from=yesterday&till=today'],
  ])('reading rejects with %s is refused', async (_, query) => {
    expect((await get(`/api/plan/rejects${query}`)).status).toBe(400)
  })

  test('the demo seeds a target per shift for the factory and each location, and rejects for each shift that ended', async () => {
    const machines = new Map<string, MachineFacts>([
      [
        'A',
        {
          name: 'A',
          heads: 6,
          needles: 12,
          locationId: 1,
          setSpeed: 1000,
          activeHeads: 6,
          designStitches: 6000,
        },
      ],
      [
        'B',
        {
          name: 'B',
          heads: 4,
          needles: 12,
          locationId: 1,
          setSpeed: null,
          activeHeads: 4,
          designStitches: 6000,
        },
      ],
    ])
    const shifts = [
      { name: 'Early', from: '06:00', to: '14:00' },
      { name: 'Late', from: '14:00', to: '22:00' },
    ]
    const breaks = [{ shift: 'Early', from: '09:00', till: '09:30', reason: 'break' }]
    await seedDemoPlan(plan, machines, shifts, breaks, 'Europe/Berlin', T0 - 2 * 86_400_000, T0)
    const rows = await targets()
    // Early: 7.5 h planned × 1,000 a minute × 55 % = 247,500 stitches, rounded to 100,000; 41.25 passes × 6
    // the one location holds both machines: its target is the factory's
    for (const location of [false, true]) {
      const of = (shift: string) =>
        rows.find(
          (r) => r.shift === shift && (location ? r.scope.kind === 'location' : r.scope.kind === 'all'),
        )
      expect(of('Early')).toMatchObject({ stitches: 200_000, pieces: 250 })
      expect(of('Late')).toMatchObject({ stitches: 300_000, pieces: 260 })
    }
    const rejects = (await get('/api/plan/rejects?from=2026-11-16&till=2026-11-18')).body.rejects as Array<{
      day: string
      shift: string
      locationId: number | null
      rejects: number
    }>
    // the shifts that ended by T0 (10:00 on the 18th) from 10:00 on the 16th: Late 16th, Early+Late 17th,
    // for the location and the factory (the locations' sum)
    expect(rejects.map((r) => `${r.day} ${r.shift} ${r.locationId}`).sort()).toEqual([
      '2026-11-16 Late 1',
      '2026-11-16 Late null',
      '2026-11-17 Early 1',
      '2026-11-17 Early null',
      '2026-11-17 Late 1',
      '2026-11-17 Late null',
    ])
    for (const r of rejects.filter((r) => r.locationId === null))
      expect(r.rejects).toBe(
        rejects.find((l) => l.locationId === 1 && l.day === r.day && l.shift === r.shift)?.rejects,
      )
    // seeded once
    await seedDemoPlan(plan, machines, shifts, breaks, 'Europe/Berlin', T0 - 2 * 86_400_000, T0)
    expect(await targets()).toHaveLength(4)
  })
})
