import { describe, expect, it } from 'vitest'
import { Calendar, type Cycle, type FinishMachine, passSpread, scheduleOrders } from './order-finish'
import type { Order } from './orders'

const MIN = 60_000
const HOUR = 60 * MIN
// a Monday 06:00 UTC, pinned
const T0 = Date.UTC(2026, 11, 7, 6)

/** a day shift 06:00–14:00 with a break 09:00–09:30, for `days` days from T0's day */
const dayShifts = (days: number) =>
  Array.from({ length: days }, (_, d) => {
    const day = T0 + d * 24 * HOUR
    return [
      [day, day + 3 * HOUR],
      [day + 3.5 * HOUR, day + 8 * HOUR],
    ] as const
  }).flat()

const cycle = (
  meanMin: number,
  sdMin = 0,
  pieces = 10,
  source: Cycle['source'] = 'passes',
  seen: number | null = null,
): Cycle => ({
  meanMs: meanMin * MIN,
  sdMs: sdMin * MIN,
  pieces,
  source,
  betweenLearned: true,
  seen,
})

const machine = (
  id: string,
  cycles: Record<string, Cycle>,
  designId: string | null = null,
  spans = dayShifts(14),
): FinishMachine => ({
  id,
  name: `North ${id}`,
  locationId: 1,
  designId,
  calendar: new Calendar(spans),
  cycleOf: (d) => cycles[d] ?? null,
})

let nextId = 1
const order = (due: number, lines: Array<[string, number, number?]>, machineIds: string[] = []): Order => {
  const id = nextId++
  return {
    id,
    reference: `PO-${id}`,
    customer: 'Caps & Co',
    dueAt: due,
    priority: 'normal',
    machineIds,
    note: '',
    lines: lines.map(([designId, quantity, made = 0], i) => ({
      id: id * 100 + i,
      designId,
      quantity,
      made,
      doneAt: null,
    })),
    createdAt: T0 - HOUR,
    createdBy: 'Ana',
    updatedAt: T0 - HOUR,
    updatedBy: 'Ana',
    version: 1,
    doneAt: null,
  }
}

describe('passSpread', () => {
  it('fits a triangle to the minimum, mean and maximum of the passes', () => {
    // 90/110/160 s: the mode would be 80 s, below the minimum, so it is the minimum;
    // variance (90² + 160² + 90² − 90·160 − 90·90 − 160·90) / 18 = 4900 / 18
    const { meanMs, sdMs } = passSpread({ minSeconds: 90, meanSeconds: 110, maxSeconds: 160 })
    expect(meanMs).toBe(110_000)
    expect(sdMs / 1000).toBeCloseTo(Math.sqrt(4900 / 18), 6)
  })
  it('has no spread when every pass took as long', () => {
    expect(passSpread({ minSeconds: 60, meanSeconds: 60, maxSeconds: 60 }).sdMs).toBe(0)
  })
})

describe('Calendar', () => {
  const calendar = new Calendar([
    [20, 30],
    [0, 10],
  ])
  it('counts working time only inside its spans', () => {
    expect([
      calendar.workTo(-5),
      calendar.workTo(5),
      calendar.workTo(15),
      calendar.workTo(25),
      calendar.workTo(99),
    ]).toEqual([0, 5, 10, 15, 20])
    expect(calendar.end).toBe(30)
  })
  it('finds the next working instant', () => {
    expect([calendar.nextWorking(5), calendar.nextWorking(12), calendar.nextWorking(30)]).toEqual([
      5,
      20,
      null,
    ])
  })
})

