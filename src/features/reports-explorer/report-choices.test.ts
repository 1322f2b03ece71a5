import { describe, expect, test } from 'vitest'
import { t } from '../../../test/messages'
import {
  AGGREGATED_GROUPINGS,
  type ReportPath,
  THREADBREAK_GROUPINGS,
} from '../../api/contract/report-params'
import {
  chosenGrouping,
  chosenOutliers,
  GROUPING_LABELS,
  OWN_GROUPINGS,
  outliersLabel,
  unappliedInWords,
} from './report-choices'

const THREADBREAKS = '/reports/threadbreaks'
const AGGREGATED = '/reports/threadbreaks-by-machine/aggregated'

describe('the grouping of a report', () => {
  test.each<[ReportPath, string | null, string | undefined]>([
    [THREADBREAKS, 'N', 'N'],
    [THREADBREAKS, 'H', 'H'],
    [THREADBREAKS, null, 'HN'],
    [THREADBREAKS, '', 'HN'],
    [THREADBREAKS, 'head', 'HN'],
    [AGGREGATED, 'needle', 'needle'],
    [AGGREGATED, 'HN', 'both'],
    [AGGREGATED, null, 'both'],
    ['/reports/stitches', 'H', undefined],
    ['/reports/stitches', null, undefined],
  ])('%s with grouping=%s groups by %s', (path, asked, expected) => {
    expect(chosenGrouping(OWN_GROUPINGS[path], asked)).toBe(expected)
  })

  test.each<[ReportPath, readonly string[], boolean]>([
    [THREADBREAKS, THREADBREAK_GROUPINGS, false],
    [AGGREGATED, AGGREGATED_GROUPINGS, true],
  ])('%s offers exactly the groupings the API takes, each in words (reverse: %s)', (path, api, reverse) => {
    const own = OWN_GROUPINGS[path]!
    expect([...own.values].sort()).toEqual([...api].sort())
    expect(own.values).toContain(own.fallback)
    expect(own.reverse).toBe(reverse)
    for (const value of own.values) expect(t(GROUPING_LABELS[value]!)).toMatch(/^(Head|Needle)/)
  })
})

describe('outliers left out', () => {
  test.each<[string | null, number]>([
    ['10', 10],
    ['20', 20],
    ['30', 30],
    ['0', 0],
    [null, 0],
    ['', 0],
    ['15', 0],
    ['-10', 0],
    ['ten', 0],
  ])('outliers=%s leaves out %s %%', (asked, expected) => {
    expect(chosenOutliers(asked)).toBe(expected)
  })

  test.each([
    [0, 'None'],
    [10, '10\u00a0%'],
    [30, '30\u00a0%'],
  ] as const)('%s reads "%s"', (value, label) => {
    expect(outliersLabel(value, t)).toBe(label)
  })
})

test.each([
  [['machines'], 'the machine choice'],
  [['location'], 'the location'],
  [['machines', 'location'], 'the machine choice or the location'],
] as const)('filters not applied %j are named "%s"', (unapplied, words) => {
  expect(unappliedInWords(unapplied, t)).toBe(words)
})
