import { describe, expect, test } from 'vitest'
import { t } from '../../test/messages'
import type { StateInterval } from './domain'
import { DEMO_STATUS_CODES } from './status-codes'
import {
  intervalLabel,
  intervalState,
  statusTotals,
  stopAnalysis,
  stopsOf,
  ticksOf,
  timelineSegments,
  unrecorded,
} from './timeline'

const CODES = DEMO_STATUS_CODES
const T0 = Date.parse('2026-11-18T06:00:00Z')
const min = (m: number) => T0 + m * 60_000

/** An interval from minute a to minute b (null: still open), code, turning or not. */
function iv(
  a: number,
  b: number | null,
  code: number | null,
  extra: Partial<StateInterval> = {},
): StateInterval {
  return {
    start: min(a),
    end: b === null ? null : min(b),
    code,
    turning: code === 1,
    reporting: true,
    designId: 'D-1',
    atLeast: false,
    ...extra,
  }
}

describe('a recorded interval reads as a live machine would', () => {
  test.each([
    [iv(0, 1, 1), 'running', 'Running'],
    [iv(0, 1, 2), 'stopped', 'Stopped'],
    [iv(0, 1, 9), 'threadbreak', 'Thread break'],
    [iv(0, 1, 1012), 'stopped', 'Design completed'],
    [iv(0, 1, 4711), 'unknown', 'Status 4711'],
    [iv(0, 1, null), 'unknown', 'No status reported'],
    // turning is running whatever the code says; silence is not reporting whatever it said before
    [iv(0, 1, 2, { turning: true }), 'running', 'Running'],
    [iv(0, 1, 1, { reporting: false }), 'not-reporting', 'Not reporting'],
  ])('%o → %s', (interval, state, label) => {
    expect(intervalState(interval, CODES)).toBe(state)
    expect(intervalLabel(interval, CODES, t)).toBe(label)
  })
})

describe('stops of one machine', () => {
  const intervals = [
    iv(0, 30, 1),
    iv(30, 48, 2),
    iv(48, 50, 1),
    iv(50, 53, 9),
    iv(53, 60, 1),
    iv(60, null, 99),
  ]

  test('longest first, running time is not a stop, the open one runs to the end of the range', () => {
    const stops = stopsOf('M', intervals, min(0), min(70), CODES, t)
    expect(stops.map((s) => [s.label, (s.end - s.start) / 60_000, s.ongoing])).toEqual([
      ['Stopped', 18, false],
      ['Machine error', 10, true],
      ['Thread break', 3, false],
    ])
  })

  test('the threshold leaves short stops out; the range cuts stops at its edges', () => {
    expect(stopsOf('M', intervals, min(0), min(70), CODES, t, 5 * 60).map((s) => s.code)).toEqual([2, 99])
    const cut = stopsOf('M', intervals, min(40), min(52), CODES, t)
    expect(cut.map((s) => [s.start, s.end, s.ongoing])).toEqual([
      [min(40), min(48), false],
      [min(50), min(52), true],
    ])
  })

  test('"at least" only when the stop began before recording and its start is in the range', () => {
    const seen = [iv(0, 20, 2, { atLeast: true })]
    expect(stopsOf('M', seen, min(0), min(30), CODES, t)[0]?.atLeast).toBe(true)
    // cut by the range's start, its length in the range is exact
    expect(stopsOf('M', seen, min(5), min(30), CODES, t)[0]?.atLeast).toBe(false)
  })
})

