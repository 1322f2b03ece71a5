import { readFileSync } from 'node:fs'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Running, startProcess } from '../test/e2e/harness'

/** `npm run bench:abuse`: the server under the attacks of issue 21, all on loopback, every loop bounded.
 * Prints: RSS before and after 5,000 distinct padded URLs; RSS with 4 parallel 300 MB chunked bodies;
 * /healthz latency while 8 full-range demo reports run; token guesses per second checked from 1,000
 * connections. */

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
}
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN
}

/** A plain upstream on loopback: any GET answers a small JSON envelope, any POST a job answer. */
async function plainUpstream() {
  const server = createServer((req, res) => {
    req.resume()
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(req.method === 'POST' ? '{"Success":true,"RequestData":"[]"}' : '{"data":[]}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }
}

/** Runs `count` requests, `parallel` at a time. */
async function inParallel(count: number, parallel: number, one: (i: number) => Promise<unknown>) {
  let next = 0
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await one(next++).catch(() => {})
    }),
  )
}

async function paddedUrls(server: Running) {
  const before = rssMb(server.pid!)
  const statuses = new Map<number, number>()
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1)
  // within the length limit: accepted, and each is distinct (another from); the padding is re-serialised away
  const shift = (spaces: number) => encodeURIComponent(`{"from":"22:00",${' '.repeat(spaces)}"to":"06:00"}`)
  await inParallel(5000, 32, async (i) => {
    const spaces = i % 2 === 0 ? 1200 : 14_000 // the second kind is the issue's repro: over the limit
    const response = await fetch(
      `${server.url}/api/reports/threadbreaks?from=${1_700_000_000 + i}&till=${1_700_086_400 + i}&machineIds=all&shift=${shift(spaces)}`,
    )
    await response.arrayBuffer()
    count(response.status)
  })
  const after = rssMb(server.pid!)
  return { before, after, statuses: Object.fromEntries(statuses) }
}

/** Four clients each try to send 300 MB, chunked, to /api/job; how much the server took before it cut
 * them off, and its RSS meanwhile. */
async function chunkedBodies(server: Running) {
  const before = rssMb(server.pid!)
  let peak = before
  const watch = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid!))
  }, 50)
  const { port } = new URL(server.url)
  const chunk = Buffer.alloc(64 * 1024, 32)
  const one = () =>
    new Promise<{ status: number; sentMb: number }>((resolve) => {
      let sent = 0
      let status = 0
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/job',
        headers: { 'Content-Type': 'application/json', Origin: server.url, 'Transfer-Encoding': 'chunked' },
      })
      const finish = () => resolve({ status, sentMb: Math.round(sent / 1e6) })
      req.on('response', (res) => {
        status = res.statusCode ?? 0
        res.resume()
        res.on('end', () => {
          req.destroy()
          finish()
        })
      })
      req.on('error', finish)
      const pump = () => {
        while (sent < 300e6) {
          sent += chunk.byteLength
          if (!req.write(chunk)) return void req.once('drain', pump)
        }
        req.end()
      }
      pump()
    })
  const results = await Promise.all([one(), one(), one(), one()])
  clearInterval(watch)
  return { before, peak, after: rssMb(server.pid!), results }
}

/** /healthz every 20 ms while 8 full-range (120-day) reports of the demo factory are asked at once. */
async function healthWhileHeavy(server: Running) {
  const now = Math.floor(Date.now() / 1000)
  const heavy = Array.from({ length: 8 }, (_, i) =>
    fetch(
      `${server.url}/api/reports/threadbreaks-by-machine?from=${now - 120 * 86_400 - i}&till=${now}&machineIds=all&includeBobbinThreadbreaks=true`,
    ).then(async (r) => ({ status: r.status, mb: Math.round((await r.arrayBuffer()).byteLength / 1e6) })),
  )
  let done = false
  let peak = rssMb(server.pid!)
  const answers = Promise.all(heavy).finally(() => {
    done = true
  })
  const latencies: number[] = []
  const deadline = Date.now() + 120_000
  while (!done && Date.now() < deadline) {
    const started = performance.now()
    await (await fetch(`${server.url}/healthz`)).arrayBuffer()
    latencies.push(performance.now() - started)
    peak = Math.max(peak, rssMb(server.pid!))
    await new Promise((r) => setTimeout(r, 20))
  }
  return {
    reports: await answers,
    probes: latencies.length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: Math.max(...latencies),
    peakRss: peak,
  }
}

