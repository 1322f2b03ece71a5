import {
  type DesignPasses,
  designPassesOf,
  type MachineFacts,
  passesByMachineOf,
  usualSpeedsOf,
} from '../../src/api/contract/to-domain'
import {
  Calendar,
  type Cycle,
  type FinishMachine,
  type NamedSpan,
  type OrderFinish,
  passCycle,
  scheduleOrders,
} from '../../src/lib/order-finish'
import type { Order } from '../../src/lib/orders'
import { type MsSpan, subtractSpans } from '../../src/lib/plan'
import { shiftWindows } from '../../src/lib/shift-window'
import { type PlannedStop, plannedWindows, type StopSettings } from '../../src/lib/stop-reasons'
import type { NamedShift } from '../../src/lib/time-range'
import type { ShortStops } from './store'

const DAY_MS = 86_400_000
/** How far back the machines' passes are read: two weeks of a design's passes on each machine. */
export const LEARN_DAYS = 14
/** How far ahead finishes are worked out: beyond four weeks a finish is "later than four weeks". */
export const HORIZON_DAYS = 28
/** How often what was learned is learned again (the last learning serves meanwhile). */
const RELEARN_MS = 30 * 60_000
/** A stop up to this long with a design loaded is part of sewing it (hooping, frame change, a thread
 * break mended); longer ones are losses of their own. */
export const SHORT_STOP_MS = 15 * 60_000
/** The time between passes is learned once stitchboard has seen this many passes of a machine. */
const MIN_PASSES_SEEN = 5
/** The pause between two machines' passes asked (a learning of 44 machines takes about 11 s). */
const PAUSE_MS = 250
/** Machines whose passes are read at most (one runningtime request each). */
const MAX_MACHINES = 500

/** The time a machine stands between two passes. */
export interface Between {
  meanMs: number
  sdMs: number
}

/**
 * The time between passes from the short stops over `passes` passes: the mean is their total over the
 * passes; the spread takes the stops of a cycle as count/passes independent stops of their own spread
 * (one hooping a pass: exactly that; thread breaks mended at random: a little less than theirs).
 */
export function betweenOf(stops: ShortStops | undefined, passes: number): Between {
  if (!stops || stops.count === 0 || passes <= 0) return { meanMs: 0, sdMs: 0 }
  const meanMs = stops.totalMs / passes
  const variance = stops.squaresMs2 / passes - (stops.totalMs * stops.totalMs) / (passes * stops.count)
  return { meanMs, sdMs: Math.sqrt(Math.max(0, variance)) }
}

/** What the machines taught: their passes of each design, usual speeds, the time between passes. */
export interface Learned {
  at: number
  passes: ReadonlyMap<string, ReadonlyMap<string, DesignPasses>>
  speeds: ReadonlyMap<string, number>
  /** how long a machine stands between two passes (ms: mean and standard deviation), where learned */
  between: ReadonlyMap<string, Between>
  /** what could not be read, in words */
  problems: string[]
}

export interface FinishOptions {
  upstreamJson: (path: string) => Promise<unknown>
  machines: () => Promise<ReadonlyMap<string, MachineFacts>>
  stopSettings: () => Promise<Pick<StopSettings, 'breaks'>>
  planned: (from: number, till: number) => Promise<PlannedStop[]>
  shortStops: (from: number, till: number, shortMs: number) => Promise<Map<string, ShortStops>>
  recordingSince: () => Promise<number | null>
  designs: () => Promise<ReadonlyMap<string, number | null> | string>
  shifts: readonly NamedShift[]
  timeZone: string
  now: () => number
  log: (line: string) => void
  /** the pause between two machines' passes asked while learning (ms): the demo answers in this process,
   * and 44 reports back to back held up its polls and live streams; tests pass 0 */
  pauseMs?: number
}

/** The finishes as the routes answer them: by order, or why they cannot be told now. */
export type Finishes = { byOrder: Map<number, OrderFinish>; learnedAt: number } | string

/**
 * The expected finish of the open orders (src/lib/order-finish.ts), from the machines' own passes of
 * each design over the last two weeks (the runningtime report, machine by machine), the time they stood
 * between passes as stitchboard recorded it, and their shifts less breaks and planned stops. What was
 * learned is kept for 30 minutes and learned again in the background.
 */
export class OrderFinishes {
  private learned: { at: number; value: Promise<Learned> } | null = null

  constructor(private readonly options: FinishOptions) {}

  async finishes(orders: readonly Order[]): Promise<Finishes> {
    const open = orders.filter((o) => o.doneAt === null)
    const now = this.options.now()
    if (open.length === 0) return { byOrder: new Map(), learnedAt: now }
    try {
      const [learned, facts, settings, planned, designs] = await Promise.all([
        this.learnedNow(now),
        this.options.machines(),
        this.options.stopSettings(),
        this.options.planned(now, now + HORIZON_DAYS * DAY_MS),
        this.options.designs(),
      ])
      const machines = this.machinesOf(now, learned, facts, settings, planned, designs)
      const finishes = scheduleOrders({ now, orders: open, machines, shifts: this.shiftSpans(now) })
      return { byOrder: new Map(finishes.map((f) => [f.orderId, f])), learnedAt: learned.at }
    } catch (error) {
      return `the finishes cannot be worked out now (${error instanceof Error ? error.message : String(error)})`
    }
  }

