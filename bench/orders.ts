// One piece: bench:orders asks one finish model the same question of three sources (the demo's history, the
// held-out upstream, a simulation), and reads as one argument.
import { createDemoUpstream } from '../server/demo/app'
import { generateLogs, type Run, type Segment } from '../server/demo/machine-log'
import { betweenOf } from '../server/orders/finish'
import { Calendar, type Cycle, passCycle, scheduleOrders } from '../src/lib/order-finish'
import type { Order } from '../src/lib/orders'
import type { MsSpan } from '../src/lib/plan'
import { startProcess, testNow } from '../test/e2e/harness'
import { HELD_OUT_KEY } from '../test/held-out/settings'
import { MACHINES as HELD_OUT_MACHINES } from '../test/held-out/upstream'

/**
 * `npm run bench:orders`: how good are the orders' finish times (issue 52)? stitchboard's own finish model
 * (src/lib/order-finish.ts) is asked when each order will be done at 25, 50 and 75 % of its pieces, from
 * what it would have learned by then, and the answer is compared with when the order really finished.
 * Goal: at 50 %, the median error is at most 10 % of the time that was left. Three sources:
 *
 * - **The demo's history** (server/demo, its companies that work every shift, 40 days before its pinned
 *   day): every run of 6 or more consecutive completed passes of one design on a machine is an order of passes × active
 *   heads pieces, finished when its last pass ended. What is learned at a moment is what the server would
 *   have had: the runningtime report's running seconds of the design's passes on the machine over the 14
 *   days before (minimum, mean, maximum, count), and the short stops (< 15 min, a design loaded) it would
 *   have recorded over those days divided by the machine's passes. The machines work all shifts.
 * - **The held-out upstream** (test/held-out/upstream.ts, started as a process, asked over HTTP): an order
 *   of 40 passes of each machine's design from 10 days back; it finished when the number-of-pieces report
 *   from its start first counts 40 passes. Learned from its runningtime answer, and from its
 *   machine-summary's time not producing (what stitchboard would have recorded standing) over its passes.
 * - **A simulation** of a factory in the same shapes with known spreads, to check that the p10–p90 range
 *   holds 8 finishes in 10 (a replay of one deterministic server cannot say that):
 * - 8 machines of 4–20 heads at 650–1,000 stitches a minute; 12 designs of 3,000–45,000 stitches.
 * - A pass of a design on a machine takes its stitches over the speed, ×1.02–1.15 for the machine and
 *   design, then log-normally ±6 %, plus its thread breaks (Poisson, more on more heads and longer
 *   designs), 30–90 s each to mend.
 * - Between passes the machine stands for hooping: 45 s + 6 s a head, ±15 s; one time in 25 a frame change
 *   or a jam of 4–12 minutes.
 * - What stitchboard learns, as the server does: the last 14 days' passes of the design on the machine as
 *   the runningtime report gives them (minimum, mean and maximum, whole seconds) and the time between
 *   passes as the short stops it recorded over the passes (80 past cycles).
 * - Orders of 12–80 cycles on one machine, in two shifts (06:00–22:00) with two half-hour breaks; the
 *   model and the simulated machine work in the same calendar, so what is measured is the learning and
 *   the spread, not the calendar.
 * - For comparison, the static estimate of embroidery software: the stitch count over the machine's set
 *   speed, passes only.
 */
const ORDERS = 400
const PAST_CYCLES = 80
const FRACTIONS = [0.25, 0.5, 0.75] as const
const Z90 = 1.2816
const DAY = 86_400_000
const HOUR = 3_600_000
const T0 = Date.UTC(2026, 0, 5) // a Monday: only the simulation's origin, never the clock

