// One piece: whole server processes against one held-out upstream started once for the file (kill -9,
// the portal failing, two instances, the database away); its helpers serve every case.

import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { alive } from '../../server/history/embedded-postgres'
import { testDataFolder } from '../data-folder'
import { type Running, startProcess, testNow } from '../e2e/harness'
import { HELD_OUT_KEY, HELD_OUT_STATUS_CODES } from '../held-out/settings'
import type { RecordedRequest } from '../held-out/upstream'
import { until } from '../until'
import { freshServerDatabase } from './databases'
import { startPostgres } from './postgres-server'

/**
 * The history as whole processes: a server killed with SIGKILL and started again; the portal
 * failing for a while; two servers on one PostgreSQL with the polling one killed. Against the held-out
 * upstream (test/held-out/upstream.ts), which records every call it gets and can change a machine.
 * The poll period and the lease are short (POLL_SECONDS, LEASE_SECONDS), and every wait is for a
 * condition the servers or the upstream report, never a fixed time.
 */
const POLL = 2
const LEASE = 4
let upstream: Running
beforeAll(async () => {
  upstream = await startProcess('test/held-out/upstream.ts', {}, '/machines')
})
afterAll(async () => {
  await upstream?.stop()
})

const serverEnv = (extra: Record<string, string>) => ({
  API_BASE_URL: upstream.url,
  API_KEY: HELD_OUT_KEY,
  STATUS_CODES: HELD_OUT_STATUS_CODES,
  POLL_SECONDS: String(POLL),
  LEASE_SECONDS: String(LEASE),
  ...extra,
})

interface Now {
  recordingSince: number | null
  lastPollAt: number | null
  polling: boolean
  machines: { id: string; code: number | null; since: number; atLeast: boolean }[]
}
const historyNow = async (server: Running): Promise<Now> => {
  const answer = await fetch(`${server.url}/api/history/now`)
  if (answer.status !== 200) throw new Error(`history not ready: ${answer.status} ${await answer.text()}`)
  return (await answer.json()) as Now
}
const timeline = async (server: Running, machineId: string, from: number) => {
  const till = Math.ceil(testNow() / 1000) + 60
  const answer = await fetch(
    `${server.url}/api/history/machines/${machineId}?from=${Math.floor(from / 1000)}&till=${till}`,
  )
  return (await answer.json()) as {
    intervals: [number, number | null, number | null, number, number, string | null, number][]
    gaps: { startedAt: number; endedAt: number; reason: string }[]
  }
}
const setMachine = (id: string, state: { code: number; speed: number }) =>
  fetch(`${upstream.url}/__machines/${id}`, { method: 'POST', body: JSON.stringify(state) })
const gone = (pid: number) => !alive(pid)
const kill9 = async (server: Running) => {
  process.kill(server.pid!, 'SIGKILL')
  await until(`process ${server.pid} to be gone after SIGKILL`, () => gone(server.pid!))
}
/** The process id of the embedded database in `dataDir` (the first line of its postmaster.pid). */
const postmaster = (dataDir: string) =>
  Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
const requests = async () => (await (await fetch(`${upstream.url}/__requests`)).json()) as RecordedRequest[]
const machinesCalls = async (since: number, status = 200) =>
  (await requests()).filter((c) => c.path === '/machines' && c.at >= since && c.status === status)
/** Waits until the server has polled `polls` more times after `after` (by its own report). */
const pollsAfter = (server: Running, after: number, polls = 1) =>
  until(
    `${polls} poll(s) of ${server.url} after ${after}`,
    () => historyNow(server),
    (n) => n.lastPollAt !== null && n.lastPollAt >= after + (polls - 0.5) * POLL * 1000,
  )

