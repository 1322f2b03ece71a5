// One piece: maintenance by use on the three databases, its counters, routes and sign-offs sharing one app,
// one recorded history and one clock.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { realSenders } from '../../server/alerts/channels'
import { AlertEngine } from '../../server/alerts/engine'
import { defaultSettings } from '../../server/alerts/settings'
import { AlertStore } from '../../server/alerts/store'
import { createApp } from '../../server/app'
import { AuditLog } from '../../server/audit/log'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/history/db'
import { machineUse } from '../../server/history/machine-use'
import { migrate } from '../../server/history/migrations'
import { HistoryStore, type Observation } from '../../server/history/store'
import { Watcher } from '../../server/history/watcher'
import { maintenanceFigures, maintenanceOverdue } from '../../server/maintenance/board'
import { breakCounter } from '../../server/maintenance/breaks'
import { MaintenanceStore } from '../../server/maintenance/store'
import { DeviceStore } from '../../server/people/devices'
import { hashPassword } from '../../server/people/passwords'
import { PeopleStore } from '../../server/people/store'
import { upstreamsFor } from '../../server/upstreams'
import type { MachineFacts } from '../../src/api/contract/to-domain'
import { DEFAULT_TASKS, type MaintenanceTask, type TaskEntry } from '../../src/lib/maintenance'
import { BACKENDS } from './databases'

/** Issue 53: the clock is pinned; T0 is Monday 7 December 2026, 06:00 in Berlin. Polls are 15 s apart, a
 * gap is over 60 s. */
const T0 = Date.UTC(2026, 11, 7, 5, 0)
const SECOND = 1000
const MINUTE = 60_000
const HOUR = 3_600_000
const ADMIN = 'admin-token-for-tests-0123'

const fact = (name: string, locationId: number, heads: number): MachineFacts => ({
  name,
  heads,
  needles: 15,
  locationId,
  setSpeed: 1000,
  activeHeads: heads,
  designStitches: 12_000,
  designId: 'D1',
})
const FACTS = new Map([
  ['m1', fact('East 01', 1, 12)],
  ['m2', fact('East 02', 1, 6)],
])

/** What a poll sees of a machine. */
const seen = (machineId: string, over: Partial<Observation> = {}): Observation => ({
  machineId,
  code: 1,
  turning: true,
  reporting: true,
  lastSeen: null,
  designId: 'D1',
  passes: 0,
  stitch: 0,
  designStitches: 12_000,
  speed: 800,
  ...over,
})

/** A webhook receiver: every body it was sent, by path. */
let hooks: Server
let hookUrl = ''
const received: Array<{ path: string; body: { type: string; text: string } }> = []
beforeAll(async () => {
  hooks = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(body) })
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve))
  hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => hooks?.close(resolve))
})

