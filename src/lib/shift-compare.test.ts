import { describe, expect, test } from 'vitest'
import { daysOf, perHour, relativeChange, shiftHours, shiftInstances, shiftSoFar } from './shift-compare'

const utc = (text: string) => Date.parse(text) / 1000
const SHIFTS = [
  { name: 'Early', from: '06:00', to: '14:00' },
  { name: 'Late', from: '14:00', to: '22:00' },
  { name: 'Night', from: '22:00', to: '06:00' },
]
const night = SHIFTS[2]!
const BERLIN = 'Europe/Berlin'

describe('shift instances', () => {
  test('a night shift belongs to the day it starts: Monday night is Monday, whole, though it ends Tuesday', () => {
    // Monday 2026-11-16 00:00 to Tuesday 00:00 Berlin
    const from = utc('2026-11-15T23:00:00Z')
    const till = utc('2026-11-16T23:00:00Z')
    const instances = shiftInstances(night, from, till, utc('2026-11-20T00:00:00Z'), BERLIN)
    expect(instances.map((i) => i.day)).toEqual(['2026-11-16'])
    expect(instances[0]?.span).toEqual([utc('2026-11-16T21:00:00Z'), utc('2026-11-17T05:00:00Z')])
  })

  test('an instance still running is counted up to now; one not begun yet is left out', () => {
    const now = utc('2026-11-18T23:30:00Z') // Thursday 00:30 Berlin: Wednesday's night shift runs
    const instances = shiftInstances(night, utc('2026-11-17T23:00:00Z'), now, now, BERLIN)
    expect(instances.map((i) => [i.day, i.counted])).toEqual([
      ['2026-11-18', [utc('2026-11-18T21:00:00Z'), now]],
    ])
    // Thursday's early shift has not begun at 00:30
    expect(shiftInstances(SHIFTS[0]!, utc('2026-11-18T23:00:00Z'), now, now, BERLIN)).toEqual([])
  })

  test('on the autumn DST change the night shift lasts 9 hours, in spring 7', () => {
    const autumn = shiftInstances(
      night,
      utc('2026-10-24T22:00:00Z'),
      utc('2026-10-25T23:00:00Z'),
      utc('2026-11-01T00:00:00Z'),
      BERLIN,
    )
    const [saturday] = shiftInstances(
      night,
      utc('2026-10-23T22:00:00Z'),
      utc('2026-10-24T22:00:00Z'),
      utc('2026-11-01T00:00:00Z'),
      BERLIN,
    )
    expect(saturday?.day).toBe('2026-10-24')
    expect(saturday && (saturday.span[1] - saturday.span[0]) / 3600).toBe(9)
    expect(autumn.map((i) => i.day)).toEqual(['2026-10-25'])
    const [spring] = shiftInstances(
      night,
      utc('2026-03-27T23:00:00Z'),
      utc('2026-03-28T23:00:00Z'),
      utc('2026-04-01T00:00:00Z'),
      BERLIN,
    )
    expect(spring && (spring.span[1] - spring.span[0]) / 3600).toBe(7)
  })

  test('days of a range, in the factory timezone, including a 25-hour day', () => {
    expect(daysOf(utc('2026-10-23T22:00:00Z'), utc('2026-10-26T23:00:00Z'), BERLIN)).toEqual([
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
    ])
  })
})

describe('this shift so far', () => {
  test('the running shift against the same shift yesterday and a week ago, whole', () => {
    const now = utc('2026-11-18T10:30:00Z') // 11:30 Berlin, early shift
    const soFar = shiftSoFar(now, BERLIN, SHIFTS)
    expect(soFar?.shift.name).toBe('Early')
    expect(soFar?.current).toEqual([utc('2026-11-18T05:00:00Z'), now])
    expect(soFar?.yesterday).toEqual([utc('2026-11-17T05:00:00Z'), utc('2026-11-17T13:00:00Z')])
    expect(soFar?.lastWeek).toEqual([utc('2026-11-11T05:00:00Z'), utc('2026-11-11T13:00:00Z')])
  })

  test('after midnight the night shift compares with the night that began the evening before yesterday', () => {
    const now = utc('2026-11-18T01:00:00Z') // 02:00 Berlin Wednesday: Tuesday's night shift
    const soFar = shiftSoFar(now, BERLIN, SHIFTS)
    expect(soFar?.shift.name).toBe('Night')
    expect(soFar?.current[0]).toBe(utc('2026-11-17T21:00:00Z'))
    expect(soFar?.yesterday[0]).toBe(utc('2026-11-16T21:00:00Z'))
  })

  test('the week before a DST change: the same wall-clock shift, a different UTC offset', () => {
    const now = utc('2026-10-26T08:00:00Z') // Monday 09:00 CET, after the change
    const soFar = shiftSoFar(now, BERLIN, SHIFTS)
    expect(soFar?.current[0]).toBe(utc('2026-10-26T05:00:00Z'))
    expect(soFar?.lastWeek[0]).toBe(utc('2026-10-19T04:00:00Z')) // 06:00 CEST
  })

  test('no shift running: nothing to compare', () => {
    expect(shiftSoFar(utc('2026-11-18T23:00:00Z'), BERLIN, SHIFTS.slice(0, 2))).toBeNull()
  })

  test('rates per hour and changes in words', () => {
    expect(perHour(30, [0, 7200])).toBe(15)
    expect(perHour(3, [5, 5])).toBeNull()
    expect(relativeChange(112, 100)).toBe('+12\u00a0%')
    expect(relativeChange(92, 100)).toBe('−8\u00a0%')
    expect(relativeChange(100, 100)).toBe('±0\u00a0%')
    expect(relativeChange(5, 0)).toBeNull()
  })
})

describe('hours of a shift in a range (what the shift filter counts)', () => {
  test('a day: the night shift counts its morning part and its evening part', () => {
    const day = { from: utc('2026-11-16T23:00:00Z'), till: utc('2026-11-17T23:00:00Z') }
    const now = utc('2026-11-20T00:00:00Z')
    expect(shiftHours(night, day, now, BERLIN)).toBe(8)
    expect(shiftHours(SHIFTS[0]!, day, now, BERLIN)).toBe(8)
  })

  test('up to now only, and a DST day: the night of the autumn change holds one more hour', () => {
    const now = utc('2026-11-18T10:30:00Z') // 11:30 Berlin
    const today = { from: utc('2026-11-17T23:00:00Z'), till: now }
    expect(shiftHours(SHIFTS[0]!, today, now, BERLIN)).toBe(5.5)
    const changeDay = { from: utc('2026-10-24T22:00:00Z'), till: utc('2026-10-25T23:00:00Z') }
    // 00:00–06:00 CEST→CET is 7 real hours, 22:00–24:00 is 2
    expect(shiftHours(night, changeDay, now, BERLIN)).toBe(9)
  })
})