describe('the embedded database survives SIGKILL', () => {
  test('started again on the same folder: nothing recorded is lost, the hole starts at the last poll', {
    timeout: 180_000,
  }, async () => {
    const dataDir = testDataFolder('stitchboard-kill')
    const first = await startProcess('server/main.ts', serverEnv({ DATA_DIR: dataDir }))
    const began = await until(
      "the first server's first poll",
      () => historyNow(first),
      (n) => n.lastPollAt !== null,
    )
    // a change, recorded, then more polls
    await setMachine('M-0102', { code: 3, speed: 800 })
    const changed = await until(
      'M-0102 recorded with code 3',
      () => historyNow(first),
      (n) => n.machines.find((m) => m.id === 'M-0102')?.code === 3,
    )
    const before = await until(
      'a poll after the change was recorded',
      () => historyNow(first),
      (n) => n.lastPollAt! >= changed.lastPollAt! + POLL * 1000,
    )
    const recorded = await timeline(first, 'M-0102', began.recordingSince!)
    const firstDatabase = postmaster(dataDir)
    await kill9(first)
    // nothing stopped the killed server's database: it is left running…
    expect(gone(firstDatabase)).toBe(false)
    await setMachine('M-0102', { code: 5, speed: 0 })

    const second = await startProcess('server/main.ts', serverEnv({ DATA_DIR: dataDir }))
    const secondDatabase = postmaster(dataDir)
    // …until the next start finds it and stops it before starting its own
    expect(gone(firstDatabase)).toBe(true)
    expect(secondDatabase).not.toBe(firstDatabase)
    try {
      const after = await until(
        "the restarted server's first poll",
        () => historyNow(second),
        (n) => n.lastPollAt! > before.lastPollAt!,
      )
      expect(after.recordingSince).toBe(began.recordingSince)
      const now = await timeline(second, 'M-0102', began.recordingSince!)
      // every interval recorded before the kill is still there, the last one closed at the last poll or later
      for (const [i, row] of recorded.intervals.entries()) {
        expect(now.intervals[i]![0]).toBe(row[0])
        expect(now.intervals[i]![2]).toBe(row[2])
      }
      const lastBefore = now.intervals[recorded.intervals.length - 1]!
      expect(lastBefore[1]).not.toBeNull()
      expect(lastBefore[1]!).toBeGreaterThanOrEqual(before.lastPollAt!)
      // the hole is the time the server was down: it starts at the last poll before the kill (at most one
      // poll lost), and it is said to be stitchboard not recording, never a stop
      for (const gap of now.gaps) {
        expect(gap.startedAt).toBeGreaterThanOrEqual(before.lastPollAt!)
        expect(gap.reason).toBe('stitchboard was not recording')
      }
      expect(now.intervals.at(-1)![2]).toBe(5)
    } finally {
      await second.stop()
      await setMachine('M-0102', { code: 5, speed: 0 })
    }
    // a server that stops takes its database with it (which may finish its shutdown a moment after)
    await until('the second server’s database to stop', () => gone(secondDatabase))
  })
})

describe('the portal failing for a while', () => {
  test('is recorded as a gap "the machine portal did not answer", never as stopped machines', {
    timeout: 180_000,
  }, async () => {
    // its own folder, removed when it stops (the harness's)
    const server = await startProcess('server/main.ts', serverEnv({}))
    try {
      const began = await until(
        "the server's first poll",
        () => historyNow(server),
        (n) => n.lastPollAt !== null,
      )
      const failedFrom = testNow()
      await fetch(`${upstream.url}/__fail`, { method: 'POST', body: JSON.stringify({ status: 500 }) })
      // failing for longer than the two and a half periods after which a silence is a gap
      const refused = await until(
        'a /machines call refused three periods after the portal began failing',
        () => machinesCalls(failedFrom, 500),
        (calls) => calls.some((c) => c.at >= failedFrom + 3 * POLL * 1000),
      )
      await fetch(`${upstream.url}/__fail`, { method: 'POST', body: JSON.stringify({ status: 0 }) })
      const lastRefused = Math.max(...refused.map((c) => c.at))
      await until(
        'a poll recorded after the portal came back',
        () => historyNow(server),
        (n) => n.lastPollAt! > lastRefused,
      )
      const t = await timeline(server, 'M-0101', began.recordingSince!)
      expect(t.gaps.map((g) => g.reason)).toEqual(['the machine portal did not answer'])
      // M-0101 runs throughout: code 3 before and after the gap, no other code
      expect(new Set(t.intervals.map((i) => i[2]))).toEqual(new Set([3]))
      expect(t.intervals.at(-1)![6]).toBe(1)
    } finally {
      await server.stop()
    }
  })
})

