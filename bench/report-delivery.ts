// `npm run bench:reports`: what one shift report's e-mail costs the server (issue 37): the document in words,
// its HTML, CSV and PDF (pdfmake, on a thread of its own that ends with each PDF), for a report the size of
// the demo's (3 locations, 13 reasons, 5 status codes, the 5 longest stops, 5 hot spots, 3 best and 3 worst
// machines). Prints the time of the first and the median of 20 more, the files' sizes, and the process's RSS
// and heap before the first, after it, and after the 20 (each after a forced collection): what the server
// keeps of sending reports.
import { speaking } from '../server/messages'
import { reportPdf } from '../server/shift-reports/pdf'
import { reportCsv, reportHtml } from '../server/shift-reports/render'
import { documentWords, reportDocument } from '../src/lib/shift-report-document'
import type { ReportFigures } from '../src/lib/shift-report-figures'
import { defaultStopSettings } from '../src/lib/stop-reasons'

/** a report's budget: built and rendered well within a poll, and nothing of its PDF kept once sent */
export const REPORT_BUDGET_MS = 500
export const KEPT_BUDGET_MB = 10

const T0 = Date.UTC(2026, 10, 18, 5, 0)
const part = (i: number) => ({
  pieces: 1400 + i * 500,
  stitches: 4_000_000 + i * 100_000,
  targetPieces: 1500,
  targetStitches: 3_300_000,
  availability: 0.73,
  performance: 0.66,
  quality: null,
  oee: 0.48,
})
const reasons = defaultStopSettings().reasons
const figures: ReportFigures = {
  result: { target: { pieces: 5810, stitches: 9_900_000 }, ...part(0), teep: 0.43 },
  locations: [1, 2, 3].map((id) => ({ locationId: id, name: `Hall ${id}`, ...part(id) })),
  stops: {
    stopMs: 331_000_000,
    explainedMs: 200_000_000,
    plannedMs: 30_000_000,
    unexplainedMs: 51_000_000,
    shortMs: 80_000_000,
    share: 0.76,
    byReason: reasons.slice(0, 13).map((r, i) => ({
      reason: r.id,
      category: r.category,
      planned: r.planned,
      ms: (14 - i) * 3_000_000,
      count: 100 - i,
    })),
  },
  best: [1, 2, 3].map((i) => ({
    machineId: `M${i}`,
    name: `North ${i} · 15H`,
    runMs: 20_000_000,
    ...part(i),
  })),
  worst: [4, 5, 6].map((i) => ({
    machineId: `M${i}`,
    name: `South ${i} · 20H`,
    runMs: 16_000_000,
    ...part(i),
  })),
  byCode: [1012, 2, 9, 30, 40].map((code, i) => ({ code, ms: (5 - i) * 10_000_000, count: 50 * (5 - i) })),
  longest: [1, 2, 3, 4, 5].map((i) => ({
    machineId: `M${i}`,
    name: `Annex ${i} · 4H`,
    start: T0 + i * 3_600_000,
    end: T0 + i * 3_600_000 + 2_400_000,
    reason: reasons[i]!.id,
    code: 2,
  })),
  alerts: { alerts: 4, acknowledged: 3, medianResponseSeconds: 95, medianRepairSeconds: 610 },
  breaks: {
    total: 380,
    before: 329,
    hotSpots: [1, 2, 3, 4, 5].map((i) => ({
      machineId: `M${i}`,
      name: `North ${i} · 18H`,
      head: i * 3,
      breaks: 6 - i,
      before: 1,
    })),
  },
}
const report = {
  kind: 'shift' as const,
  shift: 'Early',
  start: T0,
  end: T0 + 8 * 3_600_000,
  builtAt: T0 + 8 * 3_600_000 + 600_000,
  figures,
}

const mb = (bytes: number) => bytes / 1024 / 1024
const memory = () => {
  globalThis.gc?.()
  const { rss, heapUsed } = process.memoryUsage()
  return { rssMb: mb(rss), heapMb: mb(heapUsed) }
}

async function once() {
  const started = performance.now()
  const words = speaking('de')
  const document = reportDocument(report, documentWords(words, 'Europe/Berlin', reasons, new Map()))
  const html = reportHtml(document, {
    language: 'de',
    link: { href: 'https://x/shift-reports/1', text: 'open' },
    attached: 'PDF, CSV',
  })
  const csv = reportCsv(document, ['Section', 'Table', 'Row', 'Column', 'Value'])
  const pdf = await reportPdf(document, document.title)
  return {
    ms: performance.now() - started,
    htmlKb: html.length / 1024,
    csvKb: csv.length / 1024,
    pdfKb: pdf.length / 1024,
  }
}

export async function benchReports() {
  const before = memory()
  const first = await once()
  const loaded = memory()
  const times: number[] = []
  let last = first
  for (let i = 0; i < 20; i++) {
    last = await once()
    times.push(last.ms)
  }
  times.sort((a, b) => a - b)
  const after = memory()
  // the allocator gives freed pages back after its decay time (npm start's MALLOC_CONF: 10 s)
  await new Promise((resolve) => setTimeout(resolve, 15_000))
  const settled = memory()
  return { first: first.ms, median: times[10]!, sizes: last, before, loaded, after, settled }
}

const r = await benchReports()
const f = (n: number) => n.toFixed(1)
console.log(
  `one report's e-mail (document, HTML, CSV, PDF), German: first ${f(r.first)} ms, then median ${f(r.median)} ms of 20 (budget ≤ ${REPORT_BUDGET_MS} ms)`,
)
console.log(`sizes: HTML ${f(r.sizes.htmlKb)} KiB, CSV ${f(r.sizes.csvKb)} KiB, PDF ${f(r.sizes.pdfKb)} KiB`)
console.log(
  `RSS / heap: before ${f(r.before.rssMb)} / ${f(r.before.heapMb)} MB, after the first ${f(r.loaded.rssMb)} / ${f(r.loaded.heapMb)} MB, after 20 more ${f(r.after.rssMb)} / ${f(r.after.heapMb)} MB, 15 s later ${f(r.settled.rssMb)} / ${f(r.settled.heapMb)} MB (kept 15 s after 20: budget ≤ ${KEPT_BUDGET_MB} MB more RSS than before the first)`,
)
