import { Hono } from 'hono'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { Db } from '../../server/history/db'
import { migrate } from '../../server/history/migrations'
import { historyRoutes } from '../../server/history/routes'
import { type BackfillSpan, HistoryStore, iso, type Observation } from '../../server/history/store'
import type { Watcher } from '../../server/history/watcher'
import { fetchFactoryTimeline, fromRecording, intervalsOf } from '../../src/api/history/history'
import { BACKENDS } from './databases'

/**
 * Issue 34: the factory timeline read as a binary COPY and written as JSON by the server is the answer
 * PostgreSQL built before (`json_agg`, kept here as the reference), on a generated history: a backfilled
 * hour, then polls with changes, silences, hidden machines, a gap, intervals of no length, odd names and
 * designs, and rows written directly with microseconds and instants before 2000 and 1970.
 */
const T0 = Date.UTC(2026, 10, 18, 10, 30)
const MIN = 60_000
const POLL = 15_000
const MAX_GAP = 37.5 * 1000
const NOW = T0 + 110 * MIN

/** The query the store ran before (issue 18), each machine's rows by start then id (ties were unordered). */
const REFERENCE = `select json_object_agg(machine_id, intervals)::text as machines from (
  select machine_id, json_agg(json_build_array(
    (extract(epoch from started_at) * 1000)::bigint,
    (extract(epoch from ended_at) * 1000)::bigint,
    code, turning::int, reporting::int, design_id, seen_since::int) order by started_at, id) as intervals
  from state_intervals
  where started_at < $2 and (ended_at is null or ended_at > $1)
  group by machine_id) per_machine`

type Rows = Record<string, unknown[][]>

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const IDS = [
  ...Array.from({ length: 24 }, (_, i) => `M-${String(i).padStart(3, '0')}`),
  'Nähe "Nord" \\ 1',
  'tab\there',
  '東京-7 🧵',
  '42',
]
const DESIGNS = ['D-1', 'D-2', null, 'Rose "rot" \\ ü', 'ctl\u0001\n']
const CODES = [1, 2, 9, 30, 40, null, -5]
/** the poll after which 'Z' goes silent (its last report some minutes before), then changes twice */
const Z_SILENT = 50
const Z_LAST_SEEN = T0 + 40 * POLL

async function generate(db: Db, store: HistoryStore) {
  const next = random(34)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  // the hour before T0, backfilled for half the machines (the last span of each left open)
  await store.backfill(
    T0 - 60 * MIN,
    T0,
    IDS.slice(0, 14).map((machineId, i) => {
      const spans: BackfillSpan[] = []
      for (let t = T0 - 60 * MIN, k = 0; t < T0; k++) {
        const end = Math.min(T0, t + (5 + ((i * 7 + k * 11) % 13)) * MIN)
        spans.push({
          startedAt: t,
          endedAt: end,
          code: pick(CODES),
          turning: k % 2 === 0,
          designId: pick(DESIGNS),
          reporting: true,
        })
        t = end
      }
      return { machineId, spans }
    }),
  )
  const state = new Map<string, Observation>(
    [...IDS, 'Z'].map((machineId) => [
      machineId,
      { machineId, code: 1, turning: true, reporting: true, lastSeen: null, designId: 'D-1', passes: 0 },
    ]),
  )
  for (let k = 1; k <= 400; k++) {
    // 3 minutes without a poll: a gap
    if (k >= 150 && k < 162) continue
    const at = T0 + k * POLL
    const seen: Observation[] = []
    for (const id of IDS) {
      let o = state.get(id)!
      const r = next()
      // hidden in the portal for this poll
      if (r < 0.03) continue
      if (r < 0.15) o = { ...o, code: pick(CODES), turning: next() < 0.5 }
      else if (r < 0.2) o = { ...o, designId: pick(DESIGNS) }
      else if (r < 0.25) o = { ...o, reporting: false, lastSeen: at - Math.floor(next() * 120_000) }
      else if (r < 0.3) o = { ...o, reporting: true, lastSeen: null }
      state.set(id, o)
      seen.push(o)
    }
    // 'Z': silent since Z_LAST_SEEN, and its code changes twice while silent: two intervals of no length
    // there, then the third
    const z = state.get('Z')!
    if (k >= Z_SILENT && k <= Z_SILENT + 2)
      state.set('Z', { ...z, reporting: false, lastSeen: Z_LAST_SEEN, code: 100 + k - Z_SILENT })
    seen.push(state.get('Z')!)
    await store.recordPoll(at, seen)
  }
  // instants with microseconds, and before 2000 and 1970 (the rounding to ms)
  await db.query(
    `insert into state_intervals (machine_id, code, turning, reporting, design_id, started_at, ended_at, seen_since)
     values ('µs', 1, true, true, null, '2026-11-18 10:00:00.0005+00', '2026-11-18 10:00:00.0015+00', false),
            ('µs', 2, false, true, null, '1999-12-31 23:59:59.9975+00', '2000-01-01 00:00:00.0005+00', true),
            ('µs', 3, false, false, 'D-1', '1969-12-31 23:59:59.9975+00', '1970-01-01 00:00:00.0025+00', false)`,
  )
}

