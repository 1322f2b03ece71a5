import { performance } from 'node:perf_hooks'
import { createDemoUpstream } from '../server/demo/app'
import { REPORT_PATHS, REPORT_SPECS } from '../src/api/contract/report-params'

/** `npm run bench:demo`: every report over 31 days for all machines of company A, through the demo
 * upstream's HTTP handler (query parsing, computation and JSON included). Budget: ≤ 200 ms each.
 * "cold" is a fresh factory's first call for that report, which also generates 31 days of logs;
 * "warm" is the median of 7 further calls (logs cached, as in a running server after warm-up). */
const BUDGET_MS = 200
const DAYS = 31
const RUNS = 7

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function timed(app: ReturnType<typeof createDemoUpstream>['app'], path: string) {
  const start = performance.now()
  const response = await app.request(path, { headers: { 'X-API-Key': 'demo-key-a' } })
  const body = await response.text()
  return {
    ms: performance.now() - start,
    status: response.status,
    bytes: body.length,
    rows: body.split('},{').length,
  }
}

export async function benchDemoUpstream() {
  const now = Date.now()
  const till = Math.floor(now / 1000)
  const from = till - DAYS * 86_400
  const results = []
  for (const report of REPORT_PATHS) {
    const { app } = createDemoUpstream({ now: () => now })
    // each report with what it requires (myzsk-api.md): the machines where it takes them, the aggregated
    // report's grouping, and for the two design reports the catalogue's first design
    const requires: readonly string[] = REPORT_SPECS[report].requires
    const query = new URLSearchParams({ from: String(from), till: String(till) })
    if (requires.includes('machineIds')) query.set('machineIds', 'all')
    if (requires.includes('grouping')) query.set('grouping', 'both')
    if (requires.includes('designId')) {
      const designs = await app.request('/designs?limit=1', { headers: { 'X-API-Key': 'demo-key-a' } })
      const first = ((await designs.json()) as { data: Array<{ id: string; stitches: number }> }).data[0]!
      query.set('designId', first.id)
      query.set('designStitches', String(first.stitches))
    }
    const path = `${report}?${query}`
    const cold = await timed(app, path)
    const warm: number[] = []
    for (let i = 0; i < RUNS; i++) warm.push((await timed(app, path)).ms)
    if (cold.status !== 200) throw new Error(`${report} answered ${cold.status}`)
    results.push({
      report,
      rows: cold.rows,
      kilobytes: Math.round(cold.bytes / 1024),
      coldMs: cold.ms,
      warmMs: median(warm),
    })
  }
  return results
}

export function printDemoUpstream(results: Awaited<ReturnType<typeof benchDemoUpstream>>) {
  console.log(
    `demo upstream: each report over ${DAYS} days, all machines of company A (44), budget ${BUDGET_MS} ms`,
  )
  console.log(
    'report'.padEnd(46),
    'rows'.padStart(7),
    'KB'.padStart(6),
    'cold ms'.padStart(9),
    'warm ms'.padStart(9),
    ' ',
  )
  for (const r of results) {
    const ok = r.warmMs <= BUDGET_MS ? 'ok' : 'OVER'
    console.log(
      r.report.padEnd(46),
      String(r.rows).padStart(7),
      String(r.kilobytes).padStart(6),
      r.coldMs.toFixed(1).padStart(9),
      r.warmMs.toFixed(1).padStart(9),
      ok,
    )
  }
  const worst = results.reduce((a, b) => (b.warmMs > a.warmMs ? b : a))
  console.log(
    `slowest warm: ${worst.report} ${worst.warmMs.toFixed(1)} ms; slowest cold: ${Math.max(...results.map((r) => r.coldMs)).toFixed(1)} ms`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) printDemoUpstream(await benchDemoUpstream())
