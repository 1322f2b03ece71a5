import { describe, expect, test } from 'vitest'
import {
  machineIdsParam,
  reportSearchParams,
  reportStaleTime,
  shiftParam,
  unixSeconds,
} from './report-params'

describe('report parameter builders (reference 4.1, 4.3, 4.4)', () => {
  test.each([
    [new Date('2026-11-18T10:30:00.999Z'), 1794997800],
    [1794997800999, 1794997800],
  ])('unixSeconds(%s) = %i', (time, seconds) => expect(unixSeconds(time)).toBe(seconds))

  test.each([
    [undefined, 'all'],
    ['all', 'all'],
    [[], 'all'],
    [['AS-1', 'AS-2'], 'AS-1,AS-2'],
  ] as const)('machineIds %j → %s', (ids, text) => expect(machineIdsParam(ids)).toBe(text))

  test('the shift filter is JSON of from and to', () => {
    expect(JSON.parse(shiftParam({ from: '22:00', to: '06:00' }))).toEqual({ from: '22:00', to: '06:00' })
  })

  test('a full query in fixed order, defaults left out', () => {
    expect(reportSearchParams({ from: 1, till: 2 }).toString()).toBe('from=1&till=2&machineIds=all')
    const full = reportSearchParams({
      from: 1,
      till: 2,
      machineIds: ['A'],
      locationId: 3,
      shift: { from: '06:00', to: '14:00' },
      includeBobbinThreadbreaks: true,
      grouping: 'both',
      reverseHeadOrder: true,
    })
    expect([...full.keys()]).toEqual([
      'from',
      'till',
      'machineIds',
      'locationId',
      'shift',
      'includeBobbinThreadbreaks',
      'grouping',
      'reverseHeadOrder',
    ])
    expect(full.get('shift')).toBe('{"from":"06:00","to":"14:00"}')
    expect(
      reportSearchParams({ from: 1, till: 2, locationId: 0, includeBobbinThreadbreaks: false }).toString(),
    ).toBe('from=1&till=2&machineIds=all')
  })

  test('a closed past range never goes stale; an open one does', () => {
    expect(reportStaleTime({ till: 1000 }, 5000, 30_000)).toBe(Number.POSITIVE_INFINITY)
    expect(reportStaleTime({ till: 5000 }, 5000, 30_000)).toBe(30_000)
  })
})
