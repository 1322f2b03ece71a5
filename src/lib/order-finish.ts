// One piece: the finish-time model of the order book (calendar, cycles, schedule, save suggestions) is one
// argument, and its parts only make sense together.
import { lowerBound } from './binary-search'
import { type OpenLine, type Order, openLinesOf } from './orders'
import type { MsSpan } from './plan'
import { mergeSpans } from './plan'

/**
 * When will an order be finished? (issue 52). Each open line is sewn in cycles: one pass of its design on
 * a machine, plus the time the machine stands between passes (hooping, frame change, thread-break repair)
 * as stitchboard saw it; a cycle makes as many pieces as the machine has active heads. Cycles run only in
 * the machine's working time: its shifts less breaks and planned stops. Lines are scheduled due first (as
 * the machines' pieces are given to them), each on the machines it is meant for, else the machines that
 * have its design loaded, else the one machine that would finish it first; a line waits for the work
 * scheduled before it on the same machines. Times are Unix milliseconds.
 */

/** How many cycles' spread: the 10th and 90th percentiles of a normal distribution (z = 1.2816). */
const Z90 = 1.2816

/** A pass of a design on a machine, as the vendor's runningtime report gives it (seconds). */
export interface PassTimes {
  minSeconds: number
  meanSeconds: number
  maxSeconds: number
}

/** The spread of one pass, from its minimum, mean and maximum: the triangular distribution with that
 * minimum and maximum whose mode puts its mean nearest the mean seen. Returns its mean and standard
 * deviation in ms. */
export function passSpread({ minSeconds, meanSeconds, maxSeconds }: PassTimes): {
  meanMs: number
  sdMs: number
} {
  const a = Math.min(minSeconds, meanSeconds)
  const b = Math.max(maxSeconds, meanSeconds)
  const c = Math.min(b, Math.max(a, 3 * meanSeconds - a - b))
  const variance = (a * a + b * b + c * c - a * b - a * c - b * c) / 18
  return { meanMs: meanSeconds * 1000, sdMs: Math.sqrt(Math.max(0, variance)) * 1000 }
}

/** One cycle of a design on a machine. */
export interface Cycle {
  /** the mean cycle: the pass and the time between passes (ms) */
  meanMs: number
  /** the standard deviation of one cycle (ms) */
  sdMs: number
  /** pieces a cycle makes: the machine's active heads */
  pieces: number
  /** `passes`: learned from the machine's own passes of the design; `stitches`: a design it never sewed,
   * its stitch count over the machine's usual speed */
  source: 'passes' | 'stitches'
  /** the time between passes was learned from what stitchboard saw (false: the pass alone) */
  betweenLearned: boolean
  /** the passes its mean was learned from: n cycles are then uncertain by n·sd/√seen as well, as the
   * mean itself is (null: the mean is taken as known) */
  seen: number | null
}

/**
 * The cycle a machine's own passes of a design teach (`passes`: the runningtime report's minimum, mean
 * and maximum, and how many): the pass's spread, joined by the time the machine stands between passes
 * where that was learned (mean and standard deviation; null: the pass alone).
 */
export function passCycle(
  passes: PassTimes & { passes: number },
  between: { meanMs: number; sdMs: number } | null,
  pieces: number,
): Cycle {
  const { meanMs, sdMs } = passSpread(passes)
  return {
    meanMs: meanMs + (between?.meanMs ?? 0),
    sdMs: Math.sqrt(sdMs ** 2 + (between?.sdMs ?? 0) ** 2),
    pieces,
    source: 'passes',
    betweenLearned: between !== null,
    seen: passes.passes,
  }
}

