/**
 * `npm run bench:alerts` (issue 19): how many alerts the default rules raise on the demo factory.
 * Replays the last 7 days of the demo factory (its state log and its thread-break log, both as the server
 * would read them) through the server's rules and lifecycle, one evaluation per poll (15 s), the break
 * rules once a minute, and prints alerts per hour in every shift against the budget, by rule, and how
 * often an alert would have reached each escalation level with nobody acknowledging. Asserts nothing.
 * BENCH_COMPANY=demo-key-c replays the 200-machine company.
 */

import { replay } from '../server/alerts/replay'
import {
  type Condition,
  headBreakConditions,
  hotSpotConditions,
  stateConditions,
} from '../server/alerts/rules'
import { defaultSettings } from '../server/alerts/settings'
import { createDemoUpstream } from '../server/demo/app'
import type { OpenInterval } from '../server/history/store'
import { DEFAULT_SHIFTS } from '../server/shifts'
import { breakEventsOf, machineFactsOf } from '../src/api/contract/to-domain'
import { DEMO_STATUS_ENTRIES } from '../src/lib/status-codes'
import { shiftSpansAround } from '../src/lib/time-range'

const NOW = Date.UTC(2026, 10, 18, 10, 30)
const DAYS = 7
const POLL_MS = 15_000
const TIME_ZONE = 'Europe/Berlin'
const KEY = process.env.BENCH_COMPANY ?? 'demo-key-a'

const upstream = createDemoUpstream({ now: () => NOW, timeZone: TIME_ZONE })
const get = async (path: string) => {
  const response = await upstream.app.request(path, { headers: { 'X-API-Key': KEY } })
  return (await response.json()) as unknown
}
const till = NOW / 1000
const from = till - DAYS * 86_400
const facts = machineFactsOf(await get('/machines'))
const log = (await get(`/__demo/state-log?from=${from}&till=${till}`)) as {
  data: { machine_id: string; spans: [number, number, number | null, boolean, string | null, boolean][] }[]
}
const { events } = breakEventsOf(
  await get(`/reports/threadbreaks-by-machine?from=${from}&till=${till}&machineIds=all`),
)
const ascending = [...events].sort((a, b) => a.at - b.at)
const settings = defaultSettings()
// BENCH_MINUTES=3: every state's threshold that many minutes (the "few minutes" of a trial)
if (process.env.BENCH_MINUTES)
  for (const state of Object.keys(settings.rules.state.minutes) as Array<
    keyof typeof settings.rules.state.minutes
  >)
    settings.rules.state.minutes[state] = Number(process.env.BENCH_MINUTES)
const codes = new Map(DEMO_STATUS_ENTRIES.map((e) => [e.code, e]))
const shifts = shiftSpansAround(till, TIME_ZONE, DEFAULT_SHIFTS)
  .concat(
    ...Array.from({ length: DAYS + 1 }, (_, d) =>
      shiftSpansAround(till - d * 86_400, TIME_ZONE, DEFAULT_SHIFTS),
    ),
  )
  .filter(({ span }) => span[0] >= from && span[1] <= till)
  .filter((s, i, all) => all.findIndex((o) => o.span[0] === s.span[0]) === i)
  .sort((a, b) => a.span[0] - b.span[0])

function* evaluations() {
  const cursor = new Map<string, number>()
  let breakConditions: Condition[] = []
  for (let at = from * 1000; at <= till * 1000; at += POLL_MS) {
    const open: OpenInterval[] = []
    for (const m of log.data) {
      let i = cursor.get(m.machine_id) ?? 0
      while (i < m.spans.length - 1 && m.spans[i]![1] * 1000 <= at) i++
      cursor.set(m.machine_id, i)
      const [start, , code, turning, designId, reporting] = m.spans[i]!
      open.push({
        id: 0,
        machineId: m.machine_id,
        code,
        turning,
        reporting,
        designId,
        startedAt: start * 1000,
        seenSince: false,
      })
    }
    if (at % 60_000 === 0) {
      const shift = shifts.find(({ span }) => span[0] * 1000 <= at && at < span[1] * 1000)
      const inShift = shift
        ? ascending.filter((e) => e.at >= shift.span[0] * 1000 && e.at <= at).reverse()
        : []
      breakConditions = [
        ...headBreakConditions(inShift, settings.rules['head-breaks'], at),
        ...hotSpotConditions(inShift, facts, settings.rules['hot-spot']),
      ]
    }
    yield {
      at,
      conditions: [...stateConditions(open, facts, codes, settings.rules.state, at), ...breakConditions],
    }
  }
}

const started = performance.now()
const alerts = replay(evaluations(), settings)
const spent = performance.now() - started
const hours = (span: readonly [number, number]) => (span[1] - span[0]) / 3600
console.info(
  `Alerts on the demo factory (${facts.size} machines, ${KEY}), ${process.env.BENCH_MINUTES ? `state thresholds ${process.env.BENCH_MINUTES} min` : 'default rules'}, ${DAYS} days to ${new Date(NOW).toISOString()}`,
)
console.info(
  `replayed ${(DAYS * 86_400_000) / POLL_MS} polls in ${(spent / 1000).toFixed(1)} s; ${events.length} thread breaks`,
)
console.info(
  `alerts in all: ${alerts.length} (${(alerts.length / (DAYS * 24)).toFixed(2)} per hour); budget ${settings.alertsPerHour} per hour`,
)
const byRule = new Map<string, number>()
for (const a of alerts) byRule.set(a.rule, (byRule.get(a.rule) ?? 0) + 1)
console.info(`by rule: ${[...byRule].map(([r, n]) => `${r} ${n}`).join(', ')}`)
const rates = shifts.map(({ shift, span }) => {
  const n = alerts.filter((a) => a.raisedAt >= span[0] * 1000 && a.raisedAt < span[1] * 1000).length
  return {
    name: shift.name,
    day: new Date(span[0] * 1000).toISOString().slice(0, 10),
    n,
    perHour: n / hours(span),
  }
})
const worst = rates.reduce((a, b) => (b.perHour > a.perHour ? b : a))
const sorted = rates.map((r) => r.perHour).sort((a, b) => a - b)
console.info(
  `per shift (${rates.length} shifts): median ${sorted[sorted.length >> 1]!.toFixed(2)}/h, worst ${worst.perHour.toFixed(2)}/h (${worst.name} ${worst.day}: ${worst.n} alerts), over budget: ${rates.filter((r) => r.perHour > settings.alertsPerHour).length}`,
)
const levels = settings.rules.state.levels
for (const [i, level] of levels.entries()) {
  const n = alerts.filter((a) => a.told.some(([l]) => l === i)).length
  console.info(`reached "${level.name}" (after ${level.afterMinutes} min): ${n}`)
}
const repair = alerts
  .filter((a) => a.clearedAt !== null)
  .map((a) => (a.clearedAt! - a.since) / 60_000)
  .sort((a, b) => a - b)
console.info(`median time from cause to all clear: ${repair[repair.length >> 1]?.toFixed(1) ?? '–'} min`)
const byCause = new Map<string, number>()
for (const a of alerts) byCause.set(a.cause, (byCause.get(a.cause) ?? 0) + 1)
console.info(`by cause: ${[...byCause].map(([c, n]) => `${c} ${n}`).join(', ')}`)
