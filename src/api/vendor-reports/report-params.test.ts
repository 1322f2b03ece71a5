import { describe, expect, test } from 'vitest'
import {
  filtersNotApplied,
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

  test('a full query in fixed order, defaults left out, only what the report takes', () => {
    expect(reportSearchParams('/reports/threadbreaks', { from: 1, till: 2 })?.toString()).toBe(
      'from=1&till=2&machineIds=all',
    )
    const all = {
      from: 1,
      till: 2,
      machineIds: ['A'],
      locationId: 3,
      locationMachineIds: ['A', 'B'],
      shift: { from: '06:00', to: '14:00' },
      includeBobbinThreadbreaks: true,
      grouping: 'both' as const,
      reverseHeadOrder: true,
      designId: 'D1',
      designStitches: 4500,
      ignoreOutliers: 10 as const,
      operatorId: 'OP1',
    }
    const keys = (path: Parameters<typeof reportSearchParams>[0]) => [
      ...reportSearchParams(path, all)!.keys(),
    ]
    expect(keys('/reports/threadbreaks-by-machine/aggregated')).toEqual([
      'from',
      'till',
      'machineIds',
      'shift',
      'includeBobbinThreadbreaks',
      'grouping',
      'reverseHeadOrder',
    ])
    expect(keys('/reports/machine-summary')).toEqual([
      'from',
      'till',
      'machineIds',
      'locationId',
      'shift',
      'includeBobbinThreadbreaks',
    ])
    expect(keys('/reports/average-rpm')).toEqual(['from', 'till', 'locationId', 'shift'])
    expect(keys('/reports/runningtime')).toEqual([
      'from',
      'till',
      'machineIds',
      'shift',
      'designId',
      'designStitches',
      'ignoreOutliers',
    ])
    expect(keys('/reports/operator-overview')).toContain('operatorId')
    expect(reportSearchParams('/reports/machine-summary', all)!.get('shift')).toBe(
      '{"from":"06:00","to":"14:00"}',
    )
    expect(
      reportSearchParams('/reports/threadbreaks', {
        from: 1,
        till: 2,
        locationId: 0,
        includeBobbinThreadbreaks: false,
      })?.toString(),
    ).toBe('from=1&till=2&machineIds=all')
  })

  test('a location on a report without locationId becomes the location’s machines', () => {
    const params = { from: 1, till: 2, locationId: 3, locationMachineIds: ['A', 'B'] }
    expect(reportSearchParams('/reports/threadbreaks', params)!.get('machineIds')).toBe('A,B')
    expect(
      reportSearchParams('/reports/threadbreaks', { ...params, machineIds: ['B', 'C'] })!.get('machineIds'),
    ).toBe('B')
    // machines chosen elsewhere than the location: nothing to ask
    expect(reportSearchParams('/reports/threadbreaks', { ...params, machineIds: ['C'] })).toBeNull()
    expect(filtersNotApplied('/reports/threadbreaks', params)).toEqual([])
  })

  test('a filter a report cannot take is named, never silently dropped', () => {
    expect(filtersNotApplied('/reports/average-rpm', { from: 1, till: 2, machineIds: ['A'] })).toEqual([
      'machines',
    ])
    expect(filtersNotApplied('/reports/average-rpm', { from: 1, till: 2, locationId: 2 })).toEqual([])
    expect(
      filtersNotApplied('/reports/machine-summary', { from: 1, till: 2, machineIds: ['A'], locationId: 2 }),
    ).toEqual([])
  })

  test('a closed past range never goes stale; an open one does', () => {
    expect(reportStaleTime({ till: 1000 }, 5000, 30_000)).toBe(Number.POSITIVE_INFINITY)
    expect(reportStaleTime({ till: 5000 }, 5000, 30_000)).toBe(30_000)
  })
})