/** A machine's working time from one instant on: sorted, disjoint spans with the work done before each. */
export class Calendar {
  private readonly spans: MsSpan[]
  private readonly before: number[]
  constructor(spans: readonly MsSpan[]) {
    this.spans = mergeSpans(spans)
    this.before = []
    let sum = 0
    for (const [a, b] of this.spans) {
      this.before.push(sum)
      sum += b - a
    }
  }
  /** where the calendar ends: work cannot be scheduled beyond it */
  get end(): number {
    return this.spans.at(-1)?.[1] ?? Number.NEGATIVE_INFINITY
  }
  /** working time from the calendar's start up to `at` */
  workTo(at: number): number {
    const i = lowerBound(this.spans, at, (s) => s[1])
    if (i >= this.spans.length) return this.total
    const [a] = this.spans[i]!
    return this.before[i]! + Math.max(0, at - a)
  }
  get total(): number {
    const last = this.spans.length - 1
    return last < 0 ? 0 : this.before[last]! + (this.spans[last]![1] - this.spans[last]![0])
  }
  /** the first working instant at or after `at` (null: none left) */
  nextWorking(at: number): number | null {
    const i = lowerBound(this.spans, at, (s) => s[1] - 1)
    if (i >= this.spans.length) return null
    return Math.max(at, this.spans[i]![0])
  }
}

/** A machine the schedule may use. */
export interface FinishMachine {
  id: string
  name: string
  locationId: number | null
  /** the design it has loaded now */
  designId: string | null
  calendar: Calendar
  /** its cycle of a design, null when it cannot be told (no passes and no stitch count or speed) */
  cycleOf: (designId: string) => Cycle | null
}

/** When a line will be finished: the expected instant and its 10th–90th percentile spread, each null
 * beyond the calendar ("later than four weeks"). */
export interface LineFinish {
  lineId: number
  designId: string
  remaining: number
  machineIds: string[]
  finishAt: number | null
  earliestAt: number | null
  latestAt: number | null
  /** `stitches`: at least one machine's cycle is from the stitch count, never seen sewn */
  source: 'passes' | 'stitches'
  betweenLearned: boolean
}

/** What would save a late order. */
export type SaveSuggestion =
  | { kind: 'add-machine'; machineId: string; name: string; freeAt: number; finishAt: number }
  | { kind: 'overtime'; hours: number; shift: string | null }
  /** more work short than the last shift before the due time could give: a new date is needed */
  | { kind: 'short'; hours: number }

export type FinishState = 'on-time' | 'at-risk' | 'late' | 'unknown'

export interface OrderFinish {
  orderId: number
  state: FinishState
  finishAt: number | null
  earliestAt: number | null
  latestAt: number | null
  /** due − expected finish (ms): positive to spare, negative late; null when the finish is unknown */
  marginMs: number | null
  lines: LineFinish[]
  save: SaveSuggestion | null
  /** why the finish cannot be told (`no-machine`: no machine has a cycle of a design) */
  unknown: 'no-machine' | null
}

/** A shift's span with its name, to say which shift overtime would go on. */
export interface NamedSpan {
  name: string
  span: MsSpan
}

export interface ScheduleInput {
  now: number
  orders: readonly Order[]
  machines: readonly FinishMachine[]
  /** the shifts' spans from now on, to name the one before a due time */
  shifts: readonly NamedSpan[]
}

const PRIORITY_RANK = { high: 0, normal: 1, low: 2 } as const

/** The work n cycles take at quantile z: n·mean + z·sd·√(n + n²/seen). The n²/seen term is the
 * uncertainty of a mean learned from `seen` passes, which every one of the n cycles shares. */
export function cyclesWork(n: number, cycle: Cycle, z: number): number {
  // the mean's own uncertainty is held under half the mean at this quantile: passes of wildly spread times
  // (an aborted pass among them) learned from few could otherwise make the fast end of n cycles shorter
  // than the work of none, and the fast end would finish any order at once
  const seen = cycle.seen ? Math.max(cycle.seen, ((2 * Math.abs(z) * cycle.sdMs) / cycle.meanMs) ** 2) : 0
  const shared = seen ? (n * n) / seen : 0
  return n * cycle.meanMs + z * cycle.sdMs * Math.sqrt(n + shared)
}

/** Cycles a machine completes in `work` ms at quantile z: the largest n with cyclesWork(n) ≤ work. For
 * any z, the n that fit form a run from 0 (cyclesWork is convex for z < 0 and rising for z ≥ 0), so it is
 * found by halving. */