describe.each(BACKENDS)('the factory timeline on %s', (_, open) => {
  let db: Db
  let store: HistoryStore
  beforeAll(async () => {
    db = await open()
    await migrate(db)
    store = new HistoryStore(db, MAX_GAP)
    await generate(db, store)
  })
  afterAll(async () => {
    await db?.close()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  const reference = async (from: number, till: number): Promise<Rows> => {
    const [row] = await db.query<{ machines: string | null }>(REFERENCE, [iso(from), iso(till)])
    return JSON.parse(row?.machines ?? '{}') as Rows
  }

  test('the history has what the timeline must carry', async () => {
    const [facts] = await db.query<Record<string, string>>(
      `select count(distinct machine_id) as machines,
         count(*) filter (where started_at = ended_at) as no_length,
         count(*) filter (where seen_since) as seen_since, count(*) filter (where not reporting) as silent,
         count(*) filter (where code is null) as no_code, count(*) filter (where design_id is null) as no_design,
         count(*) filter (where ended_at is null) as open,
         (select count(*) from gaps) as gaps from state_intervals`,
    )
    for (const [name, value] of Object.entries(facts!)) expect(Number(value), name).toBeGreaterThan(0)
    // 'Z': two intervals of no length at its last report, then the one that lasts
    const z = (await reference(T0, NOW)).Z!.filter((r) => r[0] === Z_LAST_SEEN)
    expect(z.map((r) => r[2])).toEqual([100, 101, 102])
    expect(z.map((r) => r[1] === Z_LAST_SEEN)).toEqual([true, true, false])
  })

  test.each([
    ['everything, 1960 to 2030', Date.UTC(1960, 0, 1), Date.UTC(2030, 0, 1)],
    ['across the backfill’s end', T0 - 30 * MIN, T0 + 10 * MIN],
    ['a minute', T0 + 20 * MIN, T0 + 21 * MIN],
    ['inside the gap', T0 + 150 * POLL + 10_000, T0 + 150 * POLL + 20_000],
    ['from poll to poll', T0 + 3 * POLL, T0 + 6 * POLL],
    ['around the intervals of no length', Z_LAST_SEEN - 1, Z_LAST_SEEN + 1],
    ['an instant', T0 + 50 * MIN, T0 + 50 * MIN],
    ['before anything', Date.UTC(1950, 0, 1), Date.UTC(1951, 0, 1)],
  ])('%s: the answer PostgreSQL built before, the machines by ID', async (_, from, till) => {
    const text = await store.factoryTimelineJson(from, till)
    const answer = JSON.parse(text) as Rows
    expect(answer).toEqual(await reference(from, till))
    expect(Object.keys(answer)).toEqual(Object.keys(answer).sort((a, b) => (a < b ? -1 : 1)))
    if (Object.keys(answer).length === 0) expect(text).toBe('{}')
  })

  test('the route: the range, recording, gaps and machines as before; the client reads the same intervals', async () => {
    const app = new Hono()
    historyRoutes(
      app,
      () => ({ store, watcher: {} as Watcher, pollSeconds: 15 }),
      () => NOW,
    )
    // up to now (the range is cut there), and a range in the past
    for (const [from, till] of [
      [T0 - 120 * MIN, T0 + 120 * MIN],
      [T0 + 30 * MIN, T0 + 45 * MIN],
    ] as const) {
      const answer = await app.request(`/api/history/timeline?from=${from / 1000}&till=${till / 1000}`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
      const cut = Math.min(till, NOW)
      const w = await store.watcher()
      const expected = {
        from,
        till: cut,
        recordingSince: w.recordingSince,
        gaps: await store.gaps(from, cut),
        machines: await reference(from, cut),
      }
      expect(await answer.json()).toEqual(expected)

      // what the SPA makes of it (src/api/history/history.ts: zod, the rows, cut where recording began)
      vi.stubGlobal('fetch', (input: string, init?: RequestInit) => app.request(input, init))
      const seen = await fetchFactoryTimeline(from, till)
      expect(seen.recordingSince).toBe(w.recordingSince)
      expect(seen.gaps.length).toBe(expected.gaps.length)
      expect(Object.fromEntries(seen.machines)).toEqual(
        Object.fromEntries(
          Object.entries(expected.machines).map(([id, rows]) => [
            id,
            fromRecording(intervalsOf(rows, id), w.recordingSince),
          ]),
        ),
      )
    }
  })

  test('a COPY that fails is an error, and the database answers on', async () => {
    await expect(db.copyOut('select 1 / 0')).rejects.toThrow(/division by zero/)
    expect(await db.query<{ one: number }>('select 1 as one')).toEqual([{ one: 1 }])
    expect(JSON.parse(await store.factoryTimelineJson(T0, T0 + MIN))).toEqual(await reference(T0, T0 + MIN))
  })
})