/** mulberry32: a small seeded generator, so every run is the same. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
const rnd = random(52)
const uniform = (a: number, b: number) => a + (b - a) * rnd()
const gauss = () => Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
const poisson = (mean: number) => {
  let n = 0
  for (let p = Math.exp(-mean), s = rnd(); s > p; s *= rnd()) n++
  return n
}

interface Machine {
  id: string
  heads: number
  speed: number
}
const MACHINES: Machine[] = [4, 6, 8, 12, 12, 15, 18, 20].map((heads, i) => ({
  id: `M${i + 1}`,
  heads,
  speed: Math.round(uniform(650, 1000)),
}))
const DESIGNS = Array.from({ length: 12 }, (_, i) => ({
  id: `D${i + 1}`,
  stitches: Math.round(uniform(3000, 45_000)),
}))

/** The true behaviour of a design on a machine: one pass, and the stand between passes (ms). */
function truth(m: Machine, stitches: number) {
  const slow = uniform(1.02, 1.15)
  const base = (stitches / m.speed) * 60_000 * slow
  const pass = () => {
    const breaks = poisson((m.heads * stitches) / 600_000)
    let ms = base * Math.exp(0.06 * gauss())
    for (let i = 0; i < breaks; i++) ms += uniform(30_000, 90_000)
    return ms
  }
  const between = () =>
    rnd() < 0.04 ? uniform(4, 12) * 60_000 : Math.max(10_000, 45_000 + 6_000 * m.heads + 15_000 * gauss())
  return { pass, between }
}