describe('two servers on one PostgreSQL', () => {
  let a: Running
  let b: Running
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
  })

  test('one polls (one /machines call per period upstream); the other takes over within 30 s when it dies; both stream every change', {
    timeout: 180_000,
  }, async () => {
    const url = await freshServerDatabase()
    ;[a, b] = await Promise.all([
      startProcess('server/main.ts', serverEnv({ DATABASE_URL: url })),
      startProcess('server/main.ts', serverEnv({ DATABASE_URL: url })),
    ])
    await until(
      'the first poll of either server',
      () => historyNow(a),
      (n) => n.lastPollAt !== null,
    )
    const states = await Promise.all([historyNow(a), historyNow(b)])
    expect(states.filter((s) => s.polling)).toHaveLength(1)

    // one /machines call per period, whichever server browsers use
    const t0 = testNow()
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${(i % 2 ? a : b).url}/api/machines`).then((r) => r.arrayBuffer()),
      ),
    )
    // four periods as the polling server counts them
    const [leader, other] = states[0]!.polling ? [a, b] : [b, a]
    const end = (await pollsAfter(leader, t0, 4)).lastPollAt!
    const calls = (await machinesCalls(t0)).filter((c) => c.at <= end && c.key === HELD_OUT_KEY)
    expect(calls.length).toBeGreaterThanOrEqual(3)
    expect(calls.length).toBeLessThanOrEqual(Math.floor((end - t0) / (POLL * 1000)) + 1)

    // both streams see a change
    const streams = [a, b].map((server) => watchStream(server))
    await setMachine('M-0205', { code: 3, speed: 700 })
    const seen = await Promise.all(streams.map((s) => s.changed('M-0205')))
    expect(seen).toEqual([true, true])
    for (const s of streams) s.close()

    // the polling server dies; the other takes the lease once it has run out, and polls
    await kill9(leader)
    const killedAt = testNow()
    await until(
      'the other server to take the lease',
      () => historyNow(other),
      (n) => n.polling,
    )
    const polled = await until(
      'a poll of the server that took over',
      () => historyNow(other),
      (n) => n.lastPollAt! > killedAt,
    )
    // the hole in the record is about the lease (plus its check and a poll), not the 20 s default: the
    // injected lease is what was used
    const t = await timeline(other, 'M-0101', polled.recordingSince!)
    const hole = (LEASE + LEASE / 4 + POLL) * 1000
    for (const gap of t.gaps) expect(gap.endedAt - gap.startedAt).toBeLessThanOrEqual(3 * hole)
    await setMachine('M-0205', { code: 21, speed: 0 })
  })
})

/** Reads a server's live stream; `changed(id)` resolves true once an event names the machine (false after 20 s). */
function watchStream(server: Running) {
  const controller = new AbortController()
  const seen = new Set<string>()
  const waiting: Array<{ id: string; resolve: (ok: boolean) => void }> = []
  void (async () => {
    const response = await fetch(`${server.url}/api/live`, { signal: controller.signal })
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      buffer += value
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const event = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const data = /^data: (.*)$/m.exec(event)?.[1]
        if (!event.startsWith('event: machines') || !data) continue
        for (const id of (JSON.parse(data) as { changed: string[] }).changed) seen.add(id)
        for (const w of waiting.splice(0)) {
          if (seen.has(w.id)) w.resolve(true)
          else waiting.push(w)
        }
      }
    }
  })().catch(() => {})
  return {
    changed: (id: string) =>
      new Promise<boolean>((resolve) => {
        if (seen.has(id)) return resolve(true)
        waiting.push({ id, resolve })
        setTimeout(() => resolve(false), 20_000)
      }),
    close: () => controller.abort(),
  }
}

describe('alerts with two servers on one PostgreSQL (issue 19)', () => {
  let a: Running
  let b: Running
  const received: Array<{ type: string; machineId: string | null }> = []
  const receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      const json = JSON.parse(body) as { type: string; alert: { machineId: string } | null }
      received.push({ type: json.type, machineId: json.alert?.machineId ?? null })
      res.writeHead(204).end()
    })
  })
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await new Promise((resolve) => receiver.close(resolve))
    await setMachine('M-0102', { code: 5, speed: 0 })
  })

  test('only the polling one evaluates and sends: each message once; "I\'m on it" on the other reaches both', {
    timeout: 180_000,
  }, async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
    await setMachine('M-0102', { code: 3, speed: 800 })
    const url = await freshServerDatabase()
    const env = serverEnv({ DATABASE_URL: url, ADMIN_TOKEN: 'two-servers-admin-token' })
    ;[a, b] = await Promise.all([startProcess('server/main.ts', env), startProcess('server/main.ts', env)])
    const [nowA] = await Promise.all([
      until(
        'the first poll of either server',
        () => historyNow(a),
        (n) => n.lastPollAt !== null,
      ),
      until(
        'the first poll seen by server b',
        () => historyNow(b),
        (n) => n.lastPollAt !== null,
      ),
    ])
    const [polling, other] = nowA.polling ? [a, b] : [b, a]
    // the settings saved on the instance that does not poll: a stop alerts at once, the hook is told
    const shown = (await (await fetch(`${other.url}/api/alerts/settings`)).json()) as {
      settings: {
        rules: { state: { minutes: Record<string, number>; levels: { channels: string[] }[] } }
      } & Record<string, unknown>
    }
    const settings = shown.settings
    settings.rules.state.minutes.stopped = 0
    settings.rules.state.levels[0]!.channels = ['hook']
    settings.clearAfterMinutes = 0
    settings.channels = [{ name: 'Hook', kind: 'webhook', url: hook, to: [] }]
    const saved = await fetch(`${other.url}/api/alerts/settings`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: other.url,
        Authorization: 'Bearer two-servers-admin-token',
      },
      body: JSON.stringify(settings),
    })
    expect(saved.status).toBe(200)

    await setMachine('M-0102', { code: 5, speed: 0 })
    await until(
      'the alert for M-0102 at the webhook',
      async () => received.filter((r) => r.machineId === 'M-0102'),
      (list) => list.length > 0,
    )
    type Listed = {
      alerts: Array<{
        id: number
        machineId: string
        acknowledgedBy: string | null
        clearedAt: number | null
      }>
    }
    const listed = (await (await fetch(`${other.url}/api/alerts`)).json()) as Listed
    const alert = listed.alerts.find((x) => x.machineId === 'M-0102' && x.clearedAt === null)!
    const acked = await fetch(`${other.url}/api/alerts/${alert.id}/acknowledge`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: other.url },
      body: JSON.stringify({ name: 'Ana' }),
    })
    expect(acked.status).toBe(200)
    // the polling instance's browsers learn it (NOTIFY), within a few seconds
    await until(
      'the acknowledgement to reach the polling instance',
      async () => ((await (await fetch(`${polling.url}/api/alerts`)).json()) as Listed).alerts,
      (alerts) => alerts.some((x) => x.id === alert.id && x.acknowledgedBy === 'Ana'),
      { seconds: 10 },
    )
    await setMachine('M-0102', { code: 3, speed: 800 })
    await until(
      'the all-clear for M-0102 at the webhook',
      async () => received.filter((r) => r.machineId === 'M-0102' && r.type === 'all-clear'),
      (list) => list.length > 0,
    )
    // two more polls: still each message exactly once, though two servers run
    await pollsAfter(polling, testNow(), 2)
    expect(received.filter((r) => r.machineId === 'M-0102').map((r) => r.type)).toEqual([
      'alert',
      'all-clear',
    ])
  })
})

describe('the database going away and coming back', () => {
  test('machines are still served, the history goes on after it returns, nothing recorded is lost', {
    timeout: 180_000,
  }, async () => {
    const database = await startPostgres('stitchboard-pg-away')
    const server = await startProcess('server/main.ts', serverEnv({ DATABASE_URL: database.url }))
    try {
      const began = await until(
        "the server's first poll",
        () => historyNow(server),
        (n) => n.lastPollAt !== null,
      )
      const before = await until(
        'a second poll',
        () => historyNow(server),
        (n) => n.lastPollAt! >= began.lastPollAt! + POLL * 1000,
      )
      const recorded = await timeline(server, 'M-0101', began.recordingSince!)
      await database.stop()
      // the history says why it cannot answer once it notices; the dashboard goes on meanwhile
      await until(
        'the history to say the database is gone',
        () =>
          historyNow(server).then(
            () => 'ready',
            (error: Error) => error.message,
          ),
        (said) => /history not ready|50\d/.test(said),
      )
      const machines = await fetch(`${server.url}/api/machines`)
      expect(machines.status).toBe(200)
      // the outage itself: longer than the two and a half periods after which a silence is a gap (the
      // scenario's length, not a wait for a result: what follows waits for the server's own report)
      await new Promise((resolve) => setTimeout(resolve, 3 * POLL * 1000))
      await database.start()
      const after = await until(
        'three polls recorded after the database came back',
        () => historyNow(server),
        (n) => n.lastPollAt! > before.lastPollAt! + 3 * POLL * 1000,
        { seconds: 90 },
      )
      expect(after.recordingSince).toBe(began.recordingSince)
      const now = await timeline(server, 'M-0101', began.recordingSince!)
      expect(now.intervals[0]![0]).toBe(recorded.intervals[0]![0])
      // the outage is a gap, never a stop
      expect(now.gaps.length).toBeGreaterThanOrEqual(1)
      expect(new Set(now.intervals.map((i) => i[2]))).toEqual(new Set([3]))
    } finally {
      await server.stop()
      await database.remove()
    }
  })
})

/** `npm run backup` / `npm run restore` as documented (the built server's dist-server/backup.mjs), with the
 * server's settings: a backup of the embedded database while stitchboard runs, restored into an empty
 * DATA_DIR, and a server started on it has the history again. */
function command(args: string[], env: Record<string, string>, script = 'backup', input?: string) {
  const run = spawnSync(process.execPath, [`dist-server/${script}.mjs`, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    ...(input === undefined ? {} : { input }),
  })
  return { status: run.status, out: run.stdout.trim(), err: run.stderr.trim() }
}

describe('backup and restore, the documented commands', () => {
  test('a backup taken while stitchboard runs restores into an empty DATA_DIR, and a refused second restore loses nothing', {
    timeout: 180_000,
  }, async () => {
    const folder = testDataFolder('stitchboard-backup-command')
    const running = join(folder, 'running')
    const restored = join(folder, 'restored')
    const file = join(folder, 'history.gz')
    const first = await startProcess('server/main.ts', serverEnv({ DATA_DIR: running }))
    let before: Awaited<ReturnType<typeof timeline>>
    try {
      const began = await until(
        'three polls recorded',
        () => historyNow(first),
        (n) =>
          n.recordingSince !== null &&
          n.lastPollAt !== null &&
          n.lastPollAt >= n.recordingSince + 2 * POLL * 1000,
      )
      await setMachine('M-0102', { code: 3, speed: 800 })
      await until(
        'M-0102 recorded with code 3',
        () => historyNow(first),
        (n) => n.machines.find((m) => m.id === 'M-0102')?.code === 3,
      )
      await setMachine('M-0102', { code: 5, speed: 0 })
      await until(
        'M-0102 recorded with code 5',
        () => historyNow(first),
        (n) => n.machines.find((m) => m.id === 'M-0102')?.code === 5,
      )
      before = await timeline(first, 'M-0102', began.recordingSince!)
      // while it runs: through the socket of the database the server started
      const backup = command(['backup', file], serverEnv({ DATA_DIR: running }))
      expect(backup.err).toBe('')
      expect(backup.status).toBe(0)
      expect(backup.out).toMatch(
        /^stitchboard: backed up 35 tables, [\d,]+ rows to .*history\.gz \([\d.]+ KiB\)$/,
      )
    } finally {
      await first.stop()
    }

    const restore = command(['restore', file], serverEnv({ DATA_DIR: restored }))
    expect(restore.err).toBe('')
    expect(restore.out).toMatch(
      /^stitchboard: restored 35 tables, [\d,]+ rows from .*history\.gz \(schema version \d+\)$/,
    )
    const second = await startProcess('server/main.ts', serverEnv({ DATA_DIR: restored }))
    try {
      const after = await timeline(second, 'M-0102', before.intervals[0]![0])
      // every interval closed before the backup is there as it was
      const closed = before.intervals.filter((row) => row[1] !== null)
      expect(closed.length).toBeGreaterThanOrEqual(2)
      expect(after.intervals.slice(0, closed.length)).toEqual(closed)

      // the first administrator by `npm run user -- add` while the server runs, who then signs in there
      const added = command(
        ['add', '--login', 'pia', '--name', 'Pia Plant', '--role', 'admin'],
        serverEnv({ DATA_DIR: restored }),
        'user',
        'correct horse battery\n',
      )
      expect(added).toMatchObject({ status: 0, err: '', out: 'stitchboard: pia (Pia Plant) added as admin' })
      const signIn = await fetch(`${second.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: second.url },
        body: JSON.stringify({ login: 'pia', password: 'correct horse battery' }),
      })
      expect(signIn.status).toBe(200)
      const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!
      // the restore and the person added are in the audit log (the commands' own clock: this machine's)
      const audit = await fetch(
        `${second.url}/api/audit?from=${Date.now() - 3_600_000}&till=${Date.now() + 60_000}&result=ok`,
        { headers: { Cookie: cookie } },
      )
      const { entries } = (await audit.json()) as { entries: { event: string; via: string }[] }
      expect(entries.filter((e) => e.via === 'command').map((e) => e.event)).toEqual([
        'person added',
        'restore',
      ])
    } finally {
      await second.stop()
    }
    // a restore into a data folder that holds history is refused, naming the table, and changes nothing
    const again = command(['restore', file], serverEnv({ DATA_DIR: restored }))
    expect(again.status).toBe(1)
    expect(again.err).toMatch(
      /^stitchboard: the database is not empty \(the table \w+ holds \d+ rows\): restore into an empty data folder or database$/,
    )
  })
})