function cyclesIn(work: number, cycle: Cycle, z: number): number {
  if (work <= 0) return 0
  if (!cycle.seen) {
    // closed form: the largest root of mean·x² + z·sd·x − work, x = √n
    const s = z * cycle.sdMs
    const x = (-s + Math.sqrt(s * s + 4 * cycle.meanMs * work)) / (2 * cycle.meanMs)
    return Math.floor(x * x + 1e-9)
  }
  let lo = 0
  let hi = Math.ceil(work / cycle.meanMs) + 1
  // the fast end may fit more cycles than the mean (at most twice as many, as the mean's uncertainty is
  // held under half the mean): widen until one does not fit
  for (let i = 0; i < 60 && cyclesWork(hi, cycle, z) <= work; i++) hi *= 2
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (cyclesWork(mid, cycle, z) <= work) lo = mid
    else hi = mid
  }
  return lo
}

interface Share {
  machine: FinishMachine
  cycle: Cycle
  /** when it can start on this line */
  from: number
}

/** The instant `pieces` are made by `shares` together at quantile z, or null beyond their calendars. */
function finishOf(shares: readonly Share[], pieces: number, z: number): number | null {
  if (shares.length === 0) return null
  const made = (at: number) =>
    shares.reduce(
      (sum, s) =>
        sum +
        cyclesIn(s.machine.calendar.workTo(at) - s.machine.calendar.workTo(s.from), s.cycle, z) *
          s.cycle.pieces,
      0,
    )
  let hi = Math.max(...shares.map((s) => s.machine.calendar.end))
  let lo = Math.min(...shares.map((s) => s.from))
  if (made(hi) < pieces) return null
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (made(mid) >= pieces) hi = mid
    else lo = mid
  }
  return hi
}

const lineOrder = (a: OpenLine, b: OpenLine) =>
  a.dueAt - b.dueAt ||
  PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
  a.createdAt - b.createdAt ||
  a.orderId - b.orderId ||
  a.lineId - b.lineId

/**
 * The finish of every open order: lines due first on their machines, each machine taking the next line
 * when the last one scheduled on it is done. A late or tight order gets what would save it: another
 * machine that would finish it in time, else the hours of overtime on the shift before its due time.
 */
export function scheduleOrders({ now, orders, machines, shifts }: ScheduleInput): OrderFinish[] {
  const free = new Map(machines.map((m) => [m.id, now]))
  const byId = new Map(machines.map((m) => [m.id, m]))
  const lines = new Map<number, LineFinish>()
  const saves = new Map<number, SaveSuggestion | null>()
  const open = openLinesOf(orders).sort(lineOrder)
  const sharesOf = (list: readonly FinishMachine[], designId: string): Share[] =>
    list.flatMap((machine) => {
      const cycle = machine.cycleOf(designId)
      return cycle ? [{ machine, cycle, from: Math.max(now, free.get(machine.id) ?? now) }] : []
    })
  for (const line of open) {
    const pinned = line.machineIds.flatMap((id) => byId.get(id) ?? [])
    const sewing = machines.filter((m) => m.designId === line.designId)
    let shares = sharesOf(pinned.length > 0 ? pinned : sewing, line.designId)
    if (shares.length === 0 && pinned.length === 0) {
      // the one machine that would finish it first
      let best: { share: Share; at: number } | null = null
      for (const share of sharesOf(machines, line.designId)) {
        const at = finishOf([share], line.remaining, 0)
        if (at !== null && (!best || at < best.at)) best = { share, at }
      }
      shares = best ? [best.share] : []
    }
    const finishAt = finishOf(shares, line.remaining, 0)
    const finish: LineFinish = {
      lineId: line.lineId,
      designId: line.designId,
      remaining: line.remaining,
      machineIds: shares.map((s) => s.machine.id),
      finishAt,
      earliestAt: finishOf(shares, line.remaining, -Z90),
      latestAt: finishOf(shares, line.remaining, Z90),
      source: shares.some((s) => s.cycle.source === 'stitches') ? 'stitches' : 'passes',
      betweenLearned: shares.every((s) => s.cycle.betweenLearned),
    }
    lines.set(line.lineId, finish)
    if (
      shares.length > 0 &&
      (finishAt === null || finishAt > line.dueAt || (finish.latestAt ?? Infinity) > line.dueAt)
    )
      saves.set(line.lineId, saveOf(line, shares, machines, free, now, shifts))
    // the machines go on to the next line when this one is done (beyond the calendar: never free)
    for (const s of shares) free.set(s.machine.id, finishAt ?? Number.POSITIVE_INFINITY)
  }
  return orders
    .filter((o) => o.doneAt === null)
    .map((order) => {
      const own = order.lines.flatMap((l) => lines.get(l.id) ?? [])
      const unknown = own.some((l) => l.machineIds.length === 0)
      const latestOf = (pick: (l: LineFinish) => number | null) =>
        own.reduce<number | null>((max, l) => {
          const at = pick(l)
          return max === null || at === null ? null : Math.max(max, at)
        }, now)
      const finishAt = unknown ? null : latestOf((l) => l.finishAt)
      const latestAt = unknown ? null : latestOf((l) => l.latestAt)
      const earliestAt = unknown ? null : latestOf((l) => l.earliestAt)
      const state: FinishState = unknown
        ? order.dueAt <= now
          ? 'late'
          : 'unknown'
        : finishAt === null || finishAt > order.dueAt || order.dueAt <= now
          ? 'late'
          : latestAt === null || latestAt > order.dueAt
            ? 'at-risk'
            : 'on-time'
      // the suggestion of the line that finishes last
      const last = [...own].sort((a, b) => (b.finishAt ?? Infinity) - (a.finishAt ?? Infinity))[0]
      return {
        orderId: order.id,
        state,
        finishAt,
        earliestAt,
        latestAt,
        marginMs: finishAt === null ? null : order.dueAt - finishAt,
        lines: own,
        save:
          state === 'late' || state === 'at-risk' ? (last ? (saves.get(last.lineId) ?? null) : null) : null,
        unknown: unknown ? 'no-machine' : null,
      }
    })
}

