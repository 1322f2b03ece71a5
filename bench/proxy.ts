import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { HIT_HEADERS } from '../server/app'
import { createDemoUpstream } from '../server/demo/app'
import { freePort, type Running, startProcess } from '../test/e2e/harness'

/** `npm run bench:proxy`: a wall of kiosks polling the same endpoints. Cache-hit throughput and
 * latency of stitchboard, of a bare node:http server sending the same bytes from memory (the limit
 * for a Node server), and of nginx with proxy_cache when nginx is installed; all in the same run.
 * Then: N identical concurrent requests for an uncached answer → how many upstream calls. */
const CONNECTIONS = 100
const SECONDS = 10
const WARM_SECONDS = 2
/** Runs of each server, interleaved; the best is kept (this machine is shared and noisy). */
const ROUNDS = 3
const CONCURRENT = 200

const day = Math.floor(Date.now() / 86_400_000) * 86_400
const range = `from=${day - 7 * 86_400}&till=${day}&machineIds=all`
/** Two walls: one polling whole reports (large bodies: transfer dominates), one polling machine
 * details (small bodies: the per-request work of the server dominates). */
const SCENARIOS: Record<string, string[]> = {
  reports: [
    '/api/machines',
    `/api/reports/threadbreaks?${range}`,
    `/api/reports/machine-summary?${range}`,
    `/api/reports/threadbreaks-by-machine/aggregated?${range}&grouping=both`,
  ],
  details: [],
}
const PATHS = () => Object.values(SCENARIOS).flat()
const COLD_PATH = `/api/reports/operator-overview?${range}`

interface Load {
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
  /** CPU time of the server process per request, in µs (Linux /proc); steadier than req/s on a
   * machine where the load generator competes with the server for two cores */
  cpuMicros?: number
}

/** CPU time (user + system) of a process so far, in µs. */
function cpuMicros(pid: number | undefined): number | undefined {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return undefined
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10_000 // clock ticks of 10 ms
}

function load(url: string, paths: string[], seconds: number): Load {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'bench/load.ts', url, String(CONNECTIONS), String(seconds), ...paths],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  )
  return JSON.parse(out.trim().split('\n').at(-1)!) as Load
}

function measure(server: Running, paths: string[]): Load {
  load(server.url, paths, WARM_SECONDS)
  const before = cpuMicros(server.pid)
  const result = load(server.url, paths, SECONDS)
  const after = cpuMicros(server.pid)
  if (before !== undefined && after !== undefined)
    result.cpuMicros = (after - before) / (result.rps * SECONDS)
  return result
}

async function recordBodies(dir: string) {
  const { app } = createDemoUpstream()
  const machines = (await (
    await app.request('/machines', { headers: { 'X-API-Key': 'demo-key-a' } })
  ).json()) as {
    data: Array<{ machine_id: string }>
  }
  SCENARIOS.details = machines.data.slice(0, 4).map((m) => `/api/machines/${m.machine_id}`)
  const bodies: Record<string, string> = {}
  for (const path of [...PATHS(), COLD_PATH]) {
    const response = await app.request(path.slice(4), { headers: { 'X-API-Key': 'demo-key-a' } })
    bodies[path] = await response.text()
  }
  writeFileSync(`${dir}/bodies.json`, JSON.stringify({ bodies, headers: HIT_HEADERS }))
}

