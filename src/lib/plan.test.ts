import { describe, expect, test } from 'vitest'
import type { StateInterval } from './domain'
import { zonedInstant } from './factory-time'
import {
  defaultStitchTarget,
  hourByHour,
  type MachineInputs,
  type MsSpan,
  mergeSpans,
  oeeOf,
  paceOf,
  plannedSpans,
  runInside,
  subtractSpans,
} from './plan'
import { shiftWindow } from './shift-window'

const H = 3_600_000
const M = 60_000
const at = (hours: number) => hours * H

const interval = (start: number, end: number | null, turning: boolean, reporting = true): StateInterval => ({
  start,
  end,
  code: turning ? 1 : 2,
  turning,
  reporting,
  designId: null,
  atLeast: false,
})

describe('spans', () => {
  test.each([
    [
      'apart',
      [
        [0, 1],
        [2, 3],
      ],
      [
        [0, 1],
        [2, 3],
      ],
    ],
    [
      'overlapping',
      [
        [0, 2],
        [1, 3],
      ],
      [[0, 3]],
    ],
    [
      'touching',
      [
        [0, 1],
        [1, 2],
      ],
      [[0, 2]],
    ],
    [
      'out of order, one inside another',
      [
        [5, 6],
        [0, 10],
        [2, 3],
      ],
      [[0, 10]],
    ],
    [
      'empty ones dropped',
      [
        [3, 3],
        [4, 2],
      ],
      [],
    ],
  ] as Array<[string, MsSpan[], MsSpan[]]>)('merged: %s', (_, spans, merged) => {
    expect(mergeSpans(spans)).toEqual(merged)
  })

  test.each([
    [
      'a break in the middle',
      [[0, 8]],
      [[3, 4]],
      [
        [0, 3],
        [4, 8],
      ],
    ],
    ['a hole over the start', [[2, 8]], [[0, 3]], [[3, 8]]],
    [
      'overlapping holes',
      [[0, 8]],
      [
        [1, 3],
        [2, 5],
      ],
      [
        [0, 1],
        [5, 8],
      ],
    ],
    ['a hole covering all', [[2, 4]], [[0, 8]], []],
    [
      'holes outside',
      [[2, 4]],
      [
        [0, 1],
        [5, 6],
      ],
      [[2, 4]],
    ],
  ] as Array<[string, MsSpan[], MsSpan[], MsSpan[]]>)('subtracted: %s', (_, spans, holes, left) => {
    expect(subtractSpans(spans, holes)).toEqual(left)
  })
})

describe('availability: run time inside planned production time', () => {
  // a shift 06:00–14:00 with a break 09:00–09:15 and planned maintenance 12:00–13:00
  const shift: MsSpan = [at(6), at(14)]
  const planned = plannedSpans(
    [shift],
    [
      [at(9), at(9.25)],
      [at(12), at(13)],
    ],
  )
  test('planned time leaves out the break and the maintenance', () => {
    expect(planned).toEqual([
      [at(6), at(9)],
      [at(9.25), at(12)],
      [at(13), at(14)],
    ])
  })

  test.each([
    ['ran the whole shift, through the break too', [interval(at(6), at(14), true)], at(6.75)],
    [
      'an unplanned stop that overlaps the break counts only outside it',
      [interval(at(6), at(8.75), true), interval(at(8.75), at(9.5), false), interval(at(9.5), at(14), true)],
      at(6.75) - at(0.5),
    ],
    [
      'a stop that outlives the maintenance is unplanned from its end',
      [
        interval(at(6), at(11.5), true),
        interval(at(11.5), at(13.5), false),
        interval(at(13.5), at(14), true),
      ],
      at(5.25) + at(0.5),
    ],
    ['not reporting is not running', [interval(at(6), at(14), true, false)], 0],
    ['an open interval runs to now', [interval(at(6), null, true)], at(6.75)],
  ])('%s', (_, intervals, run) => {
    expect(runInside(intervals, planned, at(14))).toBe(run)
  })
})

const machine = (over: Partial<MachineInputs>): MachineInputs => ({
  machineId: 'M-1',
  locationId: 1,
  plannedMs: 8 * H,
  runMs: 6 * H,
  calendarMs: 24 * H,
  stitches: 6 * 60 * 1000 * 0.8,
  productionMs: null,
  pieces: 100,
  setSpeed: 1000,
  ...over,
})

