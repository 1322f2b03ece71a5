import { readdirSync, readFileSync } from 'node:fs'
import { launchChromium, startProcess } from '../test/e2e/harness'
import { type PostgresServer, startPostgres } from '../test/history/postgres-server'
import { pssMb } from '../test/process-memory'

/**
 * `npm run bench:footprint`: the memory stitchboard takes, as the proportional set size (PSS: shared pages
 * divided among the processes sharing them) of the server process and every process it started (an
 * embedded database's included), sampled every SAMPLE_S s:
 * - idle: MINUTES (default 10, `FOOTPRINT_MINUTES`) with one live board open in Chromium: the peak and the
 *   peak of the last minute;
 * - under load: 8 concurrent 31-day reports asked again and again and 200 live streams, for LOAD_S s: the
 *   peak;
 * - after: 2 minutes after the load: the last minute's peak, which should be back within 10 % of idle.
 * Four set-ups: the vendor's API (the demo upstream run on its own, as a vendor's server: FOOTPRINT_COMPANY),
 * with the embedded database, with `DATABASE_URL` (a PostgreSQL this bench starts: its memory is the
 * database server's, not stitchboard's), without `JOB_API_URL`, and the demo (`npm start` with nothing set).
 * The vendor's stand-in and Chromium are not counted.
 */
export const FOOTPRINT_BUDGETS_MB = { vendorEmbedded: 200, vendorDatabaseUrl: 150, noJob: 200, demo: 400 }
export const LOAD_BUDGET_MB = 150
const MINUTES = Number(process.env.FOOTPRINT_MINUTES ?? 10)
/** the demo company the vendor's stand-in serves: a (44 machines, the default), b (14) or c (200) */
const COMPANY = process.env.FOOTPRINT_COMPANY ?? 'a'
/** which set-ups (comma-separated: embedded, database-url, no-job, demo); all when not set */
const SETUPS = process.env.FOOTPRINT_SETUPS?.split(',') ?? null
const SAMPLE_S = 5
const LOAD_S = 60
const AFTER_S = 120

/** The process whose command line holds `text` and whose parent's does not (a tree's root). */
function rootProcess(text: string): number | undefined {
  const holds = (pid: string) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text)
    } catch {
      return false
    }
  }
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || !holds(name)) continue
    const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
    const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]!
    if (!holds(ppid)) return Number(name)
  }
  return undefined
}

/** Samples `pid`'s footprint every SAMPLE_S s for `seconds` (and calls `beside` at each sample). */
async function watch(pid: number, seconds: number, beside = () => {}): Promise<number[]> {
  const samples: number[] = []
  const end = Date.now() + seconds * 1000
  while (Date.now() < end) {
    samples.push(pssMb(pid))
    beside()
    await new Promise((r) => setTimeout(r, SAMPLE_S * 1000))
  }
  return samples
}

/** 8 workers asking 31-day reports one after another, and 200 open live streams, until `stop`. Every wait
 * is raced against the stop: Node 20's fetch can leave a gzipped body's promise unsettled when it is
 * aborted mid-way (the bench hung there), and what this client does after the stop is not measured. */
function load(url: string) {
  const controller = new AbortController()
  const stopped = new Promise<'stopped'>((resolve) =>
    controller.signal.addEventListener('abort', () => resolve('stopped')),
  )
  const untilStopped = <T>(promise: Promise<T>) => {
    promise.catch(() => {}) // a rejection after the stop is the abort's
    return Promise.race([promise, stopped])
  }
  const till = Math.floor(Date.now() / 1000)
  const from = till - 31 * 86_400
  const reports = ['threadbreaks-by-machine', 'machine-summary', 'threadbreaks', 'machine-productivity']
  let answered = 0
  let refused = 0
  /** requests that failed before an answer (the server gone, a reset), and the first such error */
  let failed = 0
  let firstFailure: unknown = null
  const workers = Array.from({ length: 8 }, async (_, i) => {
    while (!controller.signal.aborted) {
      const report = reports[i % reports.length]
      try {
        const response = await untilStopped(
          fetch(`${url}/api/reports/${report}?from=${from - i}&till=${till}&machineIds=all`, {
            signal: controller.signal,
          }),
        )
        if (response === 'stopped') return
        if ((await untilStopped(response.arrayBuffer())) === 'stopped') return
        if (response.ok) answered++
        else refused++
      } catch (error) {
        if (controller.signal.aborted) return
        failed++
        firstFailure ??= error
        // not again at once: a server that is gone would be asked thousands of times a second
        await untilStopped(new Promise((resolve) => setTimeout(resolve, 200)))
      }
    }
  })
  const streams = Array.from({ length: 200 }, async () => {
    try {
      const response = await untilStopped(fetch(`${url}/api/live`, { signal: controller.signal }))
      if (response === 'stopped') return
      const reader = response.body!.getReader()
      for (;;) {
        // read and let go: only the server's memory is measured
        const chunk = await untilStopped(reader.read())
        if (chunk === 'stopped' || chunk.done) return
      }
    } catch {
      // stopped
    }
  })
  return {
    stop: async () => {
      controller.abort()
      await Promise.all([...workers, ...streams])
      return { answered, refused, failed, firstFailure }
    },
  }
}