  /** What was learned, learning it again in the background once it is 30 minutes old. */
  private async learnedNow(now: number): Promise<Learned> {
    if (!this.learned) this.learned = { at: now, value: this.learn(now) }
    else if (now - this.learned.at > RELEARN_MS) {
      const previous = this.learned.value
      const next = this.learn(now)
      this.learned = { at: now, value: next.catch(() => previous) }
      return previous
    }
    const kept = this.learned
    try {
      return await kept.value
    } catch (error) {
      // not kept: the next asker learns again
      if (this.learned === kept) this.learned = null
      throw error
    }
  }

  async learn(now: number): Promise<Learned> {
    const { upstreamJson, log } = this.options
    const till = Math.floor(now / 1000)
    const from = till - LEARN_DAYS * 86_400
    const problems: string[] = []
    const facts = await this.options.machines()
    const passes = new Map<string, ReadonlyMap<string, DesignPasses>>()
    for (const id of [...facts.keys()].slice(0, MAX_MACHINES)) {
      if (passes.size > 0 || problems.length > 0)
        await new Promise((resolve) => setTimeout(resolve, this.options.pauseMs ?? PAUSE_MS))
      try {
        passes.set(
          id,
          designPassesOf(
            await upstreamJson(
              `/reports/runningtime?from=${from}&till=${till}&machineIds=${encodeURIComponent(id)}`,
            ),
          ),
        )
      } catch (error) {
        problems.push(`the passes of ${id}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    let speeds = new Map<string, number>()
    try {
      speeds = usualSpeedsOf(await upstreamJson(`/reports/average-rpm?from=${from}&till=${till}`))
    } catch (error) {
      problems.push(`the usual speeds: ${error instanceof Error ? error.message : String(error)}`)
    }
    // the time between passes, over the part of the two weeks stitchboard recorded
    const between = new Map<string, Between>()
    const recorded = await this.options.recordingSince()
    if (recorded !== null) {
      const since = Math.max(from, Math.ceil(recorded / 1000))
      if (since < till) {
        try {
          const [stops, seen] = await Promise.all([
            this.options.shortStops(since * 1000, till * 1000, SHORT_STOP_MS),
            upstreamJson(`/reports/machine-productivity?from=${since}&till=${till}&machineIds=all`).then(
              passesByMachineOf,
            ),
          ])
          for (const [id, count] of seen)
            if (count >= MIN_PASSES_SEEN) between.set(id, betweenOf(stops.get(id), count))
        } catch (error) {
          problems.push(`the time between passes: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
    }
    if (problems.length > 0) log(`stitchboard: the orders' finish times: ${problems.join('; ')}`)
    return { at: now, passes, speeds, between, problems }
  }

  /** The machines as the schedule weighs them: their calendars and cycles. */
  private machinesOf(
    now: number,
    learned: Learned,
    facts: ReadonlyMap<string, MachineFacts>,
    settings: Pick<StopSettings, 'breaks'>,
    planned: readonly PlannedStop[],
    designs: ReadonlyMap<string, number | null> | string,
  ): FinishMachine[] {
    const { shifts, timeZone } = this.options
    const horizon = now + HORIZON_DAYS * DAY_MS
    const working = this.shiftSpans(now).map((s) => s.span)
    const allTime: MsSpan[] = [[now, horizon]]
    // a design's stitch count: the catalogue's, else any machine's passes of it
    const stitchesOf = (designId: string, fact: MachineFacts) => {
      const listed = typeof designs === 'string' ? null : (designs.get(designId) ?? null)
      if (listed) return listed
      if (fact.designId === designId && fact.designStitches) return fact.designStitches
      for (const list of learned.passes.values()) {
        const p = list.get(designId)
        if (p && p.stitches > 0) return p.stitches
      }
      return null
    }
    return [...facts].map(([id, fact]) => {
      const holes = plannedWindows(
        { id, locationId: fact.locationId },
        now,
        horizon,
        settings,
        planned,
        shifts,
        timeZone,
      ).map((w): MsSpan => [w.from, w.till])
      const heads = fact.activeHeads ?? fact.heads
      const between = learned.between.get(id)
      const cycles = new Map<string, Cycle | null>()
      const cycleOf = (designId: string): Cycle | null => {
        if (heads === null) return null
        const known = cycles.get(designId)
        if (known !== undefined) return known
        let cycle: Cycle | null = null
        const passes = learned.passes.get(id)?.get(designId)
        if (passes) cycle = passCycle(passes, between ?? null, heads)
        else {
          const stitches = stitchesOf(designId, fact)
          const speed = learned.speeds.get(id) ?? fact.setSpeed
          if (stitches && speed)
            cycle = {
              meanMs: (stitches / speed) * 60_000 + (between?.meanMs ?? 0),
              sdMs: between?.sdMs ?? 0,
              pieces: heads,
              source: 'stitches',
              betweenLearned: between !== undefined,
              seen: null,
            }
        }
        cycles.set(designId, cycle)
        return cycle
      }
      return {
        id,
        name: fact.name,
        locationId: fact.locationId,
        designId: fact.designId ?? null,
        calendar: new Calendar(subtractSpans(shifts.length > 0 ? working : allTime, holes)),
        cycleOf,
      }
    })
  }

  /** The shifts' spans over the horizon, with their names, in time order. */
  private shiftSpans(now: number): NamedSpan[] {
    const { shifts, timeZone } = this.options
    const from = Math.floor(now / 1000)
    const till = from + HORIZON_DAYS * 86_400
    return shifts
      .flatMap((shift) =>
        shiftWindows(shift, from, till, timeZone).map(
          ([a, b]): NamedSpan => ({ name: shift.name, span: [a * 1000, b * 1000] }),
        ),
      )
      .sort((a, b) => a.span[0] - b.span[0])
  }
}