describe('OEE', () => {
  test('availability × performance × quality, and TEEP over the calendar', () => {
    const oee = oeeOf([machine({})], 5)
    expect(oee.availability).toBe(0.75)
    expect(oee.performance).toBeCloseTo(0.8, 10)
    expect(oee.quality).toBe(0.95)
    expect(oee.oee).toBeCloseTo(0.75 * 0.8 * 0.95, 10)
    expect(oee.utilisation).toBeCloseTo(8 / 24, 10)
    expect(oee.teep).toBeCloseTo((8 / 24) * 0.75 * 0.8 * 0.95, 10)
    expect(oee.missing).toEqual([])
  })

  test('without rejects, OEE is availability × performance and says so', () => {
    const oee = oeeOf([machine({})], null)
    expect(oee.quality).toBeNull()
    expect(oee.oee).toBeCloseTo(0.75 * 0.8, 10)
    expect(oee.missing).toEqual(['no-rejects'])
  })

  test('performance is capped at 100 % (a set speed lower than the machine sews)', () => {
    expect(oeeOf([machine({ stitches: 10_000_000 })], null).performance).toBe(1)
  })

  test('performance is measured on the portal’s production time when it is known', () => {
    // the history recorded 2 h of the 6 h run (it began later); the portal knows all 6 h
    const oee = oeeOf([machine({ runMs: 2 * H, productionMs: 6 * H })], null)
    expect(oee.performance).toBeCloseTo(0.8, 10)
  })

  test('a machine without a set speed is left out of performance, and counted', () => {
    const oee = oeeOf([machine({}), machine({ machineId: 'M-2', setSpeed: null, stitches: 999_999 })], null)
    expect(oee.performance).toBeCloseTo(0.8, 10)
    expect(oee.withoutSetSpeed).toBe(1)
    // its run time still counts for availability
    expect(oee.availability).toBe(0.75)
  })

  test('no machine with a set speed: no performance, a sentence instead', () => {
    const oee = oeeOf([machine({ setSpeed: null })], null)
    expect(oee.performance).toBeNull()
    expect(oee.oee).toBeNull()
    expect(oee.missing).toContain('no-set-speed')
  })

  test('a shift with no planned time: no division by zero', () => {
    const oee = oeeOf([machine({ plannedMs: 0, runMs: 0, stitches: 0 })], 0)
    expect(oee.availability).toBeNull()
    expect(oee.performance).toBeNull()
    expect(oee.oee).toBeNull()
    expect(oee.missing).toEqual(expect.arrayContaining(['no-planned-time', 'no-run-time']))
    expect(Object.values(oee).some((v) => typeof v === 'number' && !Number.isFinite(v))).toBe(false)
  })

  test('rejects above the pieces make quality 0, not negative', () => {
    expect(oeeOf([machine({ pieces: 10 })], 50).quality).toBe(0)
  })

  test('a location sums its machines: time-weighted, not an average of percentages', () => {
    const oee = oeeOf(
      [
        machine({ plannedMs: 8 * H, runMs: 8 * H, stitches: 8 * 60 * 1000 }),
        machine({ machineId: 'M-2', plannedMs: 2 * H, runMs: 0, stitches: 0 }),
      ],
      null,
    )
    expect(oee.availability).toBe(0.8)
    expect(oee.performance).toBe(1)
  })
})

