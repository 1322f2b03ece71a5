import { Calendar, type Cycle, passSpread, scheduleOrders } from '../src/lib/order-finish'
import type { Order } from '../src/lib/orders'
import type { MsSpan } from '../src/lib/plan'

/**
 * `npm run bench:orders`: how good are the orders' finish times (issue 52)? A factory is simulated in the
 * shapes stitchboard learns from, and stitchboard's own finish model (src/lib/order-finish.ts) is asked
 * when each order will be done at 25, 50 and 75 % of its pieces; the answer is compared with when the
 * simulated machine really finished it.
 *
 * The simulation (seeded, so every run prints the same table):
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

export function benchOrders() {
  const samples = new Map<number, Sample[]>(FRACTIONS.map((f) => [f, []]))
  for (let n = 0; n < ORDERS; n++) {
    const machine = MACHINES[Math.floor(rnd() * MACHINES.length)]!
    const design = DESIGNS[Math.floor(rnd() * DESIGNS.length)]!
    const { pass, between } = truth(machine, design.stitches)
    // what stitchboard learned of the last 14 days
    const past = Array.from({ length: PAST_CYCLES }, () => ({ pass: pass(), between: between() }))
    const seconds = past.map((p) => p.pass / 1000)
    const spread = passSpread({
      minSeconds: Math.floor(Math.min(...seconds)),
      meanSeconds: Math.floor(mean(seconds)),
      maxSeconds: Math.floor(Math.max(...seconds)),
    })
    // short stops only (< 15 min), as OrderStore.shortStops counts them
    const stops = past.flatMap((p) => (p.between < 15 * 60_000 ? [p.between] : []))
    const betweenMs = stops.reduce((s, d) => s + d, 0) / PAST_CYCLES
    const betweenVar = Math.max(
      0,
      stops.reduce((s, d) => s + d * d, 0) / PAST_CYCLES -
        (betweenMs * betweenMs * PAST_CYCLES) / stops.length,
    )
    const cycle: Cycle = {
      meanMs: spread.meanMs + betweenMs,
      sdMs: Math.sqrt(spread.sdMs ** 2 + betweenVar),
      pieces: machine.heads,
      source: 'passes',
      betweenLearned: true,
      seen: PAST_CYCLES,
    }
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
      const order: Order = {
        id: n + 1,
        reference: `B-${n + 1}`,
        customer: 'Bench',
        dueAt: now + 60 * DAY,
        priority: 'normal',
        machineIds: [machine.id],
        note: '',
        lines: [{ id: n + 1, designId: design.id, quantity, made: done * machine.heads, doneAt: null }],
        createdAt: atWork(startWork),
        createdBy: 'bench',
        updatedAt: atWork(startWork),
        updatedBy: 'bench',
        version: 1,
        doneAt: null,
      }
      const [finish] = scheduleOrders({
        now,
        orders: [order],
        machines: [
          {
            id: machine.id,
            name: machine.id,
            locationId: null,
            designId: design.id,
            calendar: CALENDAR,
            cycleOf: () => cycle,
          },
        ],
        shifts: [],
      })
      const staticAt = atWork(
        CALENDAR.workTo(now) + (cycles - done) * (design.stitches / machine.speed) * 60_000,
      )
      samples.get(fraction)!.push({
        remainingMs: actual - now,
        errorMs: finish!.finishAt! - actual,
        covered: finish!.earliestAt! <= actual && actual <= finish!.latestAt!,
        staticErrorMs: staticAt - actual,
      })
    }
  }
  return FRACTIONS.map((fraction) => {
    const list = samples.get(fraction)!
    const errors = sortedAbs(list.map((s) => s.errorMs))
    const statics = sortedAbs(list.map((s) => s.staticErrorMs))
    const relative = list.map((s) => Math.abs(s.errorMs) / s.remainingMs).sort((a, b) => a - b)
    return {
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

export function printOrders(rows: ReturnType<typeof benchOrders>) {
  console.log(
    `Finish times of ${ORDERS} simulated orders (12–80 cycles on one machine), asked at 25, 50 and 75 % done,`,
  )
  console.log(`against when they really finished (minutes; the spread is p10–p90, z = ${Z90}):`)
  console.log('')
  console.log(
    '| done | orders | remaining (median) | error (median) | error (p90) | error / remaining (median) | bias | finished within the spread | static estimate: error (median) | static: bias |',
  )
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
  for (const r of rows)
    console.log(
      `| ${r.donePercent} % | ${r.orders} | ${r.medianRemainingH.toFixed(1)} h | ${r.medianErrorMin.toFixed(0)} min | ${r.p90ErrorMin.toFixed(0)} min | ${r.medianRelativePercent.toFixed(1)} % | ${r.biasMin >= 0 ? '+' : ''}${r.biasMin.toFixed(0)} min | ${r.coveredPercent.toFixed(0)} % | ${r.staticMedianErrorMin.toFixed(0)} min | ${r.staticBiasMin >= 0 ? '+' : ''}${r.staticBiasMin.toFixed(0)} min |`,
    )
}

if (process.argv[1]?.endsWith('orders.ts')) printOrders(benchOrders())
