import { describe, expect, test } from 'vitest'
import { dayChoiceOf, withDays, withMetric } from './day-metrics'

describe('each shift per day: the days and the figure in the address', () => {
  test.each([
    ['', { days: 7, metric: 'threadbreaks' }],
    ['days=30', { days: 30, metric: 'threadbreaks' }],
    ['days=14', { days: 7, metric: 'threadbreaks' }],
    ['metric=stitches', { days: 7, metric: 'stitches' }],
    ['days=30&metric=pieces', { days: 30, metric: 'pieces' }],
    ['metric=rpm', { days: 7, metric: 'threadbreaks' }],
  ])('“%s” reads as %o', (query, choice) => {
    expect(dayChoiceOf(new URLSearchParams(query))).toEqual(choice)
  })

  test.each([
    ['range=7d', '30', 'range=7d&days=30'],
    ['range=7d&days=30', '7', 'range=7d'],
    ['days=30', 'anything', ''],
  ])('days: “%s” with %s is “%s”', (query, value, written) => {
    expect(withDays(new URLSearchParams(query), value).toString()).toBe(written)
  })

  test.each([
    ['range=7d', 'stitches', 'range=7d&metric=stitches'],
    ['metric=pieces', 'threadbreaks', ''],
    ['metric=stitches', 'pieces', 'metric=pieces'],
  ])('figure: “%s” with %s is “%s”', (query, value, written) => {
    expect(withMetric(new URLSearchParams(query), value).toString()).toBe(written)
  })
})