describe('pace against a plan flat in planned stops', () => {
  // 06:00–14:00, break 09:00–09:30: 7.5 h planned; target 7,500 pieces → 1,000 an hour of planned time
  const planned = plannedSpans([[at(6), at(14)]], [[at(9), at(9.5)]])

  test.each([
    // [now, actual, plan by now, status]
    [at(6), 0, 0, 'not-started'],
    [at(8), 2_000, 2_000, 'on-track'],
    [at(9.25), 3_000, 3_000, 'on-track'],
    [at(9.5), 3_000, 3_000, 'on-track'],
    [at(10.5), 3_600, 4_000, 'behind'],
    [at(10.5), 4_500, 4_000, 'ahead'],
  ] as const)('at %d ms with %d done: plan by now %d, %s', (now, actual, planByNow, status) => {
    const pace = paceOf(7_500, actual, planned, now)
    expect(pace.planByNow).toBeCloseTo(planByNow, 6)
    expect(pace.status).toBe(status)
  })

  test('behind by 400 (10 %): at this pace 6,750 of 7,500; 1,300 an hour to catch up', () => {
    const pace = paceOf(7_500, 3_600, planned, at(10.5))
    expect(pace.variance).toBeCloseTo(-400, 6)
    expect(pace.variancePart).toBeCloseTo(-0.1, 6)
    // 3,600 in 4 planned hours = 900 an hour, 3.5 h left
    expect(pace.projected).toBeCloseTo(3_600 + 900 * 3.5, 6)
    expect(pace.catchUpPerHour).toBeCloseTo((7_500 - 3_600) / 3.5, 6)
  })

  test('the target reached: nothing to catch up; after the shift no hours left', () => {
    expect(paceOf(7_500, 8_000, planned, at(12)).catchUpPerHour).toBe(0)
    expect(paceOf(7_500, 7_000, planned, at(15)).catchUpPerHour).toBeNull()
  })

  test('a shift with no planned time: no plan, no division by zero', () => {
    const pace = paceOf(1_000, 0, [], at(10))
    expect(pace.planByNow).toBe(0)
    expect(pace.variancePart).toBeNull()
    expect(pace.projected).toBeNull()
    expect(pace.catchUpPerHour).toBeNull()
  })

  test('the hour-by-hour table: an hour with a break asks less, the totals add up', () => {
    const rows = hourByHour([at(6), at(14)], planned, 7_500, ([from]) => (from < at(10) ? 900 : null))
    expect(rows.map((r) => r.target)).toEqual([1000, 1000, 1000, 500, 1000, 1000, 1000, 1000])
    expect(rows[3]).toMatchObject({
      actual: 900,
      variance: 400,
      cumulativeTarget: 3_500,
      cumulativeActual: 3_600,
    })
    expect(rows[4]).toMatchObject({ actual: null, variance: null, cumulativeActual: null })
    expect(rows.at(-1)!.cumulativeTarget).toBeCloseTo(7_500, 6)
  })

  test('the hour running now is judged against its share so far', () => {
    const rows = hourByHour(
      [at(6), at(14)],
      planned,
      7_500,
      ([from]) => (from <= at(10) ? 400 : null),
      at(10.5),
    )
    // 10:00–10:30 of a 1,000-an-hour plan: 500 due, 400 done
    expect(rows[4]).toMatchObject({ target: 1_000, actual: 400, variance: -100 })
  })
})

describe('shifts of the factory clock', () => {
  const day = { year: 2026, month: 10, day: 24 }
  test('a night shift across midnight, on the night the clocks go back (Europe/Berlin): 9 hours', () => {
    const [start, end] = shiftWindow({ from: '22:00', to: '06:00' }, day, 'Europe/Berlin')
    const span: MsSpan = [start * 1000, end * 1000]
    expect(span[1] - span[0]).toBe(9 * H)
    // a break 02:00–02:30 of the second 02:00 (after the change) still comes out of planned time
    const breakStart = zonedInstant({ ...day, day: 25 }, 2 * 60, 'Europe/Berlin') * 1000
    const planned = plannedSpans([span], [[breakStart, breakStart + 30 * M]])
    const pace = paceOf(8_500, 0, planned, span[1])
    expect(pace.plannedMs).toBe(8.5 * H)
    const rows = hourByHour(span, planned, 8_500, () => 0)
    expect(rows).toHaveLength(9)
    expect(rows.reduce((sum, r) => sum + r.target, 0)).toBeCloseTo(8_500, 6)
  })
})

describe('the default target', () => {
  test('half the set speed over the planned time; machines without one counted', () => {
    expect(
      defaultStitchTarget([
        { plannedMs: 7.5 * H, setSpeed: 1_000 },
        { plannedMs: 7.5 * H, setSpeed: null },
      ]),
    ).toEqual({ stitches: 0.5 * 1_000 * 450, withoutSetSpeed: 1 })
  })
})
