import { describe, expect, test } from 'vitest'
import { inSpans, shiftWindow, shiftWindows } from './shift-window'

const utc = (text: string) => Date.parse(text) / 1000
const hours = ([start, end]: readonly [number, number]) => (end - start) / 3600

describe('shiftWindow in the factory timezone', () => {
  test.each([
    [
      'a day shift',
      { from: '06:00', to: '14:00' },
      { year: 2026, month: 11, day: 18 },
      'Europe/Berlin',
      '2026-11-18T05:00:00Z',
      8,
    ],
    [
      'a night shift belongs to the day it starts',
      { from: '22:00', to: '06:00' },
      { year: 2026, month: 11, day: 18 },
      'Europe/Berlin',
      '2026-11-18T21:00:00Z',
      8,
    ],
    [
      'spring forward: the night loses an hour',
      { from: '22:00', to: '06:00' },
      { year: 2026, month: 3, day: 28 },
      'Europe/Berlin',
      '2026-03-28T21:00:00Z',
      7,
    ],
    [
      'autumn back: the night gains an hour',
      { from: '22:00', to: '06:00' },
      { year: 2026, month: 10, day: 24 },
      'Europe/Berlin',
      '2026-10-24T20:00:00Z',
      9,
    ],
    [
      'US spring forward on a day shift',
      { from: '00:00', to: '12:00' },
      { year: 2026, month: 3, day: 8 },
      'America/Chicago',
      '2026-03-08T06:00:00Z',
      11,
    ],
    [
      'from equal to to is the whole day',
      { from: '06:00', to: '06:00' },
      { year: 2026, month: 11, day: 18 },
      'UTC',
      '2026-11-18T06:00:00Z',
      24,
    ],
  ])('%s', (_, shift, day, zone, start, length) => {
    const span = shiftWindow(shift, day, zone)
    expect(span[0]).toBe(utc(start))
    expect(hours(span)).toBe(length)
  })
})

describe('shiftWindows', () => {
  test('clips to the range and includes a night shift that began the day before', () => {
    const spans = shiftWindows(
      { from: '22:00', to: '06:00' },
      utc('2026-11-18T02:00:00Z'),
      utc('2026-11-19T02:00:00Z'),
      'UTC',
    )
    expect(spans).toEqual([
      [utc('2026-11-18T02:00:00Z'), utc('2026-11-18T06:00:00Z')],
      [utc('2026-11-18T22:00:00Z'), utc('2026-11-19T02:00:00Z')],
    ])
  })

  test('an empty range has no spans', () => {
    expect(shiftWindows({ from: '06:00', to: '14:00' }, 100, 100, 'UTC')).toEqual([])
  })

  test('inSpans finds instants in half-open spans', () => {
    const spans = [
      [10, 20],
      [30, 40],
    ] as const
    expect([5, 10, 19, 20, 35, 40].map((t) => inSpans(spans, t))).toEqual([
      false,
      true,
      true,
      false,
      true,
      false,
    ])
  })
})
