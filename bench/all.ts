import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { BUNDLE_BUDGET_KIB, bundleSizes, printBundle } from './bundle'
import { benchDemoUpstream, printDemoUpstream } from './demo-upstream'
import { benchHeatmap, HEATMAP_BUDGET_MS, printHeatmap } from './heatmap'
import { benchKiosk, HEAP_BUDGET_MB, kioskGrowth, printKiosk } from './kiosk'
import { benchLighthouse, LIGHTHOUSE_BUDGET, LIGHTHOUSE_MOBILE_BUDGET, printLighthouse } from './lighthouse'
import { benchOrders, printOrders } from './orders'
import { benchProxy, printProxy } from './proxy'

/** `npm run bench`: every bench in turn (their own figures printed as they finish), then one table of
 * the budgets, written to stdout and bench/results.json. BENCHMARKS.md explains each figure. */
interface Row {
  bench: string
  figure: string
  value: string
  budget: string
  ok: boolean | null
}

const rows: Row[] = []
const raw: Record<string, unknown> = {}
const section = (title: string) => console.log(`\n=== ${title} ===`)

async function run<T>(
  name: string,
  bench: () => Promise<T> | T,
  print: (r: T) => void,
  summarise: (r: T) => void,
) {
  section(name)
  const started = Date.now()
  try {
    const result = await bench()
    print(result)
    summarise(result)
    raw[name] = result
  } catch (error) {
    console.log(`${name} failed: ${error instanceof Error ? error.message : String(error)}`)
    rows.push({ bench: name, figure: 'run', value: 'failed', budget: '', ok: false })
  }
  console.log(`(${name}: ${((Date.now() - started) / 1000).toFixed(0)} s)`)
}

execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' })

await run(
  'bundle',
  () => bundleSizes(),
  printBundle,
  (r) => {
    const worst = r.routes.reduce((a, b) => (b.kib > a.kib ? b : a))
    rows.push({
      bench: 'bundle',
      figure: `largest first load (${worst.route.replace(/^src\/features\//, '')})`,
      value: `${worst.kib.toFixed(1)} KiB gzip`,
      budget: `≤ ${BUNDLE_BUDGET_KIB} KiB`,
      ok: worst.kib <= BUNDLE_BUDGET_KIB,
    })
  },
)
await run('demo upstream', benchDemoUpstream, printDemoUpstream, (r) => {
  const worst = r.reduce((a, b) => (b.warmMs > a.warmMs ? b : a))
  rows.push({
    bench: 'demo upstream',
    figure: `slowest report, 31 days, 44 machines (${worst.report})`,
    value: `${worst.warmMs.toFixed(0)} ms`,
    budget: '≤ 200 ms',
    ok: worst.warmMs <= 200,
  })
})
await run('proxy', benchProxy, printProxy, (r) => {
  for (const [scenario, row] of Object.entries(r.results)) {
    const ratio = row.stitchboard && row.bare ? (100 * row.stitchboard.rps) / row.bare.rps : Number.NaN
    rows.push({
      bench: 'proxy',
      figure: `cache hits vs bare node:http (${scenario})`,
      value: `${ratio.toFixed(0)} % (${row.stitchboard?.rps.toFixed(0)} req/s)`,
      budget: '≥ 90 %',
      ok: ratio >= 90,
    })
  }
  rows.push({
    bench: 'proxy',
    figure: '200 identical concurrent GETs, uncached',
    value: `${r.coalesced} upstream call(s)`,
    budget: '1',
    ok: r.coalesced === 1,
  })
})
await run('heatmap', benchHeatmap, printHeatmap, (r) => {
  const page = r.find((s) => s.budget)
  if (page) {
    rows.push({
      bench: 'heatmap',
      figure: '100 × 15 × 15 to painted frame, 1920×1080',
      value: `${page.ms.toFixed(1)} ms (median)`,
      budget: `≤ ${HEATMAP_BUDGET_MS} ms`,
      ok: page.ms <= HEATMAP_BUDGET_MS,
    })
  }
})
await run('kiosk', benchKiosk, printKiosk, ({ samples, base }) => {
  const end = samples.at(-1) ?? base
  const { heapMB: growth, detached, startDetached } = kioskGrowth(samples)
  rows.push({
    bench: 'kiosk',
    figure: `JS heap growth (${end.rotations - base.rotations} rotations, ${end.refreshes - base.refreshes} refreshes)`,
    value: `${growth.toFixed(2)} MB`,
    budget: `≤ ${HEAP_BUDGET_MB} MB`,
    ok: growth <= HEAP_BUDGET_MB,
  })
  rows.push({
    bench: 'kiosk',
    figure: 'detached DOM nodes (alive, out of the page), change',
    value: `${detached >= 0 ? '+' : ''}${detached} (from ${startDetached})`,
    budget: 'flat (±50)',
    ok: Math.abs(detached) <= 50,
  })
})
await run('orders', benchOrders, printOrders, (r) => {
  for (const row of r.filter((x) => x.donePercent === 50))
    rows.push({
      bench: 'orders',
      figure: `${row.source}: median finish error at 50 % done, of the time left (within p10–p90: ${row.coveredPercent.toFixed(0)} %)`,
      value: `${row.medianRelativePercent.toFixed(1)} %`,
      budget: '≤ 10 %',
      ok: row.medianRelativePercent <= 10,
    })
})
await run('lighthouse', benchLighthouse, printLighthouse, (all) => {
  for (const [form, budget] of [
    ['desktop', LIGHTHOUSE_BUDGET],
    ['mobile', LIGHTHOUSE_MOBILE_BUDGET],
  ] as const) {
    const r = all.filter((x) => x.form === form)
    if (r.length === 0) continue
    for (const key of Object.keys(budget) as Array<keyof typeof budget>) {
      const worst = r.reduce((a, b) => (b.scores[key] < a.scores[key] ? b : a))
      rows.push({
        bench: 'lighthouse',
        figure: `lowest ${key} of ${r.length} pages, ${form} (${worst.page})`,
        value: String(worst.scores[key]),
        budget: `≥ ${budget[key]}`,
        ok: worst.scores[key] >= budget[key],
      })
    }
  }
})

section('summary')
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`
console.log(`${new Date().toISOString()} on ${machine}`)
const width = Math.max(...rows.map((r) => r.figure.length))
for (const r of rows) {
  const verdict = r.ok === null ? '' : r.ok ? 'ok' : 'OVER'
  console.log(
    `${r.bench.padEnd(14)} ${r.figure.padEnd(width)}  ${r.value.padStart(24)}  ${r.budget.padEnd(10)} ${verdict}`,
  )
}
writeFileSync(
  'bench/results.json',
  `${JSON.stringify({ takenAt: new Date().toISOString(), machine, summary: rows, results: raw }, null, 2)}\n`,
)
console.log('written: bench/results.json')