/** Two shifts, 06:00–22:00, less breaks at 12:00 and 18:00 (30 min), for 120 days from T0. */
const SPANS: MsSpan[] = Array.from({ length: 120 }, (_, d) => {
  const day = T0 + d * DAY
  return [
    [day + 6 * HOUR, day + 12 * HOUR],
    [day + 12.5 * HOUR, day + 18 * HOUR],
    [day + 18.5 * HOUR, day + 22 * HOUR],
  ] as MsSpan[]
}).flat()
const CALENDAR = new Calendar(SPANS)
/** The instant `work` ms of working time after the calendar's start are done. */
function atWork(work: number): number {
  let left = work
  for (const [a, b] of SPANS) {
    if (left <= b - a) return a + left
    left -= b - a
  }
  throw new Error('beyond the calendar')
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
const sortedAbs = (xs: readonly number[]) => xs.map(Math.abs).sort((a, b) => a - b)
const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length

interface Sample {
  remainingMs: number
  errorMs: number
  covered: boolean
  staticErrorMs: number
}

function simulated(): Map<number, Sample[]> {
  const samples = new Map<number, Sample[]>(FRACTIONS.map((f) => [f, []]))
  for (let n = 0; n < ORDERS; n++) {
    const machine = MACHINES[Math.floor(rnd() * MACHINES.length)]!
    const design = DESIGNS[Math.floor(rnd() * DESIGNS.length)]!
    const { pass, between } = truth(machine, design.stitches)
    // what stitchboard learned of the last 14 days
    const past = Array.from({ length: PAST_CYCLES }, () => ({ pass: pass(), between: between() }))
    const seconds = past.map((p) => p.pass / 1000)
    // short stops only (< 15 min), as OrderStore.shortStops counts them
    const stops = past.flatMap((p) => (p.between < 15 * 60_000 ? [p.between] : []))
    const cycle = passCycle(
      {
        minSeconds: Math.floor(Math.min(...seconds)),
        meanSeconds: Math.floor(mean(seconds)),
        maxSeconds: Math.floor(Math.max(...seconds)),
        passes: PAST_CYCLES,
      },
      betweenOf(
        {
          totalMs: stops.reduce((s, d) => s + d, 0),
          squaresMs2: stops.reduce((s, d) => s + d * d, 0),
          count: stops.length,
        },
        PAST_CYCLES,
      ),
      machine.heads,
    )
    // the order, sewn for real from a random start on a working day
    const cycles = 12 + Math.floor(rnd() * 69)
    const quantity = cycles * machine.heads
    const startWork = CALENDAR.workTo(T0 + Math.floor(rnd() * 30) * DAY + 6 * HOUR)
    const ends: number[] = []
    let work = startWork
    for (let c = 0; c < cycles; c++) {
      work += (c > 0 ? between() : 0) + pass()
      ends.push(work)
    }
    const actual = atWork(ends.at(-1)!)
    for (const fraction of FRACTIONS) {
      const done = Math.ceil(fraction * cycles)
      const now = atWork(ends[done - 1]!)
      const finish = predict(now, quantity - done * machine.heads, cycle, CALENDAR)
      const staticAt = atWork(
        CALENDAR.workTo(now) + (cycles - done) * (design.stitches / machine.speed) * 60_000,
      )
      samples.get(fraction)!.push(sample(now, actual, finish, staticAt))
    }
  }
  return samples
}

/** The finish the model gives `remaining` pieces of a design on one machine, working in `calendar` (by
 * default without a gap). */
function predict(
  now: number,
  remaining: number,
  cycle: Cycle,
  calendar = new Calendar([[now, now + 120 * DAY]]),
) {
  const order: Order = {
    id: 1,
    reference: 'B-1',
    customer: 'Bench',
    dueAt: now + 90 * DAY,
    priority: 'normal',
    machineIds: ['M'],
    note: '',
    lines: [{ id: 1, designId: 'D', quantity: remaining, made: 0, doneAt: null }],
    createdAt: now,
    createdBy: 'bench',
    updatedAt: now,
    updatedBy: 'bench',
    version: 1,
    doneAt: null,
  }
  const [finish] = scheduleOrders({
    now,
    orders: [order],
    machines: [
      {
        id: 'M',
        name: 'M',
        locationId: null,
        designId: 'D',
        calendar,
        cycleOf: () => cycle,
      },
    ],
    shifts: [],
  })
  return finish!
}

const sample = (
  now: number,
  actual: number,
  finish: ReturnType<typeof predict>,
  staticAt: number,
): Sample => ({
  remainingMs: actual - now,
  errorMs: finish.finishAt! - actual,
  covered: finish.earliestAt! <= actual && actual <= finish.latestAt!,
  staticErrorMs: staticAt - actual,
})

/** The demo's pinned day (test/demo-client's FIXED_NOW): the replay reads the 40 days before it. */
const DEMO_NOW = Date.UTC(2026, 10, 18, 10, 30)
const LEARN_MS = 14 * DAY
/** The fewest consecutive passes of one design on a machine that make an order of the demo's history. */
const MIN_PASSES = 6
const SHORT_MS = 15 * 60_000

/** The demo's orders, short (6–7 passes) and longer (8 or more) apart. */
function demoReplay(): { short: Map<number, Sample[]>; long: Map<number, Sample[]> } {
  const short = new Map<number, Sample[]>(FRACTIONS.map((f) => [f, []]))
  const long = new Map<number, Sample[]>(FRACTIONS.map((f) => [f, []]))
  const { factory } = createDemoUpstream({ now: () => DEMO_NOW, timeZone: 'Europe/Berlin' })
  const today = Math.floor(DEMO_NOW / DAY)
  // the companies that work every shift (the server's default calendar: the whole day)
  for (const company of factory.companies.filter((c) => c.workingShifts === 'all'))
    for (const machine of company.machines) {
      const runs: Run[] = []
      const segments: Segment[] = []
      for (let day = today - 40; day < today; day++) {
        const logs = generateLogs(factory.options, company, machine, day)
        runs.push(...logs.runs)
        segments.push(...logs.segments)
      }
      const done = runs.filter((r) => r.completed)
      // what stitchboard would have learned by `now` (ms) of `design` on this machine
      const learned = (now: number, design: number): Cycle | null => {
        const from = (now - LEARN_MS) / 1000
        const till = now / 1000
        const inWindow = done.filter((r) => r.end > from && r.end <= till)
        const times = inWindow.filter((r) => r.design === design).map((r) => Math.floor(r.running))
        if (times.length === 0) return null
        let totalMs = 0
        let squaresMs2 = 0
        let count = 0
        for (const g of segments) {
          if (g.status === 'running' || g.status === 'offline' || g.design < 0) continue
          if ((g.end - g.start) * 1000 >= SHORT_MS || g.end <= from || g.start >= till) continue
          const ms = (Math.min(g.end, till) - Math.max(g.start, from)) * 1000
          totalMs += ms
          squaresMs2 += ms * ms
          count++
        }
        const between =
          inWindow.length >= 5 ? betweenOf({ totalMs, squaresMs2, count }, inWindow.length) : null
        return passCycle(
          {
            minSeconds: Math.min(...times),
            meanSeconds: Math.floor(times.reduce((a, b) => a + b, 0) / times.length),
            maxSeconds: Math.max(...times),
            passes: times.length,
          },
          between,
          machine.activeHeads,
        )
      }
      // orders: runs of 8 or more consecutive completed passes of one design
      let i = 0
      while (i < runs.length) {
        let j = i
        while (j < runs.length && runs[j]!.completed && runs[j]!.design === runs[i]!.design) j++
        const passes = runs.slice(i, j)
        i = Math.max(j, i + 1)
        if (passes.length < MIN_PASSES || !passes[0]!.completed) continue
        const actual = passes.at(-1)!.end * 1000
        const stitches = company.designs[passes[0]!.design]!.stitches
        for (const fraction of FRACTIONS) {
          const k = Math.ceil(fraction * passes.length)
          const now = passes[k - 1]!.end * 1000
          const cycle = learned(now, passes[0]!.design)
          if (!cycle) continue
          const left = passes.length - k
          const staticAt = now + left * (stitches / machine.maxRpm) * 60_000
          const samples = passes.length >= 8 ? long : short
          samples.get(fraction)!.push(sample(now, actual, predict(now, left * cycle.pieces, cycle), staticAt))
        }
      }
    }
  return { short, long }
}

const HELD_OUT_PASSES = 40

async function heldOutReplay(): Promise<Map<number, Sample[]>> {
  const samples = new Map<number, Sample[]>(FRACTIONS.map((f) => [f, []]))
  const upstream = await startProcess('test/held-out/upstream.ts', {}, '/machines')
  try {
    const report = async (path: string, from: number, till: number, machineId: string) => {
      const answer = await fetch(
        `${upstream.url}${path}?from=${Math.floor(from / 1000)}&till=${Math.floor(till / 1000)}&machineIds=${machineId}`,
        { headers: { 'X-API-Key': HELD_OUT_KEY } },
      )
      if (!answer.ok) throw new Error(`${path}: HTTP ${answer.status}`)
      return ((await answer.json()) as { data: Array<Record<string, number>> }).data[0]!
    }
    // the held-out server runs on the tests' clock
    const nowMs = testNow() - 60_000
    for (const machine of HELD_OUT_MACHINES) {
      if (!machine.design) continue
      const start = nowMs - 10 * DAY
      const passesTo = async (at: number) =>
        (await report('/reports/number-of-pieces', start, at, machine.id)).passes!
      // the first whole second at which `n` passes are counted from the order's start
      const whenPasses = async (n: number): Promise<number | null> => {
        if ((await passesTo(nowMs)) < n) return null
        let lo = start
        let hi = nowMs
        while (hi - lo > 1000) {
          const mid = Math.floor((lo + hi) / 2000) * 1000
          if ((await passesTo(mid)) >= n) hi = mid
          else lo = mid
        }
        return hi
      }
      const actual = await whenPasses(HELD_OUT_PASSES)
      if (actual === null) continue
      for (const fraction of FRACTIONS) {
        const k = Math.ceil(fraction * HELD_OUT_PASSES)
        const now = (await whenPasses(k))!
        const from = now - LEARN_MS
        const times = await report('/reports/runningtime', from, now, machine.id)
        const summary = await report('/reports/machine-summary', from, now, machine.id)
        // stitchboard would have recorded the time it stood as short stops; their lengths are unknown
        // here, so they add to the mean only
        const standingMs = (summary.totalTime! - summary.productionTime!) * 1000
        const cycle = passCycle(
          {
            minSeconds: times.minTime!,
            meanSeconds: times.avgTime!,
            maxSeconds: times.maxTime!,
            passes: times.passes!,
          },
          summary.passes! >= 5 ? { meanMs: standingMs / summary.passes!, sdMs: 0 } : null,
          machine.activeHeads,
        )
        const left = HELD_OUT_PASSES - k
        const staticAt = now + left * (times.designStitches! / machine.rpm) * 60_000
        samples.get(fraction)!.push(sample(now, actual, predict(now, left * cycle.pieces, cycle), staticAt))
      }
    }
  } finally {
    await upstream.stop()
  }
  return samples
}

function summarise(source: string, samples: Map<number, Sample[]>) {
  return FRACTIONS.map((fraction) => {
    const list = samples.get(fraction)!
    const errors = sortedAbs(list.map((s) => s.errorMs))
    const statics = sortedAbs(list.map((s) => s.staticErrorMs))
    const relative = list.map((s) => Math.abs(s.errorMs) / s.remainingMs).sort((a, b) => a - b)
    return {
      source,
      donePercent: fraction * 100,
      orders: list.length,
      medianRemainingH: quantile(
        list.map((s) => s.remainingMs / HOUR).sort((a, b) => a - b),
        0.5,
      ),
      medianErrorMin: quantile(errors, 0.5) / 60_000,
      p90ErrorMin: quantile(errors, 0.9) / 60_000,
      medianRelativePercent: quantile(relative, 0.5) * 100,
      biasMin: mean(list.map((s) => s.errorMs)) / 60_000,
      coveredPercent: (100 * list.filter((s) => s.covered).length) / list.length,
      staticMedianErrorMin: quantile(statics, 0.5) / 60_000,
      staticBiasMin: mean(list.map((s) => s.staticErrorMs)) / 60_000,
    }
  })
}

export async function benchOrders() {
  const demo = demoReplay()
  return [
    ...summarise('demo history, orders of 6–7 passes', demo.short),
    ...summarise('demo history, orders of 8 passes or more', demo.long),
    ...summarise('held-out upstream', await heldOutReplay()),
    ...summarise('simulation', simulated()),
  ]
}

export function printOrders(rows: Awaited<ReturnType<typeof benchOrders>>) {
  console.log('Finish times asked at 25, 50 and 75 % of each order, against when it really finished')
  console.log(`(the spread is p10–p90, z = ${Z90}; the static estimate: stitch count at the set speed):`)
  console.log('')
  console.log(
    '| source | done | orders | time left (median) | error (median) | error (p90) | error / time left (median) | bias | finished within the spread | static: error (median) | static: bias |',
  )
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
  const signed = (min: number) => `${min >= 0 ? '+' : ''}${min.toFixed(0)} min`
  for (const r of rows)
    console.log(
      `| ${r.source} | ${r.donePercent} % | ${r.orders} | ${r.medianRemainingH.toFixed(1)} h | ${r.medianErrorMin.toFixed(0)} min | ${r.p90ErrorMin.toFixed(0)} min | ${r.medianRelativePercent.toFixed(1)} % | ${signed(r.biasMin)} | ${r.coveredPercent.toFixed(0)} % | ${r.staticMedianErrorMin.toFixed(0)} min | ${signed(r.staticBiasMin)} |`,
    )
  const atHalf = rows.filter((r) => r.donePercent === 50 && r.source !== 'simulation')
  const worst = Math.max(...atHalf.map((r) => r.medianRelativePercent))
  console.log('')
  console.log(
    `Goal: at 50 % done, the median error ≤ 10 % of the time left: ${worst.toFixed(1)} % at worst (${worst <= 10 ? 'met' : 'NOT met'}).`,
  )
}

if (process.argv[1]?.endsWith('orders.ts')) printOrders(await benchOrders())
