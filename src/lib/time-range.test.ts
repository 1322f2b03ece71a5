import { describe, expect, test } from 'vitest'
import { filterSearch, filtersFromSearch, searchWithFilters } from './filters'
import {
  currentShift,
  parseFactoryDateTime,
  previousShift,
  resolveRange,
  shiftSpansAround,
} from './time-range'

const SHIFTS = [
  { name: 'Early', from: '06:00', to: '14:00' },
  { name: 'Late', from: '14:00', to: '22:00' },
  { name: 'Night', from: '22:00', to: '06:00' },
]
const TZ = 'Europe/Berlin'
const at = (iso: string) => Date.parse(iso) / 1000

describe('time range presets in the factory timezone', () => {
  const now = at('2026-11-18T10:30:00Z') // 11:30 in Berlin, the Early shift
  test.each([
    ['today', { from: at('2026-11-17T23:00:00Z'), till: now, open: true }],
    ['yesterday', { from: at('2026-11-16T23:00:00Z'), till: at('2026-11-17T23:00:00Z'), open: false }],
    ['7d', { from: at('2026-11-11T23:00:00Z'), till: now, open: true }],
    // 30 days back is before the October DST change: local midnight was 22:00 UTC then
    ['30d', { from: at('2026-10-19T22:00:00Z'), till: now, open: true }],
    ['current-shift', { from: at('2026-11-18T05:00:00Z'), till: now, open: true, shift: 'Early' }],
    [
      'previous-shift',
      { from: at('2026-11-17T21:00:00Z'), till: at('2026-11-18T05:00:00Z'), open: false, shift: 'Night' },
    ],
  ] as const)('%s', (preset, expected) => {
    expect(resolveRange({ preset }, now, TZ, SHIFTS)).toEqual(expected)
  })

  test('a night shift crossing midnight is current after midnight and belongs to the day it started', () => {
    const night = currentShift(at('2026-11-18T01:00:00Z'), TZ, SHIFTS)!
    expect(night.shift.name).toBe('Night')
    expect(night.span).toEqual([at('2026-11-17T21:00:00Z'), at('2026-11-18T05:00:00Z')])
  })

  test('between shifts there is no current shift, and the previous one is the last that ended', () => {
    const gaps = [{ name: 'Day', from: '07:00', to: '15:00' }]
    const evening = at('2026-11-18T18:00:00Z')
    expect(currentShift(evening, TZ, gaps)).toBeNull()
    expect(resolveRange({ preset: 'current-shift' }, evening, TZ, gaps)).toEqual({
      error: 'app.range.noShiftNow',
    })
    expect(previousShift(evening, TZ, gaps)!.span).toEqual([
      at('2026-11-18T06:00:00Z'),
      at('2026-11-18T14:00:00Z'),
    ])
  })

  test.each([
    [
      { from: '2026-11-01T06:00', till: '2026-11-02T06:00' },
      { from: at('2026-11-01T05:00:00Z'), till: at('2026-11-02T05:00:00Z'), open: false },
    ],
    [{ from: '2026-11-02T06:00', till: '2026-11-01T06:00' }, { error: 'app.range.customReversed' }],
    [{ from: 'yesterday', till: '2026-11-01T06:00' }, { error: 'app.range.customIncomplete' }],
  ])('custom %j', (bounds, expected) => {
    expect(resolveRange({ preset: 'custom', ...bounds }, at('2026-11-18T10:30:00Z'), TZ, SHIFTS)).toEqual(
      expected,
    )
  })

  test('a wall-clock time in the hour skipped by DST moves forward with the clock', () => {
    expect(parseFactoryDateTime('2026-03-29T02:30', TZ)).toBe(at('2026-03-29T01:30:00Z'))
  })
})