describe.each(BACKENDS)('maintenance by use on %s', (_, open) => {
  let db: Db
  let clock = T0
  let history: HistoryStore
  let app: ReturnType<typeof createApp>
  let audit: AuditLog
  let maintenance: MaintenanceStore
  /** the machines the server knows (their facts) */
  let machines = FACTS

  beforeAll(async () => {
    db = await open()
    await migrate(db)
  })
  afterAll(async () => {
    await db?.close()
  })
  /** The production API's breaks by head and needle (myzsk-api.md 1.8) from `planted`, summed over the range
   * asked; `breaksDown`: it answers nothing. */
  let planted: Array<{ at: number; machineId: string; head: number; needle: number }> = []
  let breaksDown = false
  let breaksMalformed = false
  const breaksApi = async (path: string) => {
    if (breaksDown) throw new Error('the production API answered HTTP 503')
    if (breaksMalformed) return { data: [{ id_machine: 'm1', head: 'three', needle: 1, threadbreaks: 4 }] }
    const url = new URL(path, 'http://upstream')
    expect(url.pathname).toBe('/reports/threadbreaks')
    const from = Number(url.searchParams.get('from')) * 1000
    const till = Number(url.searchParams.get('till')) * 1000
    const machine = url.searchParams.get('machineIds')
    const counts = new Map<string, number>()
    for (const b of planted)
      if (b.machineId === machine && b.at >= from && b.at <= till)
        counts.set(`${b.head}/${b.needle}`, (counts.get(`${b.head}/${b.needle}`) ?? 0) + 1)
    return {
      data: [...counts].map(([cell, threadbreaks]) => ({
        id_machine: machine,
        machine_name: FACTS.get(machine!)?.name,
        head: Number(cell.split('/')[0]),
        needle: Number(cell.split('/')[1]),
        threadbreaks,
      })),
    }
  }

  beforeEach(async () => {
    planted = []
    breaksDown = false
    breaksMalformed = false
    await db.query(
      'truncate state_intervals, design_runs, gaps, machine_use, maintenance_tasks, maintenance_signoffs, break_check_verdicts, audit_log, alerts, outbox_messages, outbox_attempts, alert_settings, people, person_sessions cascade',
    )
    await db.query('update watcher set last_ok_at = null, recording_since = null, last_failure_at = null')
    received.length = 0
    clock = T0
    polled = false
    machines = FACTS
    const config = loadConfig({ FACTORY_TIMEZONE: 'Europe/Berlin', ADMIN_TOKEN: ADMIN })
    const upstreams = upstreamsFor(config, () => Promise.reject(new Error('no upstream here')))
    history = new HistoryStore(db, 60 * SECOND)
    const watcher = new Watcher({
      store: history,
      db,
      upstreams,
      pollSeconds: 15,
      historyDays: 30,
      upstreamTimeoutSeconds: 5,
    })
    maintenance = new MaintenanceStore(db)
    const breaks = breakCounter(breaksApi, () => clock)
    audit = new AuditLog(db, () => {})
    app = createApp({
      config,
      upstreams,
      version: 'test',
      now: () => clock,
      history: () => ({
        store: history,
        watcher,
        pollSeconds: 15,
        maintenance,
        machineFacts: async () => machines,
        maintenanceBreaks: breaks,
        people: new PeopleStore(db),
        audit,
        devices: new DeviceStore(db),
      }),
    })
    expect(await maintenance.seedDefaults(clock)).toBe(true)
    expect(await maintenance.seedDefaults(clock)).toBe(false)
  })

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
    return {
      status: answer.status,
      body: (await answer.json()) as Record<string, unknown> & { error?: string },
    }
  }
  const board = async () =>
    (await (await app.request('http://127.0.0.1/api/maintenance')).json()) as {
      tasks: MaintenanceTask[]
      entries: TaskEntry[]
      done: Array<{ by: string; note: string; counted: boolean; head: number | null }>
    }
  const taskNamed = async (name: string) => (await board()).tasks.find((t) => t.name === name)!
  const entry = async (name: string, machineId: string) => {
    const { tasks, entries } = await board()
    const id = tasks.find((t) => t.name === name)!.id
    return entries.filter((e) => e.taskId === id && e.machineId === machineId)
  }

  /** Polls every 15 s for `ms` after the last poll (the first from the clock), each machine as `state` says
   * at that moment; the clock stays at the last. */
  let polled = false
  const record = async (ms: number, state: (at: number) => Observation[]) => {
    const end = clock + ms
    for (let at = polled ? clock + 15 * SECOND : clock; at <= end; at += 15 * SECOND) {
      await history.recordPoll(at, state(at))
      clock = at
    }
    polled = true
  }

  /** The running time worked out by hand from the recorded intervals: turning and reporting, summed. */
  const runningFromIntervals = async (machineId: string) =>
    (await history.machineIntervals(machineId, 0, clock + 1))
      .filter((i) => i.turning && i.reporting)
      .reduce((sum, i) => sum + ((i.endedAt ?? clock) - i.startedAt), 0)

  test('the counters equal the running time and stitches worked out by hand; a sign-off starts them again', async () => {
    // m1 sews D1 (12,000 stitches) at 800 a minute: 200 stitches a poll, a pass every 60 polls; it stands
    // from 06:30 to 06:45; m2 stands all along
    const start = clock
    const m1 = (at: number): Observation => {
      const standing = at >= start + 30 * MINUTE && at < start + 45 * MINUTE
      const sewnPolls =
        Math.round((Math.min(at, start + 30 * MINUTE) - start) / (15 * SECOND)) +
        Math.max(0, Math.round((at - (start + 45 * MINUTE)) / (15 * SECOND)))
      const stitches = sewnPolls * 200
      return seen('m1', {
        turning: !standing,
        code: standing ? 2 : 1,
        passes: Math.floor(stitches / 12_000),
        stitch: stitches % 12_000,
      })
    }
    await record(2 * HOUR, (at) => [m1(at), seen('m2', { turning: false, code: 2, stitch: 500 })])
    const use = (await machineUse(db)).get('m1')!
    expect(use.runningMs).toBe(await runningFromIntervals('m1'))
    expect(use.runningMs).toBe(105 * MINUTE)
    // by hand: 105 min at 800 a minute, as the stitch position and passes say
    expect(use.stitches).toBe(84_000)
    expect(use.unrecordedMs).toBe(0)
    expect((await machineUse(db)).get('m2')).toMatchObject({ runningMs: 0, stitches: 0 })

    // hook oil every 4 running hours: 1.75 h of 4, not signed off yet (counted since counting began)
    const [oil] = await entry('Oil the rotary hooks', 'm1')
    expect(oil!.progress).toMatchObject({ used: 1.75, state: 'ok', uncertain: true })
    expect(oil!.since).toBe(start)
    // the needles: one entry for all 12 heads at 84,000 of 2,000,000 stitches
    const needles = await entry('Change the needles', 'm1')
    expect(needles.map((e) => [e.heads?.length, e.progress.used])).toEqual([[12, 84_000]])

    // signed off early with a note (without one it is refused in words), the counters start again
    const task = await taskNamed('Oil the rotary hooks')
    const early = { taskId: task.id, machineId: 'm1', seen: null, by: 'Jonas' }
    expect(await post('/api/maintenance/sign-off', early)).toMatchObject({
      status: 400,
      body: {
        error: '“Oil the rotary hooks” is not due yet on East 01: sign it off with a note saying why',
        reason: 'not-due',
      },
    })
    expect((await post('/api/maintenance/sign-off', { ...early, note: 'Shift start round' })).status).toBe(
      201,
    )
    const signedAt = clock
    await record(45 * MINUTE, (at) => [m1(at), seen('m2', { turning: false, code: 2 })])
    const after = (await machineUse(db)).get('m1')!
    const [reset] = await entry('Oil the rotary hooks', 'm1')
    expect(reset!.since).toBe(signedAt)
    expect(reset!.lastSignOff).toMatchObject({ by: 'Jonas', note: 'Shift start round', counted: true })
    expect(reset!.progress.used * HOUR).toBeCloseTo(after.runningMs - use.runningMs - 0, 6)
    expect(reset!.progress).toMatchObject({ used: 0.75, uncertain: false })
    // the needles were not signed off: they go on counting from the start
    expect((await entry('Change the needles', 'm1'))[0]!.progress.used).toBe(84_000 + 45 * 4 * 200)
  })

  test('a gap in the history makes a counter uncertain, not zero; a task due soon and overdue', async () => {
    await record(30 * MINUTE, () => [seen('m1'), seen('m2')])
    const task = await taskNamed('Oil the rotary hooks')
    expect(
      (
        await post('/api/maintenance/sign-off', {
          taskId: task.id,
          machineId: 'm2',
          seen: null,
          note: 'new oil',
          by: 'Ana',
        })
      ).status,
    ).toBe(201)
    await record(3 * HOUR + 30 * MINUTE, () => [seen('m1'), seen('m2')])
    // stitchboard was off for an hour
    clock += HOUR
    await record(15 * MINUTE, () => [seen('m1'), seen('m2')])
    const use = (await machineUse(db)).get('m2')!
    expect(use.runningMs).toBe(await runningFromIntervals('m2'))
    expect(use.unrecordedMs).toBe(HOUR + 15 * SECOND)
    const [m2] = await entry('Oil the rotary hooks', 'm2')
    // 3 h 45 min counted, 0.94 of 4 h: due soon, and at least that much since the gap hid an hour
    expect(m2!.progress).toMatchObject({ state: 'soon', uncertain: true })
    // 3 h 30 min, then 14 min 45 s after the poll that ended the gap
    expect(m2!.progress.used).toBeCloseTo(3.5 + 14.75 / 60, 6)
    await record(20 * MINUTE, () => [seen('m1'), seen('m2')])
    expect((await entry('Oil the rotary hooks', 'm2'))[0]!.progress.state).toBe('overdue')
  })

  test('two sign-offs at once: one counts, both are kept and logged; heads are signed off on their own', async () => {
    // no stitch position: the stitches are counted from the speed, 800 a minute
    await record(5 * HOUR, () => [seen('m1', { stitch: null }), seen('m2')])
    const task = await taskNamed('Oil the rotary hooks')
    const body = (by: string) => ({ taskId: task.id, machineId: 'm1', seen: null, note: '', by })
    const answers = await Promise.all([
      post('/api/maintenance/sign-off', body('Ana')),
      post('/api/maintenance/sign-off', body('Jonas')),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    const refused = answers.find((a) => a.status === 409)!
    expect(refused.body.error).toMatch(
      /^(Ana|Jonas) signed “Oil the rotary hooks” off here at 2026-12-07T10:00:00.000Z already: yours is kept in the log, not counted$/,
    )
    const { done } = await board()
    expect(done.map((d) => d.counted).sort()).toEqual([false, true])
    const logged = await audit.list({ from: 0, till: clock + 1, limit: 10 })
    expect(
      logged
        .filter((e) => e.event === 'maintenance task signed off')
        .map((e) => e.status)
        .sort(),
    ).toEqual([201, 409])

    // the needles of head 3 only: the other 11 heads go on as one entry
    const needles = await taskNamed('Change the needles')
    clock += MINUTE
    expect(
      (
        await post('/api/maintenance/sign-off', {
          taskId: needles.id,
          machineId: 'm1',
          heads: [3],
          seen: null,
          note: 'needle strike',
          by: 'Ana',
        })
      ).status,
    ).toBe(201)
    const split = await entry('Change the needles', 'm1')
    expect(split.map((e) => [e.heads, e.progress.used])).toEqual([
      [[1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12], 5 * 60 * 800],
      [[3], 0],
    ])
    // signed off again later, by whoever saw that sign-off (one of its heads' rows): it counts
    clock += MINUTE
    const head3 = split.find((e) => e.heads?.includes(3))!
    const again = await post('/api/maintenance/sign-off', {
      taskId: needles.id,
      machineId: 'm1',
      heads: [3],
      seen: head3.lastSignOff!.id,
      note: 'bent again',
      by: 'Jonas',
    })
    expect(again.status).toBe(201)
    expect((await board()).done.filter((d) => d.note === 'bent again').map((d) => d.counted)).toEqual([true])
    expect(
      (
        await post('/api/maintenance/sign-off', {
          taskId: needles.id,
          machineId: 'm1',
          heads: [13],
          seen: null,
          note: 'x',
          by: 'Ana',
        })
      ).body.error,
    ).toBe('East 01 has 12 heads: there is no head 13')
  })

  test('a task by breaks counts each head’s breaks since its sign-off; a task once is due at once and done when signed off', async () => {
    await record(HOUR, () => [seen('m1'), seen('m2')])
    const made = await post('/api/maintenance/tasks', {
      name: 'Check the hook of a head that breaks',
      scope: { machineIds: ['m1'] },
      per: 'head',
      interval: { kind: 'breaks', value: 50 },
      by: 'Marta',
    })
    expect(made.status).toBe(201)
    const once = await post('/api/maintenance/tasks', {
      name: 'Change needle 11’s cone',
      scope: { machineIds: ['m2'] },
      per: 'machine',
      interval: { kind: 'once', value: 1 },
      by: 'Marta',
    })
    expect(once.status).toBe(201)
    // a part of a break is refused in words
    const refused = await post('/api/maintenance/tasks', {
      name: 'Odd',
      scope: { all: true },
      per: 'head',
      interval: { kind: 'breaks', value: 2.5 },
      by: 'Marta',
    })
    expect(refused).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/whole number of thread breaks/) },
    })
    const made_at = clock
    // head 3 breaks 60 times, head 1 ten times, one break before the task was made does not count
    planted.push({ at: made_at - MINUTE, machineId: 'm1', head: 3, needle: 2 })
    for (let i = 0; i < 60; i++)
      planted.push({ at: made_at + (i + 1) * MINUTE, machineId: 'm1', head: 3, needle: (i % 15) + 1 })
    for (let i = 0; i < 10; i++)
      planted.push({ at: made_at + (i + 1) * MINUTE, machineId: 'm1', head: 1, needle: 4 })
    await record(HOUR + 5 * MINUTE, () => [seen('m1'), seen('m2')])
    const heads = await entry('Check the hook of a head that breaks', 'm1')
    // each head on its own: twelve entries
    expect(heads).toHaveLength(12)
    const head = (n: number) => heads.find((e) => e.heads?.[0] === n)!
    expect(head(3).progress).toMatchObject({ used: 60, state: 'overdue', uncertain: false })
    expect(head(1).progress).toMatchObject({ used: 10, state: 'ok' })
    expect(head(2).progress).toMatchObject({ used: 0, state: 'ok' })
    // the task once: due soon from the start, overdue past its day
    expect((await entry('Change needle 11’s cone', 'm2'))[0]!.progress.state).toBe('soon')
    await record(24 * HOUR, () => [seen('m1'), seen('m2')])
    expect((await entry('Change needle 11’s cone', 'm2'))[0]!.progress.state).toBe('overdue')
    const wall = (await (await app.request('http://127.0.0.1/api/maintenance/overdue')).json()) as {
      overdue: Array<{ task: string; machine: string; heads: string | null; kind: string; used: number }>
    }
    expect(wall.overdue).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          task: 'Check the hook of a head that breaks',
          heads: '3',
          kind: 'breaks',
          used: 60,
        }),
        expect.objectContaining({ task: 'Change needle 11’s cone', machine: 'East 02', kind: 'once' }),
      ]),
    )
    // head 3 signed off: its count starts again; the task once, signed off, is done there
    const task = await taskNamed('Check the hook of a head that breaks')
    expect(
      (
        await post('/api/maintenance/sign-off', {
          taskId: task.id,
          machineId: 'm1',
          heads: [3],
          seen: head(3).lastSignOff!.id,
          note: '',
          by: 'Ana',
        })
      ).status,
    ).toBe(201)
    const oneOff = await taskNamed('Change needle 11’s cone')
    const pending = (await entry('Change needle 11’s cone', 'm2'))[0]!
    expect(
      (
        await post('/api/maintenance/sign-off', {
          taskId: oneOff.id,
          machineId: 'm2',
          seen: pending.lastSignOff!.id,
          note: '',
          by: 'Ana',
        })
      ).status,
    ).toBe(201)
    for (let i = 0; i < 4; i++)
      planted.push({ at: clock + (i + 1) * MINUTE, machineId: 'm1', head: 3, needle: 1 })
    await record(10 * MINUTE, () => [seen('m1'), seen('m2')])
    expect(head(3).heads).toEqual([3])
    expect(
      (await entry('Check the hook of a head that breaks', 'm1')).find((e) => e.heads?.[0] === 3)!.progress,
    ).toMatchObject({
      used: 4,
      state: 'ok',
    })
    expect(await entry('Change needle 11’s cone', 'm2')).toEqual([])
    expect((await board()).done.filter((d) => d.by === 'Ana')).toHaveLength(2)
    // the production API down: the counts kept a minute stand; a new count is unknown, not zero
    breaksDown = true
    clock += 2 * MINUTE
    const after = (await entry('Check the hook of a head that breaks', 'm1')).find((e) => e.heads?.[0] === 3)!
    expect(after.progress).toMatchObject({ used: 4, uncertain: false })
    const early = await post('/api/maintenance/sign-off', {
      taskId: task.id,
      machineId: 'm1',
      heads: [1],
      seen: head(1).lastSignOff!.id,
      note: 'looked at it with head 3',
      by: 'Ana',
    })
    expect(early.status).toBe(201)
    const one = (await entry('Check the hook of a head that breaks', 'm1')).find((e) => e.heads?.[0] === 1)!
    expect(one.progress).toMatchObject({ used: 0, uncertain: true })
    // back, but with a row that cannot be read: still unknown, not a count too low
    breaksDown = false
    breaksMalformed = true
    clock += 2 * MINUTE
    const unread = (await entry('Check the hook of a head that breaks', 'm1')).find(
      (e) => e.heads?.[0] === 1,
    )!
    expect(unread.progress).toMatchObject({ used: 0, uncertain: true })
    breaksMalformed = false
    const read = (await entry('Check the hook of a head that breaks', 'm1')).find((e) => e.heads?.[0] === 1)!
    expect(read.progress).toMatchObject({ used: 0, uncertain: false })
  })

  test('a shift’s report: the tasks signed off in it, heads together in one row, and those overdue', async () => {
    const shiftStart = clock
    await record(5 * HOUR, () => [seen('m1', { stitch: null }), seen('m2', { stitch: null })])
    const needles = await taskNamed('Change the needles')
    const oil = await taskNamed('Oil the rotary hooks')
    await maintenance.signOff(
      { taskId: needles.id, machineId: 'm1', heads: [3, 4, 5], note: 'strike', seen: null },
      'Ana',
      clock,
    )
    await maintenance.signOff(
      { taskId: oil.id, machineId: 'm2', heads: null, note: '', seen: null },
      'Jonas',
      clock,
    )
    const figures = await maintenanceFigures(
      maintenance,
      async () => FACTS,
      () => clock,
    )(shiftStart, clock + 1)
    expect(figures.done).toEqual([
      { task: 'Change the needles', machine: 'East 01', heads: '3–5', at: clock, by: 'Ana' },
      { task: 'Oil the rotary hooks', machine: 'East 02', heads: null, at: clock, by: 'Jonas' },
    ])
    expect(figures.doneCount).toBe(2)
    // the hooks of East 01 (5 of 4 h) and the bobbin cases (5 of 8 h: not yet) — one overdue
    expect(figures.overdue).toEqual([
      { task: 'Oil the rotary hooks', machine: 'East 01', heads: null, kind: 'hours', used: 5, interval: 4 },
    ])
    expect(figures.overdueCount).toBe(1)
    // the wall's list is the same
    const wall = await app.request('http://127.0.0.1/api/maintenance/overdue')
    expect(await wall.json()).toEqual({ available: true, overdue: figures.overdue, count: 1 })
  })

  test('tasks are edited by a supervisor only, checked, and a stale change is refused', async () => {
    expect((await board()).tasks.map((t) => t.name).sort()).toEqual(DEFAULT_TASKS.map((t) => t.name).sort())
    const base = {
      name: 'Grease the pantograph',
      scope: { locationId: 1 },
      per: 'machine',
      interval: { kind: 'days', value: 30 },
      by: 'Marta',
    }
    expect((await post('/api/maintenance/tasks', base, null)).status).toBe(401)
    const refusals = await Promise.all([
      post('/api/maintenance/tasks', { ...base, interval: { kind: 'days', value: 0 } }),
      post('/api/maintenance/tasks', { ...base, interval: { kind: 'days', value: 3651 } }),
      post('/api/maintenance/tasks', { ...base, interval: { kind: 'stitches', value: 2e10 } }),
      post('/api/maintenance/tasks', { ...base, interval: { kind: 'weeks', value: 2 } }),
      post('/api/maintenance/tasks', { ...base, scope: { machineIds: [] } }),
      post('/api/maintenance/tasks', { ...base, name: ' ' }),
    ])
    expect(refusals.map((r) => [r.status, r.body.error])).toEqual([
      [400, 'The task cannot be saved: interval.value is not more than 0'],
      [400, 'The task cannot be saved: interval.value is more than 3,650 days (10 years): check the unit'],
      [400, 'The task cannot be saved: interval.value is more than 10,000,000,000 stitches: check the unit'],
      [400, 'The task cannot be saved: interval.kind is not one of hours, stitches, days, breaks, once'],
      [400, 'The task cannot be saved: scope.machineIds is empty: choose at least one machine'],
      [400, 'The task cannot be saved: name is empty'],
    ])
    // the machines ran 2 h before the task was made: its count starts when it is made, from nothing
    await record(2 * HOUR, () => [seen('m1', { stitch: null }), seen('m2', { stitch: null })])
    const saved = await post('/api/maintenance/tasks', base)
    expect(saved.status).toBe(201)
    const task = saved.body.task as MaintenanceTask
    const hourly = await post('/api/maintenance/tasks', {
      ...base,
      name: 'Blow out the lint',
      scope: { all: true },
      interval: { kind: 'hours', value: 8 },
    })
    await record(HOUR, () => [seen('m1', { stitch: null }), seen('m2', { stitch: null })])
    const fresh = (await board()).entries.filter((e) => e.taskId === (hourly.body.task as MaintenanceTask).id)
    expect(
      fresh.map((e) => [e.machineId, e.progress.used, e.progress.uncertain, e.lastSignOff?.start]),
    ).toEqual([
      ['m1', 1, false, true],
      ['m2', 1, false, true],
    ])
    // a start is no sign-off: the done list does not show it
    expect((await board()).done).toEqual([])
    const changed = await post(`/api/maintenance/tasks/${task.id}`, {
      ...base,
      interval: { kind: 'days', value: 14 },
      version: 1,
    })
    expect(changed.body.task).toMatchObject({ interval: { kind: 'days', value: 14 }, version: 2 })
    expect(await post(`/api/maintenance/tasks/${task.id}`, { ...base, version: 1, by: 'Ana' })).toMatchObject(
      {
        status: 409,
        body: {
          error:
            '“Grease the pantograph” was changed by Marta at 2026-12-07T08:00:00.000Z meanwhile: look at the change and make yours again',
        },
      },
    )
    expect(
      (await post(`/api/maintenance/tasks/${task.id}`, { remove: true, version: 2, by: 'Marta' })).status,
    ).toBe(200)
    expect((await board()).tasks.some((t) => t.id === task.id)).toBe(false)
    const logged = await audit.list({ from: 0, till: clock + 1, limit: 20 })
    expect(
      logged.filter((e) => e.category === 'maintenance' && e.result === 'ok').map((e) => e.event),
    ).toEqual([
      'maintenance task changed',
      'maintenance task changed',
      'maintenance task added',
      'maintenance task added',
    ])
  })

  test('a supervisor limited to a location adds, changes and removes tasks there only; one without limits, anywhere', async () => {
    machines = new Map([...FACTS, ['m3', fact('West 01', 2, 8)]])
    const PASSWORD = 'correct horse battery'
    const people = new PeopleStore(db)
    for (const [login, name, role, locations] of [
      ['pia', 'Pia Plant', 'admin', []],
      ['sue', 'Sue Supervisor', 'supervisor', [1]],
      ['uwe', 'Uwe Unlimited', 'supervisor', []],
    ] as const)
      await people.add(
        { login, name, role, locations: [...locations], passwordHash: await hashPassword(PASSWORD) },
        'the test',
        clock,
      )
    /** A signed-in person's POST (its session cookie). */
    const as = async (login: string) => {
      const signIn = await app.request('http://127.0.0.1/api/auth/sign-in', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1' },
        body: JSON.stringify({ login, password: PASSWORD }),
      })
      expect(signIn.status).toBe(200)
      const cookie = signIn.headers
        .getSetCookie()
        .find((c) => c.startsWith('stitchboard_person='))!
        .split(';')[0]!
      return async (path: string, body: unknown) => {
        const answer = await app.request(`http://127.0.0.1${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1', Cookie: cookie },
          body: JSON.stringify(body),
        })
        return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
      }
    }
    const sue = await as('sue')
    const uwe = await as('uwe')
    const base = {
      name: 'Grease the pantograph',
      scope: { locationId: 1 } as unknown,
      per: 'machine',
      interval: { kind: 'days', value: 30 },
      by: 'x',
    }

    // her location, or chosen machines in it
    const here = await sue('/api/maintenance/tasks', base)
    expect(here.status).toBe(201)
    expect(here.body.task).toMatchObject({ scope: { locationId: 1 }, updatedBy: 'Sue Supervisor' })
    const chosen = await sue('/api/maintenance/tasks', {
      ...base,
      name: 'Clean the thread guides',
      scope: { machineIds: ['m1', 'm2'] },
    })
    expect(chosen.status).toBe(201)
    // all machines, another location, a machine of another or of no known location: refused in words
    const refused = [
      await sue('/api/maintenance/tasks', { ...base, scope: { all: true } }),
      await sue('/api/maintenance/tasks', { ...base, scope: { locationId: 2 } }),
      await sue('/api/maintenance/tasks', { ...base, scope: { machineIds: ['m1', 'm3'] } }),
      await sue('/api/maintenance/tasks', { ...base, scope: { machineIds: ['m9'] } }),
    ]
    expect(refused.map((r) => [r.status, r.body.reason, r.body.error])).toEqual([
      [
        403,
        'location',
        'Sue Supervisor works at some locations only, and this is for all of them or for a machine whose location is not known',
      ],
      [403, 'location', 'Sue Supervisor does not work at location 2'],
      [403, 'location', 'Sue Supervisor does not work at location 2'],
      [
        403,
        'location',
        'Sue Supervisor works at some locations only, and this is for all of them or for a machine whose location is not known',
      ],
    ])

    // a task for all machines (a default one): neither changed, even to her location, nor removed
    // (the board is read by people signed in now: the store says what it has)
    const oil = (await maintenance.tasks()).find((t) => t.name === 'Oil the rotary hooks')!
    expect(oil.scope).toEqual({ all: true })
    const { version } = oil
    const fields = {
      name: oil.name,
      scope: { locationId: 1 },
      per: oil.per,
      interval: oil.interval,
      note: oil.note,
      by: 'x',
    }
    const allMessage =
      'Sue Supervisor works at some locations only, and this maintenance task is for all of them or for a machine whose location is not known: someone who works everywhere changes it'
    expect(await sue(`/api/maintenance/tasks/${oil.id}`, { ...fields, version })).toMatchObject({
      status: 403,
      body: { reason: 'location', error: allMessage },
    })
    expect(await sue(`/api/maintenance/tasks/${oil.id}`, { remove: true, version, by: 'x' })).toMatchObject({
      status: 403,
      body: { reason: 'location', error: allMessage },
    })
    // hers: not moved out of her location, but changed within it and removed
    const mine = here.body.task as MaintenanceTask
    expect(
      await sue(`/api/maintenance/tasks/${mine.id}`, {
        ...base,
        scope: { all: true },
        version: mine.version,
      }),
    ).toMatchObject({ status: 403, body: { reason: 'location' } })
    expect(
      await sue(`/api/maintenance/tasks/${mine.id}`, {
        ...base,
        scope: { machineIds: ['m3'] },
        version: mine.version,
      }),
    ).toMatchObject({ status: 403, body: { error: 'Sue Supervisor does not work at location 2' } })
    const moved = await sue(`/api/maintenance/tasks/${mine.id}`, {
      ...base,
      scope: { machineIds: ['m2'] },
      version: mine.version,
    })
    expect(moved).toMatchObject({ status: 200, body: { task: { scope: { machineIds: ['m2'] } } } })
    expect(
      (await sue(`/api/maintenance/tasks/${mine.id}`, { remove: true, version: mine.version + 1, by: 'x' }))
        .status,
    ).toBe(200)
    // a task that takes in a machine elsewhere, made by someone without limits, is not hers to change
    const wide = await uwe('/api/maintenance/tasks', { ...base, scope: { machineIds: ['m1', 'm3'] } })
    expect(wide.status).toBe(201)
    const wideTask = wide.body.task as MaintenanceTask
    expect(
      await sue(`/api/maintenance/tasks/${wideTask.id}`, {
        remove: true,
        version: wideTask.version,
        by: 'x',
      }),
    ).toMatchObject({
      status: 403,
      body: {
        error:
          'Sue Supervisor does not work at location 2, and this maintenance task is for it too: someone who works there changes it',
      },
    })
    // someone without limits changes and removes the task for all machines
    const widened = await uwe(`/api/maintenance/tasks/${oil.id}`, {
      ...fields,
      scope: { all: true },
      interval: { kind: 'hours', value: 5 },
      version,
    })
    expect(widened).toMatchObject({ status: 200, body: { task: { interval: { kind: 'hours', value: 5 } } } })
    expect(
      (await uwe(`/api/maintenance/tasks/${oil.id}`, { remove: true, version: version + 1, by: 'x' })).status,
    ).toBe(200)

    // a check made a task: on a machine of her location only
    const check = { check: 'Needle 3 breaks on every head: check its thread.', evidence: '', by: 'x' }
    expect((await sue('/api/maintenance/checks/task', { ...check, machineId: 'm1' })).status).toBe(201)
    expect(await sue('/api/maintenance/checks/task', { ...check, machineId: 'm3' })).toMatchObject({
      status: 403,
      body: { reason: 'location', error: 'Sue Supervisor does not work at location 2' },
    })

    // every refusal is in the audit log, under her name, with its words
    const logged = await audit.list({ from: 0, till: clock + 1, limit: 100 })
    const refusals = logged.filter((e) => e.category === 'maintenance' && e.result === 'refused')
    expect(refusals.map((e) => [e.actor, e.event, e.status])).toEqual([
      ['Sue Supervisor', 'break check made a task', 403],
      ['Sue Supervisor', 'maintenance task changed', 403],
      ['Sue Supervisor', 'maintenance task changed', 403],
      ['Sue Supervisor', 'maintenance task changed', 403],
      ['Sue Supervisor', 'maintenance task changed', 403],
      ['Sue Supervisor', 'maintenance task changed', 403],
      ['Sue Supervisor', 'maintenance task added', 403],
      ['Sue Supervisor', 'maintenance task added', 403],
      ['Sue Supervisor', 'maintenance task added', 403],
      ['Sue Supervisor', 'maintenance task added', 403],
    ])
    expect(refusals.at(-1)!.detail).toMatchObject({
      asked: { scope: { all: true }, by: 'Sue Supervisor' },
      error:
        'Sue Supervisor works at some locations only, and this is for all of them or for a machine whose location is not known',
    })
  })

  test('the thread-break assistant’s checks are marked right or wrong, kept with who, and scored', async () => {
    const mark = (over: Record<string, unknown>) =>
      post('/api/maintenance/checks', {
        machineId: 'm1',
        kind: 'needle',
        head: null,
        needle: 11,
        right: true,
        by: 'Ana',
        ...over,
      })
    expect((await mark({})).status).toBe(201)
    clock += MINUTE
    expect((await mark({ right: false, by: 'Jonas' })).status).toBe(201)
    expect((await mark({ kind: 'cell', head: 4, needle: 7 })).status).toBe(201)
    expect((await mark({ kind: 'head', head: 2, needle: 5 })).body.error).toBe(
      'The verdict cannot be kept: the body names a head and a needle that do not fit its kind (a needle check has no head, a head check no needle, a check of speed or a stretch neither)',
    )
    // the break log's checks name neither
    expect((await mark({ kind: 'speed', head: null, needle: null })).status).toBe(201)
    expect((await mark({ kind: 'stretch', head: null, needle: 3 })).status).toBe(400)
    expect((await mark({ right: 'yes' })).body.error).toBe(
      'The verdict cannot be kept: right is not true or false',
    )
    const checks = (await (await app.request('http://127.0.0.1/api/maintenance/checks')).json()) as {
      verdicts: Array<{ by: string; right: boolean; kind: string }>
      right: number
      wrong: number
    }
    expect(checks).toMatchObject({ right: 3, wrong: 1 })
    // newest first: the last word on needle 11 is Jonas's
    expect(checks.verdicts.filter((v) => v.kind === 'needle').map((v) => [v.by, v.right])).toEqual([
      ['Jonas', false],
      ['Ana', true],
    ])
    const logged = await audit.list({ from: 0, till: clock + 1, limit: 20 })
    expect(logged.filter((e) => e.event === 'break check marked').map((e) => e.status)).toEqual([
      400, 400, 201, 400, 201, 201, 201,
    ])
  })

  test('a check made a task in one tap: once, on its machine, due within a day; the same again is that task', async () => {
    await record(HOUR, () => [seen('m1'), seen('m2')])
    const check = {
      machineId: 'm1',
      check: 'Needle 11 breaks on 12 of 12 heads: check that needle’s thread and cones.',
      evidence: '108 breaks, 9× its share if the breaks were spread evenly (12).',
      by: 'Ana',
    }
    const made = await post('/api/maintenance/checks/task', check)
    expect(made).toMatchObject({
      status: 201,
      body: {
        made: true,
        task: {
          name: check.check,
          scope: { machineIds: ['m1'] },
          per: 'machine',
          interval: { kind: 'once', value: 1 },
          note: check.evidence,
        },
      },
    })
    // two people at once, or the same tap again: one task
    const again = await Promise.all([
      post('/api/maintenance/checks/task', check),
      post('/api/maintenance/checks/task', check),
    ])
    expect(again.map((a) => [a.status, a.body.made])).toEqual([
      [200, false],
      [200, false],
    ])
    expect((await board()).tasks.filter((t) => t.name === check.check)).toHaveLength(1)
    const [waiting] = await entry(check.check, 'm1')
    expect(waiting!.progress.state).toBe('soon')
    expect(await entry(check.check, 'm2')).toEqual([])
    // refused in words: no machine by that ID, no words
    expect((await post('/api/maintenance/checks/task', { ...check, machineId: 'm9' })).status).toBe(404)
    expect((await post('/api/maintenance/checks/task', { ...check, check: ' ' })).status).toBe(400)
    const logged = await audit.list({ from: 0, till: clock + 1, limit: 20 })
    expect(
      logged
        .filter((e) => e.event === 'break check made a task')
        .map((e) => e.status)
        .sort(),
    ).toEqual([200, 200, 201, 400, 404])
  })

  test('a task overdue by its margin reaches the technician’s webhook once, the manager’s later; signed off, all clear', async () => {
    const engine = new AlertEngine({
      store: new AlertStore(db),
      db,
      codes: [],
      shifts: [],
      timeZone: 'Europe/Berlin',
      senders: realSenders(null),
      breakLog: null,
      maintenanceOverdue: maintenanceOverdue(
        maintenance,
        async () => FACTS,
        () => clock,
      ),
      now: () => clock,
    })
    const settings = defaultSettings()
    settings.channels = [
      { id: 'tech', name: 'Technician', kind: 'webhook', url: `${hookUrl}/tech`, to: [], language: null },
      { id: 'manager', name: 'Manager', kind: 'webhook', url: `${hookUrl}/manager`, to: [], language: null },
    ]
    // the default margin: 10 % over the interval, 4.4 of 4 running hours for the hook oil
    settings.rules.maintenance.levels = [
      { name: 'Technician', afterMinutes: 0, channels: ['tech'] },
      { name: 'Maintenance manager', afterMinutes: 30, channels: ['manager'] },
    ]
    await engine.saveSettings(settings)
    const polls = async (ms: number) => record(ms, () => [seen('m1', { stitch: null })])
    await polls(0)
    // every other task out of the way: signed off now, their counts far from due
    const tasks = (await board()).tasks
    for (const task of tasks.filter((t) => t.name !== 'Oil the rotary hooks'))
      await maintenance.signOff(
        { taskId: task.id, machineId: 'm1', heads: null, note: 'new', seen: null },
        'Ana',
        clock,
      )
    await polls(4 * HOUR + 20 * MINUTE)
    const evaluate = async (minutes: number) => {
      const end = clock + minutes * MINUTE
      while (clock < end) {
        await polls(15 * SECOND)
        await engine.evaluate(clock, [], { data: [] })
        await engine.dispatch()
      }
    }
    await evaluate(3)
    expect(received).toEqual([])
    // past 4 h 24 min of running
    await evaluate(10)
    expect(received.map((r) => [r.path, r.body.type])).toEqual([['/tech', 'alert']])
    expect(received[0]!.body.text).toContain('East 01: “Oil the rotary hooks” is overdue')
    await evaluate(35)
    expect(received.map((r) => [r.path, r.body.type])).toEqual([
      ['/tech', 'alert'],
      ['/manager', 'alert'],
    ])
    const oil = tasks.find((t) => t.name === 'Oil the rotary hooks')!
    expect(
      (await post('/api/maintenance/sign-off', { taskId: oil.id, machineId: 'm1', seen: null, by: 'Jonas' }))
        .status,
    ).toBe(201)
    await evaluate(4)
    expect(received.map((r) => [r.path, r.body.type])).toEqual([
      ['/tech', 'alert'],
      ['/manager', 'alert'],
      ['/tech', 'all-clear'],
      ['/manager', 'all-clear'],
    ])
    await engine.stop()
  })
})