async function startNginx(dir: string, upstreamPort: number): Promise<Running | null> {
  if (spawnSync('sh', ['-c', 'command -v nginx']).status !== 0) return null
  const port = await freePort()
  mkdirSync(`${dir}/nginx`, { recursive: true })
  writeFileSync(
    `${dir}/nginx/nginx.conf`,
    `user root; worker_processes 1; daemon off; pid ${dir}/nginx/nginx.pid; error_log ${dir}/nginx/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  proxy_cache_path ${dir}/nginx/cache levels=1:2 keys_zone=sb:10m max_size=200m;
  upstream up { server 127.0.0.1:${upstreamPort}; keepalive 32; }
  server {
    listen 127.0.0.1:${port};
    location /api/ {
      proxy_pass http://up/; proxy_http_version 1.1; proxy_set_header Connection "";
      proxy_set_header X-API-Key bench; proxy_cache sb; proxy_cache_key $request_uri;
      proxy_cache_valid 200 5s; proxy_cache_lock on; proxy_ignore_headers Cache-Control;
    }
  }
}
`,
  )
  const child = spawn('nginx', ['-c', `${dir}/nginx/nginx.conf`, '-p', `${dir}/nginx`], { stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`${url}/api/machines`)
      return { url, stop: async () => void child.kill('SIGQUIT') }
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  child.kill()
  return null
}

async function upstreamCalls(upstream: Running): Promise<number> {
  return ((await (await fetch(`${upstream.url}/__calls`)).json()) as { calls: number }).calls
}

export async function benchProxy() {
  if (!existsSync('dist/index.html'))
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })
  const dir = mkdtempSync(`${tmpdir()}/stitchboard-bench-`)
  await recordBodies(dir)
  const upstream = await startProcess('bench/proxy-peers.ts', {}, '/healthz', ['upstream', dir], {
    realClock: true,
  })
  const bare = await startProcess('bench/proxy-peers.ts', {}, '/healthz', ['bare', dir], { realClock: true })
  const env = {
    API_BASE_URL: upstream.url,
    API_KEY: 'bench',
    JOB_API_URL: upstream.url,
    WEB_API_LICENSE: 'bench',
  }
  const stitchboard = await startProcess(
    'server/main.ts',
    { ...env, CACHE_TTL_SECONDS: '5' },
    '/healthz',
    [],
    { realClock: true },
  )
  const nginx = await startNginx(dir, Number(new URL(upstream.url).port))
  try {
    const results: Record<string, Record<string, Load>> = {}
    let callsDuringLoad = 0
    const best = (a: Load | undefined, b: Load) => (a && a.rps >= b.rps ? a : b)
    for (const [scenario, paths] of Object.entries(SCENARIOS)) {
      const row: Record<string, Load> = {}
      for (let round = 0; round < ROUNDS; round++) {
        row.bare = best(row.bare, measure(bare, paths))
        const before = await upstreamCalls(upstream)
        row.stitchboard = best(row.stitchboard, measure(stitchboard, paths))
        callsDuringLoad += (await upstreamCalls(upstream)) - before
        if (nginx) row.nginx = best(row.nginx, measure(nginx, paths))
      }
      results[scenario] = row
    }

    // coalescing: an answer nobody has asked for yet, a slow upstream, N identical requests at once
    await fetch(`${upstream.url}/__delay=300`)
    const start = await upstreamCalls(upstream)
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () => fetch(`${stitchboard.url}${COLD_PATH}`)),
    )
    const coalesced = (await upstreamCalls(upstream)) - start
    await fetch(`${upstream.url}/__delay=0`)
    const ok = answers.filter((a) => a.status === 200).length
    return { results, callsDuringLoad, coalesced, ok }
  } finally {
    await Promise.all([stitchboard.stop(), bare.stop(), upstream.stop(), nginx?.stop()])
  }
}

export function printProxy({
  results,
  callsDuringLoad,
  coalesced,
  ok,
}: Awaited<ReturnType<typeof benchProxy>>) {
  console.log(
    `proxy: ${CONNECTIONS} connections, best of ${ROUNDS} interleaved ${SECONDS}-s runs per server and scenario, answers from cache`,
  )
  console.log(
    'scenario'.padEnd(9),
    'server'.padEnd(12),
    'req/s'.padStart(8),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'vs bare'.padStart(8),
    'CPU µs/req'.padStart(11),
    'non-2xx'.padStart(8),
  )
  for (const [scenario, row] of Object.entries(results)) {
    for (const [name, r] of Object.entries(row)) {
      const ratio = `${Math.round((100 * r.rps) / row.bare!.rps)}%`
      const cpu = r.cpuMicros === undefined ? '-' : r.cpuMicros.toFixed(1)
      console.log(
        scenario.padEnd(9),
        name.padEnd(12),
        r.rps.toFixed(0).padStart(8),
        String(r.p50).padStart(7),
        String(r.p99).padStart(7),
        ratio.padStart(8),
        cpu.padStart(11),
        String(r.non2xx + r.errors).padStart(8),
      )
    }
  }
  if (!results.reports?.nginx) console.log('nginx: not installed (apt-get install nginx-light to compare)')
  console.log(`upstream calls during the stitchboard runs: ${callsDuringLoad} (CACHE_TTL_SECONDS=5)`)
  console.log(
    `${CONCURRENT} identical concurrent requests, uncached, slow upstream: ${coalesced} upstream call(s), ${ok} answered 200`,
  )
  for (const [scenario, row] of Object.entries(results)) {
    const rps = Math.round((100 * row.stitchboard!.rps) / row.bare!.rps)
    const cpu =
      row.bare!.cpuMicros && row.stitchboard!.cpuMicros
        ? Math.round((100 * row.bare!.cpuMicros) / row.stitchboard!.cpuMicros)
        : NaN
    console.log(
      `budget (${scenario}): stitchboard ≥ 90% of bare node:http → ${rps}% by req/s, ${cpu}% by CPU per request`,
    )
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printProxy(await benchProxy())