/** 1,000 connections guess the token for 10 s; how many guesses were checked (401) per second. */
async function guesses(server: Running) {
  const { port } = new URL(server.url)
  const seconds = 10
  const end = Date.now() + seconds * 1000
  let checked = 0
  let limited = 0
  let other = 0
  const agentless = (i: number) =>
    new Promise<void>((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/machines',
          headers: { Authorization: `Bearer guess-${i}-${Math.random()}` },
        },
        (res) => {
          if (res.statusCode === 401) checked++
          else if (res.statusCode === 429) limited++
          else other++
          res.resume()
          res.on('end', resolve)
        },
      )
      req.on('error', () => resolve())
      req.end()
    })
  await Promise.all(
    Array.from({ length: 1000 }, async (_, c) => {
      let i = 0
      while (Date.now() < end) await agentless(c * 1_000_000 + i++)
    }),
  )
  return { seconds, checkedPerSecond: checked / seconds, limited, checked, other }
}

export async function benchAbuse() {
  const upstream = await plainUpstream()
  const vendorEnv = {
    API_BASE_URL: upstream.url,
    API_KEY: 'bench-key',
    JOB_API_URL: upstream.url,
    WEB_API_LICENSE: 'bench-licence',
  }
  const clock = { realClock: true }
  const vendor = await startProcess('server/main.ts', vendorEnv, '/healthz', [], clock)
  const guarded = await startProcess(
    'server/main.ts',
    { ...vendorEnv, DASHBOARD_TOKEN: 'bench-token-0123456789abcdef' },
    '/healthz',
    [],
    clock,
  )
  const demo = await startProcess('server/main.ts', {}, '/healthz', [], clock)
  try {
    const padded = await paddedUrls(vendor)
    const bodies = await chunkedBodies(vendor)
    // the demo factory generates its history in the background first (about 20 s)
    await new Promise((r) => setTimeout(r, 30_000))
    const demoIdleRss = rssMb(demo.pid!)
    const health = await healthWhileHeavy(demo)
    const token = await guesses(guarded)
    const alive = (await fetch(`${vendor.url}/healthz`)).status === 200
    return { padded, bodies, demoIdleRss, health, token, alive }
  } finally {
    await Promise.all([vendor.stop(), guarded.stop(), demo.stop()])
    upstream.close()
  }
}

export function printAbuse(r: Awaited<ReturnType<typeof benchAbuse>>) {
  console.log(
    `5,000 distinct padded URLs (half over the length limit): RSS ${r.padded.before} → ${r.padded.after} MB; answers ${JSON.stringify(r.padded.statuses)}`,
  )
  console.log(
    `4 parallel 300 MB chunked bodies: RSS ${r.bodies.before} → peak ${r.bodies.peak} → ${r.bodies.after} MB; each cut off at ${r.bodies.results.map((x) => `${x.status} after ${x.sentMb} MB sent`).join(', ')}`,
  )
  console.log(
    `/healthz while 8 full-range demo reports run (${r.health.reports.map((x) => `${x.status}/${x.mb} MB`).join(' ')}): p50 ${r.health.p50.toFixed(1)} ms, p99 ${r.health.p99.toFixed(1)} ms, max ${r.health.max.toFixed(1)} ms over ${r.health.probes} probes; demo RSS idle ${r.demoIdleRss} MB, peak ${r.health.peakRss} MB`,
  )
  console.log(
    `token guesses from 1,000 connections over ${r.token.seconds} s: ${r.token.checkedPerSecond.toFixed(1)} checked per second (${r.token.checked} checked, ${r.token.limited} refused unchecked with 429, ${r.token.other} other)`,
  )
  console.log(`server alive afterwards: ${r.alive ? 'yes' : 'NO'}`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printAbuse(await benchAbuse())
}