describe('stop analysis', () => {
  const machines = new Map([
    ['A', [iv(0, 40, 1), iv(40, 60, 2)]],
    ['B', [iv(0, 10, 9), iv(10, 20, 1), iv(20, 30, 9), iv(30, 60, 1)]],
  ])
  const analysis = stopAnalysis(machines, min(0), min(60), CODES, t)

  test('availability is running time over recorded machine time', () => {
    expect(analysis.recordedMs).toBe(120 * 60_000)
    expect(analysis.availability).toBeCloseTo(80 / 120)
    expect(analysis.byState.get('running')).toBe(80 * 60_000)
    expect(analysis.byState.get('threadbreak')).toBe(20 * 60_000)
  })

  test('the Pareto by cause and by machine, largest first, with counts', () => {
    expect(analysis.byCode.map((c) => [c.label, c.ms / 60_000, c.count])).toEqual([
      ['Stopped', 20, 1],
      ['Thread break', 20, 2],
    ])
    expect(analysis.byMachine.map((m) => [m.machineId, m.ms / 60_000, m.count])).toEqual([
      ['A', 20, 1],
      ['B', 20, 2],
    ])
    expect(analysis.longest[0]).toMatchObject({ machineId: 'A', label: 'Stopped', start: min(40) })
  })

  test('no recorded time: no availability rather than 0 %', () => {
    expect(stopAnalysis(new Map([['A', []]]), min(0), min(60), CODES, t).availability).toBeNull()
  })
})

describe('what was not recorded', () => {
  test('before recording began, and each gap, cut to the range', () => {
    const gaps = [
      { start: min(20), end: min(25), reason: 'the machine portal did not answer' },
      { start: min(100), end: min(110), reason: 'stitchboard was not recording' },
    ]
    expect(unrecorded(min(0), min(60), min(10), gaps, t)).toEqual([
      { start: min(0), end: min(10), reason: 'before stitchboard began recording' },
      { start: min(20), end: min(25), reason: 'the machine portal did not answer' },
    ])
  })

  test('nothing recorded at all is the whole range', () => {
    expect(unrecorded(min(0), min(60), null, [], t)).toEqual([
      { start: min(0), end: min(60), reason: 'nothing recorded yet' },
    ])
  })

  test('the strip draws the unrecorded parts between the states, and marks long stops only', () => {
    const segments = timelineSegments(
      [iv(10, 20, 1), iv(20, 40, 2), iv(40, 42, 9)],
      min(0),
      min(42),
      CODES,
      t,
      (id) => `Design ${id}`,
      5 * 60,
      [{ start: min(0), end: min(10), reason: 'before stitchboard began recording' }],
    )
    expect(segments.map((s) => [s.state, s.marked])).toEqual([
      ['unrecorded', false],
      ['running', false],
      ['stopped', true],
      ['threadbreak', false],
    ])
    expect(segments[1]?.design).toBe('Design D-1')
  })
})

describe("the portal's totals for a period stitchboard did not record", () => {
  test('summed over machines, per state through the dictionary, stops by cause largest first', () => {
    const totals = statusTotals(
      [
        new Map([
          [1, 3_000],
          [2, 600],
          [9, 300],
        ]),
        new Map([
          [1, 2_000],
          [9, 900],
          [4711, 200],
        ]),
      ],
      CODES,
      t,
    )
    expect(totals.totalSeconds).toBe(7_000)
    expect(totals.availability).toBeCloseTo(5_000 / 7_000)
    expect(totals.byState.get('threadbreak')).toBe(1_200)
    // an unknown code is time the portal counted, neither running nor a stop
    expect(totals.byState.get('unknown')).toBe(200)
    expect(totals.stopsByCode.map((c) => [c.label, c.seconds])).toEqual([
      ['Thread break', 1_200],
      ['Stopped', 600],
    ])
  })

  test('no time at all: no availability', () => {
    expect(statusTotals([new Map()], CODES, t).availability).toBeNull()
  })
})

describe('time marks', () => {
  test('every 3 hours over a day, at midnights over a week, in the factory zone', () => {
    const from = Date.parse('2026-11-18T00:00:00Z')
    const day = ticksOf(from, from + 86_400_000, 'UTC')
    expect(day.map((t) => t.at)).toEqual([3, 6, 9, 12, 15, 18, 21].map((h) => from + h * 3_600_000))
    const week = ticksOf(from + 3_600_000, from + 7 * 86_400_000, 'Europe/Berlin')
    expect(week).toHaveLength(7)
    expect(new Date(week[0]!.at).toISOString()).toBe('2026-11-18T23:00:00.000Z')
  })
})