interface Footprint {
  setup: string
  /** a PostgreSQL server's own processes beside (DATABASE_URL): for comparing embedded databases */
  databasePeak?: number
  budgetMb: number
  idlePeak: number
  idleLastMinute: number
  loadPeak: number
  afterLastMinute: number
  reports: { answered: number; refused: number; failed: number; firstFailure: unknown }
  load: string
}

async function measure(
  setup: string,
  budgetMb: number,
  env: Record<string, string>,
  databaseDir?: string,
): Promise<Footprint> {
  const server = await startProcess('server/main.ts', env, '/healthz', [], { realClock: true })
  const browser = await launchChromium({ realClock: true })
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.goto(`${server.url}/machines`)
    await page.getByRole('heading', { name: 'Machine status' }).waitFor()
    const database = databaseDir ? rootProcess(databaseDir) : undefined
    const databaseSamples: number[] = []
    const beside = () => {
      if (database) databaseSamples.push(pssMb(database))
    }
    progress(setup, `idle for ${MINUTES} min`)
    const idle = await watch(server.pid!, MINUTES * 60, beside)
    progress(setup, `load for ${LOAD_S} s`)
    const running = load(server.url)
    const loaded = await watch(server.pid!, LOAD_S, beside)
    const reports = await running.stop()
    progress(
      setup,
      `load stopped (${reports.answered} reports answered, ${reports.failed} failed${reports.firstFailure ? `: ${String((reports.firstFailure as Error).cause ?? reports.firstFailure)}` : ''}); after for ${AFTER_S} s`,
    )
    const after = await watch(server.pid!, AFTER_S, beside)
    const lastMinute = (samples: number[]) => Math.max(...samples.slice(-Math.ceil(60 / SAMPLE_S)))
    return {
      setup,
      ...(databaseSamples.length ? { databasePeak: Math.max(...databaseSamples) } : {}),
      budgetMb,
      idlePeak: Math.max(...idle),
      idleLastMinute: lastMinute(idle),
      loadPeak: Math.max(...loaded),
      afterLastMinute: lastMinute(after),
      reports,
      load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    }
  } finally {
    progress(setup, 'stopping')
    await browser.close()
    await server.stop()
  }
}

/** What the bench is doing, on stderr: a run takes some 50 minutes. */
function progress(setup: string, what: string) {
  console.error(`${new Date().toISOString().slice(11, 19)} ${setup}: ${what}`)
}

export async function benchFootprint(): Promise<Footprint[]> {
  const upstream = await startProcess('server/demo/main.ts', {}, '/machines', [], { realClock: true })
  let postgres: PostgresServer | undefined
  const vendor = { API_BASE_URL: upstream.url, API_KEY: `demo-key-${COMPANY}` }
  const job = { JOB_API_URL: `${upstream.url}/StitchJob`, WEB_API_LICENSE: `demo-licence-${COMPANY}` }
  const fleet = `${COMPANY === 'c' ? 200 : COMPANY === 'b' ? 14 : 44} machines`
  const results: Footprint[] = []
  const wanted = (setup: string) => SETUPS === null || SETUPS.includes(setup)
  try {
    const b = FOOTPRINT_BUDGETS_MB
    if (wanted('embedded'))
      results.push(
        await measure(`vendor API (${fleet}), embedded database`, b.vendorEmbedded, { ...vendor, ...job }),
      )
    if (wanted('database-url')) {
      postgres = await startPostgres('stitchboard-footprint')
      results.push(
        await measure(
          `vendor API (${fleet}), DATABASE_URL`,
          b.vendorDatabaseUrl,
          { ...vendor, ...job, DATABASE_URL: postgres.url },
          postgres.dir,
        ),
      )
    }
    if (wanted('no-job'))
      results.push(await measure(`vendor API (${fleet}) without JOB_API_URL, embedded`, b.noJob, vendor))
    if (wanted('demo')) results.push(await measure('demo (nothing set)', b.demo, {}))
  } finally {
    await postgres?.remove()
    await upstream.stop()
  }
  return results
}

export function printFootprint(results: Footprint[]) {
  console.log(
    `PSS of stitchboard's processes, MB (idle ${MINUTES} min with a live board, load ${LOAD_S} s, after ${AFTER_S} s)`,
  )
  for (const r of results) {
    const idleOk = r.idlePeak <= r.budgetMb && r.idleLastMinute <= r.budgetMb
    const loadOk = r.loadPeak <= r.idleLastMinute + LOAD_BUDGET_MB
    const backOk = r.afterLastMinute <= r.idleLastMinute * 1.1
    console.log(
      `${r.setup.padEnd(52)} idle peak ${String(r.idlePeak).padStart(5)}  last min ${String(r.idleLastMinute).padStart(5)}  (≤ ${r.budgetMb} ${idleOk ? 'ok' : 'OVER'})  ` +
        `load peak ${String(r.loadPeak).padStart(5)} (≤ idle + ${LOAD_BUDGET_MB} ${loadOk ? 'ok' : 'OVER'})  ` +
        `after ${String(r.afterLastMinute).padStart(5)} (within 10 % ${backOk ? 'ok' : 'NOT'})  ` +
        `reports ${r.reports.answered} answered, ${r.reports.refused} refused, ${r.reports.failed} failed; load average ${r.load}` +
        (r.databasePeak !== undefined ? `; the PostgreSQL server beside: ${r.databasePeak} MB at most` : ''),
    )
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printFootprint(await benchFootprint())
}
