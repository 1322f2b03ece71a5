import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Db } from '../../server/history/db'
import { MIGRATIONS, migrate } from '../../server/history/migrations'
import { HistoryStore, type Observation } from '../../server/history/store'
import { BACKENDS } from './databases'

/** Issue 18: what the server records from the polls of /machines, on both ways to PostgreSQL. Every
 * instant is given (a pinned clock: T0 and minutes after it), never read from the machine's clock. */
const T0 = Date.UTC(2026, 10, 18, 10, 30)
const MIN = 60_000
const MAX_GAP = 37.5 * 1000 // 2.5 polls of 15 s

const machine = (id: string, changes: Partial<Observation> = {}): Observation => ({
  machineId: id,
  code: 1,
  turning: true,
  reporting: true,
  lastSeen: null,
  designId: 'D-1',
  passes: 0,
  ...changes,
})

describe.each(BACKENDS)('the machine history on %s', (_, open) => {
  let db: Db
  let store: HistoryStore
  beforeAll(async () => {
    db = await open()
    await migrate(db)
  })
  afterAll(async () => {
    await db?.close()
  })
  beforeEach(async () => {
    await db.query('truncate state_intervals, design_runs, gaps')
    await db.query(
      'update watcher set recording_since = null, last_ok_at = null, last_failure_at = null, last_failure = null, pruned_at = null, backfilled_until = null',
    )
    store = new HistoryStore(db, MAX_GAP)
    last = null
  })

  const intervals = async (id: string) => store.machineIntervals(id, T0 - 1000 * MIN, T0 + 1000 * MIN)
  /** Polls every 15 s up to `at` with the machines as last seen (nothing changed), then polls at `at`. */
  let last: { at: number; machines: Observation[] } | null = null
  async function poll(at: number, machines: Observation[]) {
    for (let t = (last?.at ?? at) + 15_000; last && t < at; t += 15_000)
      await store.recordPoll(t, last.machines)
    last = { at, machines }
    return store.recordPoll(at, machines)
  }

  test('migrations: applied once, in a table of versions; a second start applies nothing', async () => {
    expect(await migrate(db)).toEqual([])
    const versions = await db.query<{ version: number }>(
      'select version from schema_migrations order by version',
    )
    expect(versions.map((v) => Number(v.version))).toEqual(MIGRATIONS.map((m) => m.version))
  })

  test('a database newer than this stitchboard is refused with a clear message', async () => {
    await db.query("insert into schema_migrations (version, name) values (999, 'from the future')")
    await expect(migrate(db)).rejects.toThrow(/schema version 999, newer than this stitchboard knows/)
    await db.query('delete from schema_migrations where version = 999')
  })

  test('the first poll opens every machine "for at least": its state began before stitchboard saw it', async () => {
    const first = await store.recordPoll(T0, [machine('A'), machine('B', { code: 2, turning: false })])
    expect(first.changed.sort()).toEqual(['A', 'B'])
    const now = await store.current()
    expect(now.map((o) => [o.machineId, o.code, o.startedAt, o.seenSince]).sort()).toEqual([
      ['A', 1, T0, true],
      ['B', 2, T0, true],
    ])
    expect((await store.watcher()).recordingSince).toBe(T0)
  })

  test('polls without a change write no interval; a change closes one and opens the next, seen from its start', async () => {
    await store.recordPoll(T0, [machine('A')])
    for (let i = 1; i <= 4; i++)
      expect((await store.recordPoll(T0 + (i * MIN) / 4, [machine('A')])).changed).toEqual([])
    const change = await store.recordPoll(T0 + 75_000, [machine('A', { code: 2, turning: false })])
    expect(change.changed).toEqual(['A'])
    expect(await intervals('A')).toEqual([
      expect.objectContaining({ code: 1, startedAt: T0, endedAt: T0 + 75_000, seenSince: true }),
      expect.objectContaining({ code: 2, startedAt: T0 + 75_000, endedAt: null, seenSince: false }),
    ])
    expect((await store.watcher()).lastOkAt).toBe(T0 + 75_000)
  })

  test('a machine that turns is a change even with the same code (live evidence beats the code)', async () => {
    await store.recordPoll(T0, [machine('A', { code: 2, turning: false })])
    await store.recordPoll(T0 + 15_000, [machine('A', { code: 2, turning: true })])
    expect((await intervals('A')).map((i) => [i.code, i.turning])).toEqual([
      [2, false],
      [2, true],
    ])
  })

  test('silence starts at the last report, not at the poll that noticed it', async () => {
    await poll(T0, [machine('A')])
    const lastSeen = T0 + 10_000
    await poll(T0 + 6 * MIN, [machine('A', { reporting: false, lastSeen })])
    expect(await intervals('A')).toEqual([
      expect.objectContaining({ reporting: true, startedAt: T0, endedAt: lastSeen }),
      expect.objectContaining({ reporting: false, startedAt: lastSeen, endedAt: null, seenSince: false }),
    ])
  })

  test('a restart within the gap limit continues the open intervals: no gap, nothing lost', async () => {
    await store.recordPoll(T0, [machine('A')])
    await store.recordPoll(T0 + 15_000, [machine('A')])
    // a new server process: a new store over the same database
    const restarted = new HistoryStore(db, MAX_GAP)
    const after = await restarted.recordPoll(T0 + 45_000, [machine('A')])
    expect(after.gap).toBeNull()
    expect(await restarted.machineIntervals('A', T0, T0 + MIN)).toEqual([
      expect.objectContaining({ startedAt: T0, endedAt: null }),
    ])
  })

  test('a longer stop is a gap: intervals end at the last good poll, and start again "for at least"', async () => {
    await store.recordPoll(T0, [machine('A')])
    await store.recordPoll(T0 + 15_000, [machine('A')])
    const restarted = new HistoryStore(db, MAX_GAP)
    const after = await restarted.recordPoll(T0 + 10 * MIN, [machine('A')])
    expect(after.gap).toEqual({
      startedAt: T0 + 15_000,
      endedAt: T0 + 10 * MIN,
      reason: 'stitchboard was not recording',
    })
    expect(await restarted.machineIntervals('A', T0, T0 + 20 * MIN)).toEqual([
      expect.objectContaining({ startedAt: T0, endedAt: T0 + 15_000 }),
      expect.objectContaining({ startedAt: T0 + 10 * MIN, endedAt: null, seenSince: true }),
    ])
    expect(await restarted.gaps(T0, T0 + 20 * MIN)).toEqual([after.gap])
  })

  test('the portal answering 500s for a while is a gap "did not answer", never a stop', async () => {
    await store.recordPoll(T0, [machine('A')])
    for (let i = 1; i <= 8; i++)
      await store.recordFailure(T0 + i * 15_000, 'the production API answered HTTP 500')
    const after = await store.recordPoll(T0 + 9 * 15_000, [machine('A')])
    expect(after.gap?.reason).toBe('the machine portal did not answer')
    const states = await intervals('A')
    expect(states.map((i) => i.code)).toEqual([1, 1])
    expect(states[0]!.endedAt).toBe(T0)
  })

  test('a clock that jumps back records at the last good poll: no interval ends before it starts', async () => {
    await store.recordPoll(T0, [machine('A')])
    await store.recordPoll(T0 - 30 * MIN, [machine('A', { code: 2, turning: false })])
    const states = await intervals('A')
    for (const s of states) expect(s.endedAt === null || s.endedAt >= s.startedAt).toBe(true)
    expect(states.map((s) => [s.code, s.startedAt])).toEqual([
      [1, T0],
      [2, T0],
    ])
    expect((await store.watcher()).lastOkAt).toBe(T0)
  })

  test('a machine no longer listed (hidden in the portal) has its interval closed', async () => {
    await store.recordPoll(T0, [machine('A'), machine('B')])
    await store.recordPoll(T0 + 15_000, [machine('A')])
    expect(await intervals('B')).toEqual([expect.objectContaining({ endedAt: T0 + 15_000 })])
    expect((await store.current()).map((o) => o.machineId)).toEqual(['A'])
  })

  test('design runs: one per loaded design, its passes kept up to date', async () => {
    await poll(T0, [machine('A', { designId: 'D-1', passes: 0 })])
    await poll(T0 + MIN, [machine('A', { designId: 'D-1', passes: 1 })])
    await poll(T0 + 2 * MIN, [machine('A', { designId: 'D-2', passes: 0 })])
    const runs = await db.query<{ design_id: string; passes: number; ended_at: unknown }>(
      'select design_id, passes, ended_at from design_runs order by started_at',
    )
    expect(runs.map((r) => [r.design_id, Number(r.passes), r.ended_at !== null])).toEqual([
      ['D-1', 1, true],
      ['D-2', 0, false],
    ])
  })

  test('backfill: only into an empty history; the last interval stays open to be continued', async () => {
    const spans = [
      {
        startedAt: T0 - 60 * MIN,
        endedAt: T0 - 10 * MIN,
        code: 1,
        turning: true,
        designId: 'D-1',
        reporting: true,
      },
      { startedAt: T0 - 10 * MIN, endedAt: T0, code: 2, turning: false, designId: 'D-1', reporting: true },
    ]
    expect(await store.backfill(T0 - 60 * MIN, T0, [{ machineId: 'A', spans }])).toBe(true)
    const poll = await store.recordPoll(T0 + 15_000, [machine('A', { code: 2, turning: false })])
    expect(poll.changed).toEqual([])
    expect(await intervals('A')).toEqual([
      expect.objectContaining({ code: 1, startedAt: T0 - 60 * MIN, endedAt: T0 - 10 * MIN, seenSince: true }),
      expect.objectContaining({ code: 2, startedAt: T0 - 10 * MIN, endedAt: null, seenSince: false }),
    ])
    expect(await store.backfill(T0 - 60 * MIN, T0, [{ machineId: 'A', spans }])).toBe(false)
  })

  test('retention: what ended before the limit is removed, and recording is said to start there', async () => {
    await poll(T0, [machine('A')])
    await poll(T0 + MIN, [machine('A', { code: 2, turning: false })])
    await poll(T0 + 2 * MIN, [machine('A', { code: 1 })])
    expect(await store.prune(T0 + 90_000, T0 + 3 * MIN)).toBe(1)
    expect((await intervals('A')).map((i) => i.code)).toEqual([2, 1])
    expect((await store.watcher()).recordingSince).toBe(T0 + 90_000)
  })

  test('the factory timeline: every machine’s intervals in a range, in time order', async () => {
    const many = Array.from({ length: 50 }, (_, i) => `M${String(i).padStart(3, '0')}`)
    await poll(
      T0,
      many.map((id) => machine(id)),
    )
    await poll(
      T0 + MIN,
      many.map((id, i) => machine(id, i % 2 ? { code: 2, turning: false } : {})),
    )
    const timeline = await store.factoryIntervals(T0, T0 + 2 * MIN)
    expect(timeline.size).toBe(50)
    expect(timeline.get('M001')!.map((i) => i.code)).toEqual([1, 2])
    expect(timeline.get('M002')!.map((i) => i.code)).toEqual([1])
    // a range before the first poll has nothing
    expect((await store.factoryIntervals(T0 - 10 * MIN, T0 - MIN)).size).toBe(0)
    // the same rows as JSON built by PostgreSQL (what the route sends)
    const json = JSON.parse(await store.factoryTimelineJson(T0, T0 + 2 * MIN)) as Record<string, unknown[][]>
    expect(Object.keys(json).sort()).toEqual(many)
    expect(json.M001).toEqual(
      timeline
        .get('M001')!
        .map((i) => [
          i.startedAt,
          i.endedAt,
          i.code,
          1 * +i.turning,
          1 * +i.reporting,
          i.designId,
          1 * +i.seenSince,
        ]),
    )
    expect(await store.factoryTimelineJson(T0 - 10 * MIN, T0 - MIN)).toBe('{}')
  })
})