describe('the shift spans of a factory day are worked out once', () => {
  test('asked again the same day (in the factory’s timezone): the same spans; the next day: that day’s', () => {
    const shifts = SHIFTS.map((s) => ({ ...s }))
    const morning = shiftSpansAround(at('2026-11-18T05:30:00Z'), TZ, shifts)
    expect(shiftSpansAround(at('2026-11-18T22:30:00Z'), TZ, shifts)).toBe(morning)
    // 23:30 UTC is already the 19th in Berlin
    const next = shiftSpansAround(at('2026-11-18T23:30:00Z'), TZ, shifts)
    expect(next).not.toBe(morning)
    expect(next.map(({ shift, span }) => [shift.name, span[0]])).toEqual([
      ['Early', at('2026-11-17T05:00:00Z')],
      ['Late', at('2026-11-17T13:00:00Z')],
      ['Night', at('2026-11-17T21:00:00Z')],
      ['Early', at('2026-11-18T05:00:00Z')],
      ['Late', at('2026-11-18T13:00:00Z')],
      ['Night', at('2026-11-18T21:00:00Z')],
      ['Early', at('2026-11-19T05:00:00Z')],
      ['Late', at('2026-11-19T13:00:00Z')],
      ['Night', at('2026-11-19T21:00:00Z')],
    ])
    // another timezone or another set of shifts is its own
    expect(shiftSpansAround(at('2026-11-18T05:30:00Z'), 'UTC', shifts)[0]!.span[0]).toBe(
      at('2026-11-16T06:00:00Z'),
    )
    expect(shiftSpansAround(at('2026-11-18T05:30:00Z'), TZ, [SHIFTS[0]!])).toHaveLength(3)
  })
})

describe('filters in the URL', () => {
  test('round trip, defaults left out, other parameters kept', () => {
    const search = new URLSearchParams(
      'range=custom&from=2026-11-01T06:00&till=2026-11-02T06:00&shift=Night&location=2&machines=A,B&grouping=H',
    )
    const filters = filtersFromSearch(search)
    expect(filters).toEqual({
      range: { preset: 'custom', from: '2026-11-01T06:00', till: '2026-11-02T06:00' },
      shift: 'Night',
      location: 2,
      machines: ['A', 'B'],
    })
    const rebuilt = searchWithFilters(search, filters)
    expect(filtersFromSearch(rebuilt)).toEqual(filters)
    expect(rebuilt.get('grouping')).toBe('H')
    expect(
      searchWithFilters(new URLSearchParams(), filtersFromSearch(new URLSearchParams())).toString(),
    ).toBe('')
  })

  test.each([
    ['range=forever', { preset: 'today' }],
    ['location=-3', null],
    ['location=abc', null],
  ])('a bad value falls back to the default (%s)', (text, expected) => {
    const filters = filtersFromSearch(new URLSearchParams(text))
    if (text.startsWith('range')) expect(filters.range).toEqual(expected)
    else expect(filters.location).toBe(expected)
  })

  test('links to other pages carry only the filters', () => {
    expect(filterSearch(new URLSearchParams('location=2&grouping=H&range=7d'))).toBe('?range=7d&location=2')
  })
})

describe('formatFactoryTime', () => {
  test('shows the factory’s clock, not the browser’s', async () => {
    const { formatFactoryTime } = await import('./factory-time')
    const instant = Date.parse('2026-11-18T05:51:34Z')
    expect(formatFactoryTime(instant, 'Europe/Berlin')).toBe('06:51:34')
    expect(formatFactoryTime(instant, 'America/Chicago')).toBe('23:51:34')
  })

  test('one clock format for every page: 24 h by default, 12 h when the factory sets it', async () => {
    const { formatFactoryTime, setClockFormat } = await import('./factory-time')
    const afternoon = Date.parse('2026-11-18T14:05:09Z')
    expect(formatFactoryTime(afternoon, 'UTC')).toBe('14:05:09')
    expect(formatFactoryTime(afternoon, 'UTC', false)).toBe('14:05')
    setClockFormat('12h')
    try {
      expect(formatFactoryTime(afternoon, 'UTC', false)).toMatch(/^0?2:05\sPM$/)
    } finally {
      setClockFormat('24h')
    }
    expect(formatFactoryTime(afternoon, 'UTC', false)).toBe('14:05')
  })
})