describe('scheduleOrders', () => {
  it('works a finish out of cycles in the shifts, less the break', () => {
    // 300 pieces on 10 heads: 30 cycles of 10 min = 5 h of sewing from 06:00: 3 h to the break at 09:00,
    // the break to 09:30, 2 h more: 11:30; due at noon, 30 min to spare
    const o = order(T0 + 6 * HOUR, [['CAP-1', 300]])
    const [finish] = scheduleOrders({
      now: T0,
      orders: [o],
      machines: [machine('04', { 'CAP-1': cycle(10) }, 'CAP-1')],
      shifts: [],
    })
    expect(finish).toMatchObject({
      state: 'on-time',
      finishAt: T0 + 5.5 * HOUR,
      marginMs: 30 * MIN,
      save: null,
    })
    expect(finish!.lines[0]).toMatchObject({ machineIds: ['04'], source: 'passes', remaining: 300 })
  })

  it('spreads the finish by the cycles’ spread over √n cycles', () => {
    // 30 cycles of 10 ± 1 min: p90 at 300 + 1.2816·√30 min of work, p10 as much before
    const o = order(T0 + 8 * HOUR, [['CAP-1', 300]])
    const [finish] = scheduleOrders({
      now: T0,
      orders: [o],
      machines: [machine('04', { 'CAP-1': cycle(10, 1) }, 'CAP-1')],
      shifts: [],
    })
    const spread = 1.2816 * Math.sqrt(30) * MIN
    expect(Math.abs(finish!.latestAt! - (T0 + 5.5 * HOUR + spread))).toBeLessThanOrEqual(1)
    expect(Math.abs(finish!.earliestAt! - (T0 + 5.5 * HOUR - spread))).toBeLessThanOrEqual(1)
    expect(finish!.state).toBe('on-time')
  })

  it('widens the spread by the uncertainty of a mean learned from few passes', () => {
    // the same 30 cycles, their mean learned from 10 passes: √(30 + 30²/10) = √120 cycles' spread
    const o = order(T0 + 8 * HOUR, [['CAP-1', 300]])
    const [finish] = scheduleOrders({
      now: T0,
      orders: [o],
      machines: [machine('04', { 'CAP-1': cycle(10, 1, 10, 'passes', 10) }, 'CAP-1')],
      shifts: [],
    })
    const spread = 1.2816 * Math.sqrt(120) * MIN
    expect(Math.abs(finish!.finishAt! - (T0 + 5.5 * HOUR))).toBeLessThanOrEqual(1)
    expect(Math.abs(finish!.latestAt! - (T0 + 5.5 * HOUR + spread))).toBeLessThanOrEqual(1)
    expect(Math.abs(finish!.earliestAt! - (T0 + 5.5 * HOUR - spread))).toBeLessThanOrEqual(1)
    // learned from 1,000 passes, the mean's own uncertainty hardly counts: √(30 + 0.9)
    const [sure] = scheduleOrders({
      now: T0,
      orders: [o],
      machines: [machine('04', { 'CAP-1': cycle(10, 1, 10, 'passes', 1000) }, 'CAP-1')],
      shifts: [],
    })
    expect(
      Math.abs(sure!.latestAt! - (T0 + 5.5 * HOUR + 1.2816 * Math.sqrt(30.9) * MIN)),
    ).toBeLessThanOrEqual(1)
  })

  it('keeps the fast end finite when few passes of wildly spread times taught the mean', () => {
    // passes of 5 s to 600 s, mean 60 s (an aborted pass among them), learned from 3: σ ≈ 140 s per cycle
    const { sdMs } = passSpread({ minSeconds: 5, meanSeconds: 60, maxSeconds: 600 })
    const wild: Cycle = { meanMs: MIN, sdMs, pieces: 10, source: 'passes', betweenLearned: true, seen: 3 }
    const [finish] = scheduleOrders({
      now: T0,
      orders: [order(T0 + 8 * HOUR, [['CAP-1', 600]])],
      machines: [machine('04', { 'CAP-1': wild }, 'CAP-1')],
      shifts: [],
    })
    // 60 cycles of a minute: the fast end is sooner, but not "at once"
    expect(Math.abs(finish!.finishAt! - (T0 + HOUR))).toBeLessThanOrEqual(1)
    expect(finish!.earliestAt!).toBeGreaterThan(T0 + 15 * MIN)
    expect(finish!.earliestAt!).toBeLessThan(finish!.finishAt!)
    expect(finish!.latestAt!).toBeGreaterThan(finish!.finishAt!)
  })

  it('counts what is made already and lets the next order wait for the one due before it', () => {
    // the first: 200 left = 20 cycles = 200 min (06:00 → 09:20, with the break 09:50);
    // the second: 100 = 100 min more → 11:30
    const first = order(T0 + 4 * HOUR, [['CAP-1', 300, 100]])
    const second = order(T0 + 7 * HOUR, [['CAP-1', 100]])
    const result = scheduleOrders({
      now: T0,
      orders: [second, first],
      machines: [machine('04', { 'CAP-1': cycle(10) }, 'CAP-1')],
      shifts: [],
    })
    const of = (o: Order) => result.find((f) => f.orderId === o.id)!
    expect(of(first).finishAt).toBe(T0 + 3 * HOUR + 50 * MIN)
    expect(of(second).finishAt).toBe(T0 + 5.5 * HOUR)
  })

  it('suggests the machine that would save a late order, with when it is free', () => {
    // 600 pieces: 10 h of sewing on one machine, due at 14:00 the same day: late by hours; a second
    // machine of the same cycle halves it (5 h: 11:30)
    const o = order(T0 + 8 * HOUR, [['POLO-7', 600]])
    const [finish] = scheduleOrders({
      now: T0,
      orders: [o],
      machines: [machine('04', { 'POLO-7': cycle(10) }, 'POLO-7'), machine('06', { 'POLO-7': cycle(10) })],
      shifts: [{ name: 'Early', span: [T0, T0 + 8 * HOUR] }],
    })
    expect(finish!.state).toBe('late')
    expect(finish!.marginMs!).toBeLessThan(0)
    expect(finish!.save).toMatchObject({ kind: 'add-machine', machineId: '06', name: 'North 06', freeAt: T0 })
  })

  it('says how many hours on the last shift before the due time would save it when no machine can', () => {
    // 600 pieces, one machine: 7.5 h of work by 14:00, 10 h needed: about 3 h more (rounded up) on Early
    const o = order(T0 + 8 * HOUR, [['POLO-7', 600]])
    const [finish] = scheduleOrders({
      now: T0,
      orders: [o],
      machines: [machine('04', { 'POLO-7': cycle(10) }, 'POLO-7')],
      shifts: [{ name: 'Early', span: [T0, T0 + 8 * HOUR] }],
    })
    expect(finish!.state).toBe('late')
    expect(finish!.save).toEqual({ kind: 'overtime', hours: 3, shift: 'Early' })
  })

  it('says a new date is needed when the work short is more than the shift before the due time', () => {
    // 1,200 pieces by 14:00: 7.5 h of 20 h fit, 12.5 h short (13 rounded up): more than the 8 h shift
    const o = order(T0 + 8 * HOUR, [['POLO-7', 1200]])
    const [finish] = scheduleOrders({
      now: T0,
      orders: [o],
      machines: [machine('04', { 'POLO-7': cycle(10) }, 'POLO-7')],
      shifts: [{ name: 'Early', span: [T0, T0 + 8 * HOUR] }],
    })
    expect(finish!.save).toEqual({ kind: 'short', hours: 13 })
  })

  it('keeps an order to the machines it is meant for', () => {
    const o = order(T0 + 48 * HOUR, [['PATCH-2', 100]], ['06'])
    const [finish] = scheduleOrders({
      now: T0,
      orders: [o],
      machines: [machine('04', { 'PATCH-2': cycle(5) }, 'PATCH-2'), machine('06', { 'PATCH-2': cycle(10) })],
      shifts: [],
    })
    expect(finish!.lines[0]!.machineIds).toEqual(['06'])
    expect(finish!.finishAt).toBe(T0 + 100 * MIN)
  })

  it('gives a design no machine has loaded to the machine that would finish it first', () => {
    const o = order(T0 + 48 * HOUR, [['JACKET-9', 50]])
    const [finish] = scheduleOrders({
      now: T0,
      orders: [o],
      machines: [
        machine('04', { 'JACKET-9': cycle(20, 0, 5, 'stitches') }),
        machine('06', { 'JACKET-9': cycle(20, 0, 10, 'stitches') }),
      ],
      shifts: [],
    })
    expect(finish!.lines[0]).toMatchObject({ machineIds: ['06'], source: 'stitches' })
    expect(finish!.state).toBe('on-time')
  })

  it('says the finish is unknown when no machine can sew a design, and late once it is due', () => {
    const ahead = order(T0 + 5 * HOUR, [['NEW-1', 10]])
    const due = order(T0 - HOUR, [['NEW-1', 10]])
    const result = scheduleOrders({
      now: T0,
      orders: [ahead, due],
      machines: [machine('04', {})],
      shifts: [],
    })
    expect(result.map((f) => [f.state, f.unknown, f.finishAt])).toEqual([
      ['unknown', 'no-machine', null],
      ['late', 'no-machine', null],
    ])
  })

  it('says late when the work does not fit in the calendar at all', () => {
    const o = order(T0 + 48 * HOUR, [['CAP-1', 100_000]])
    const [finish] = scheduleOrders({
      now: T0,
      orders: [o],
      machines: [machine('04', { 'CAP-1': cycle(10) }, 'CAP-1', dayShifts(2))],
      shifts: [],
    })
    expect(finish).toMatchObject({ state: 'late', finishAt: null })
  })
})