/** What would finish `line` by its due time: the machine not yet on it that would (its finish with the
 * others), else the hours the machines on it would need on the last shift before its due time. */
function saveOf(
  line: OpenLine,
  shares: readonly Share[],
  machines: readonly FinishMachine[],
  free: ReadonlyMap<string, number>,
  now: number,
  shifts: readonly NamedSpan[],
): SaveSuggestion | null {
  const on = new Set(shares.map((s) => s.machine.id))
  let best: SaveSuggestion | null = null
  for (const machine of machines) {
    if (on.has(machine.id)) continue
    const cycle = machine.cycleOf(line.designId)
    if (!cycle) continue
    const start = machine.calendar.nextWorking(Math.max(now, free.get(machine.id) ?? now))
    if (start === null) continue
    const at = finishOf([...shares, { machine, cycle, from: start }], line.remaining, Z90)
    if (at !== null && at <= line.dueAt && (best?.kind !== 'add-machine' || at < best.finishAt))
      best = { kind: 'add-machine', machineId: machine.id, name: machine.name, freeAt: start, finishAt: at }
  }
  if (best) return best
  // pieces still missing at the due time, at the machines' mean pace, as hours on all of them at once
  const madeByDue = shares.reduce(
    (sum, s) =>
      sum +
      cyclesIn(s.machine.calendar.workTo(line.dueAt) - s.machine.calendar.workTo(s.from), s.cycle, Z90) *
        s.cycle.pieces,
    0,
  )
  const short = line.remaining - madeByDue
  if (short <= 0) return null
  const perMs = shares.reduce((sum, s) => sum + s.cycle.pieces / (s.cycle.meanMs + Z90 * s.cycle.sdMs), 0)
  const hours = Math.max(1, Math.ceil(short / perMs / 3_600_000))
  const last = shifts.filter((s) => s.span[0] < line.dueAt && s.span[0] >= now - 86_400_000).at(-1)
  // overtime longer than the shift itself is no longer overtime
  if (last && hours * 3_600_000 > last.span[1] - last.span[0]) return { kind: 'short', hours }
  return { kind: 'overtime', hours, shift: last?.name ?? null }
}
