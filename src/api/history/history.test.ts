import { describe, expect, test } from 'vitest'
import { buildMachine } from '../../../test/build-machine'
import { UnexpectedResponseError } from '../core/errors'
import { fromRecording, intervalsOf, movedOn } from './history'
import { withTimeInState } from './history-now'

const entry = { id: 'AS-1042', code: 2, turning: false, reporting: true, since: 1_000_000, atLeast: false }
const history = { recordingSince: 500_000, problem: null, machines: [entry] }
const list = (overrides: Parameters<typeof buildMachine>[0]) => ({
  records: [buildMachine({ id: 'AS-1042', ...overrides })],
  malformed: [],
})

describe('time in state from the server’s history', () => {
  test('the open interval counts when it says what the record says', () => {
    const merged = withTimeInState(list({ statusCode: 2, liveRpm: 0 }), history)
    expect(merged.records[0]!.stateSince).toEqual({ at: 1_000_000, atLeast: false })
    expect(merged.history).toEqual({ available: true, recordingSince: 500_000, problem: null })
  })

  test.each([
    ['another code', { statusCode: 9, liveRpm: 0 }],
    ['now turning', { statusCode: 2, liveRpm: 700 }],
  ])('a record newer than the history (%s) has no time in state, never a wrong one', (_, overrides) => {
    expect(withTimeInState(list(overrides), history).records[0]!.stateSince).toBeNull()
  })

  test('without a history the machines are complete, and the reason is kept', () => {
    const merged = withTimeInState(list({ statusCode: 2 }), { unavailable: 'the database is starting' })
    expect(merged.records).toHaveLength(1)
    expect(merged.records[0]!.stateSince).toBeNull()
    expect(merged.history).toEqual({ available: false, reason: 'the database is starting' })
  })
})

describe('timelines from the moment recording began', () => {
  const interval = (start: number, end: number | null) => ({
    start,
    end,
    code: null,
    turning: false,
    reporting: false,
    designId: null,
    atLeast: false,
  })

  test('a silence that began before is cut there and marked "at least"; what ended before is dropped', () => {
    expect(fromRecording([interval(100, 300), interval(300, 900), interval(900, null)], 500)).toEqual([
      { ...interval(500, 900), atLeast: true },
      interval(900, null),
    ])
  })

  test('no recording yet: nothing changes', () => {
    expect(fromRecording([interval(100, 300)], null)).toEqual([interval(100, 300)])
  })
})

describe('the server’s interval rows', () => {
  test('become intervals: flags from 0/1, open ends and unknown codes kept as null', () => {
    expect(
      intervalsOf(
        [
          [1000, 2000, 1, 1, 1, 'ASD1025', 0],
          [2000, null, null, 0, 0, null, 1],
        ],
        'intervals',
      ),
    ).toEqual([
      {
        start: 1000,
        end: 2000,
        code: 1,
        turning: true,
        reporting: true,
        designId: 'ASD1025',
        atLeast: false,
      },
      { start: 2000, end: null, code: null, turning: false, reporting: false, designId: null, atLeast: true },
    ])
  })

  test.each([
    ['too short', [1000, 2000, 1, 1, 1, 'X']],
    ['a start that is text', ['1000', 2000, 1, 1, 1, 'X', 0]],
    ['a design that is a number', [1000, 2000, 1, 1, 1, 7, 0]],
    ['not a row', { start: 1000 }],
    ['an end that is not finite', [1000, Number.NaN, 1, 1, 1, 'X', 0]],
  ])('a row of another shape (%s) is an error naming it', (_, row) => {
    const attempt = () => intervalsOf([[1000, 2000, 1, 1, 1, 'X', 0], row], 'machines.AS-1')
    expect(attempt).toThrow(UnexpectedResponseError)
    expect(attempt).toThrow(/machines\.AS-1\[1\]/)
  })
})

describe('a timeline that ends now keeps its last answer while the next minute loads', () => {
  const key = (machine: string, from: number, till: number) => ['history', 'machine', machine, from, till]
  const data = { intervals: [] }
  test('the same machine, its range a minute on: the last answer stays', () => {
    expect(movedOn(data, key('AS-1', 0, 3_600_000), key('AS-1', 60_000, 3_660_000))).toBe(data)
  })
  test('another machine, another range or nothing before: the loading placeholder', () => {
    expect(movedOn(data, key('AS-1', 0, 3_600_000), key('AS-2', 0, 3_600_000))).toBeUndefined()
    expect(movedOn(data, key('AS-1', 0, 86_400_000), key('AS-1', 0, 7 * 86_400_000))).toBeUndefined()
    expect(movedOn(data, ['history', 'timeline', 0, 1], key('AS-1', 0, 1))).toBeUndefined()
    expect(movedOn(undefined, key('AS-1', 0, 1), key('AS-1', 0, 1))).toBeUndefined()
  })
})
