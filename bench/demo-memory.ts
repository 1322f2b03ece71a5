import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import v8 from 'node:v8'
import { createDemoUpstream } from '../server/demo/app'
import { demoWorkerTransport } from '../server/demo/worker-transport'
import { DEFAULT_SHIFTS } from '../server/shifts'

/**
 * `npm run bench:demo-memory`: what the demo upstream holds, and when. Two parts:
 * - the worker thread started as `npm start` starts it (server/demo/worker-transport.ts, then its warm-up),
 *   measured as this process's PSS (proportional set size, /proc/self/smaps_rollup; the worker is a thread
 *   of it): before the worker, its peak while it generates the factory, idle 30 s after generation, the
 *   peak under load (8 callers asking 31-day reports of company A one after another, as bench:footprint
 *   does, and the machines polled every 5 s as the history watcher does) and LOAD_S after that load;
 * - the same factory in this thread (`--expose-gc` for exact figures): V8's heap and the typed arrays it
 *   keeps after company A's warm-up (what `npm start` generates), after the 4 reports over 31 days, and
 *   with the history of all three companies.
 * From the sources the worker also loads tsx (the built server's does not), so the figures are somewhat
 * above `npm start`'s. `DEMO_MEMORY_LOAD_S` (default 60) sets the load's and the pause's length.
 */
const LOAD_S = Number(process.env.DEMO_MEMORY_LOAD_S ?? 60)
const SAMPLE_MS = 250
const MB = 2 ** 20

const pss = () =>
  Math.round(Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync('/proc/self/smaps_rollup', 'utf8'))?.[1]) / 1024)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Samples the PSS until `done` resolves; the samples' peak and last value. */
async function sampled<T>(done: Promise<T>) {
  let peak = pss()
  let finished = false
  const result = done.finally(() => {
    finished = true
  })
  while (!finished) {
    await Promise.race([result, sleep(SAMPLE_MS)])
    peak = Math.max(peak, pss())
  }
  return { peak, last: pss(), result: await result }
}

/** Waits until the PSS has grown by less than 2 MB over 5 s (the warm-up sends no word when it is over). */
async function settled() {
  const started = performance.now()
  const window: number[] = []
  for (;;) {
    window.push(pss())
    if (window.length > 20) window.shift()
    if (window.length === 20 && window[19]! - window[0]! < 2) return (performance.now() - started) / 1000 - 5
    await sleep(SAMPLE_MS)
  }
}

const REPORTS = ['threadbreaks-by-machine', 'machine-summary', 'threadbreaks', 'machine-productivity']

async function worker() {
  const before = pss()
  const { transport, warmUp } = demoWorkerTransport({ timeZone: 'Europe/Berlin', shifts: DEFAULT_SHIFTS })
  const call = async (path: string) => {
    const answer = await transport({
      url: `http://demo.invalid${path}`,
      method: 'GET',
      headers: { 'X-API-Key': 'demo-key-a' },
      signal: new AbortController().signal,
    })
    let bytes = 0
    for await (const chunk of answer.body) bytes += chunk.length
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`)
    return bytes
  }
  await call('/machines') // the worker has started
  warmUp('demo-key-a')
  const warm = await sampled(settled())
  // idle as a server is between its users: half a minute later (V8 collects what warm-up left meanwhile)
  await sleep(30_000)
  globalThis.gc?.() // this thread's garbage (the answers it was sent) is not the worker's
  const idle = pss()

  const till = Math.floor(Date.now() / 1000)
  const from = till - 31 * 86_400
  const stop = Date.now() + LOAD_S * 1000
  const times: number[] = []
  const load = Promise.all([
    ...Array.from({ length: 8 }, async (_, i) => {
      while (Date.now() < stop) {
        const started = performance.now()
        await call(`/reports/${REPORTS[i % REPORTS.length]}?from=${from - i}&till=${till}&machineIds=all`)
        times.push(performance.now() - started)
      }
    }),
    (async () => {
      while (Date.now() < stop) {
        await call('/machines')
        await sleep(5000)
      }
    })(),
  ])
  const loaded = await sampled(load)
  await sleep(LOAD_S * 1000)
  globalThis.gc?.()
  const after = pss()
  times.sort((a, b) => a - b)
  return {
    before,
    warmUpSeconds: warm.result,
    generationPeak: warm.peak,
    idle,
    loadPeak: loaded.peak,
    after,
    reports: times.length,
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
  }
}

function heapMb() {
  globalThis.gc?.()
  const heap = v8.getHeapStatistics()
  return {
    heap: Math.round(heap.used_heap_size / MB),
    arrayBuffers: Math.round(process.memoryUsage().arrayBuffers / MB),
  }
}

async function inThisThread() {
  const before = heapMb()
  const now = Date.now()
  const upstream = createDemoUpstream({ now: () => now, timeZone: 'Europe/Berlin', shifts: DEFAULT_SHIFTS })
  const { factory } = upstream
  const generate = (companies: typeof factory.companies) => {
    const started = performance.now()
    for (const company of companies) {
      for (const machine of company.machines) {
        factory.chunks(company, machine, factory.historyStart(), factory.nowSeconds())
      }
    }
    return performance.now() - started
  }
  // what npm start generates (the company it asks with), then every company's
  const companyMs = generate([factory.companyByKey('demo-key-a')!])
  const company = heapMb()
  const till = Math.floor(now / 1000)
  for (const report of REPORTS) {
    await upstream.app.request(`/reports/${report}?from=${till - 31 * 86_400}&till=${till}&machineIds=all`, {
      headers: { 'X-API-Key': 'demo-key-a' },
    })
  }
  const reported = heapMb()
  const allMs = generate(factory.companies)
  const all = heapMb()
  // the factory is still in use here: what it holds is in the figures above
  void factory.nowSeconds()
  return { before, companyMs, company, reported, allMs, all }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!globalThis.gc) console.log('(run with node --expose-gc for exact heap figures)')
  // the worker first: the factory of this thread would stay in this process's PSS
  const w = await worker()
  console.log(
    `worker thread (PSS of this process, MB): before ${w.before}; warm-up peak ${w.generationPeak} ` +
      `(${w.warmUpSeconds.toFixed(1)} s); idle ${w.idle}; under load ${w.loadPeak} ` +
      `(${w.reports} reports over 31 days, median ${Math.round(w.medianMs)} ms); ${LOAD_S} s after ${w.after}`,
  )
  const here = await inThisThread()
  const mb = (m: { heap: number; arrayBuffers: number }) =>
    `heap ${m.heap} MB + ${m.arrayBuffers} MB typed arrays`
  console.log(
    `in this thread: ${mb(here.before)} before; company A's 120 days generated in ${Math.round(here.companyMs)} ms: ` +
      `${mb(here.company)}; after 4 reports over 31 days: ${mb(here.reported)}; ` +
      `every company's (258 machines) in ${Math.round(here.allMs)} ms more: ${mb(here.all)}`,
  )
  process.exit(0)
}
