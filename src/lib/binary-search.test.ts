import { describe, expect, test } from 'vitest'
import { lowerBound, upperBound } from './binary-search'

const LIST = [10, 20, 20, 20, 30]

describe('lowerBound and upperBound', () => {
  test.each([
    // list, target, lowerBound, upperBound
    [[], 5, 0, 0],
    [[10], 5, 0, 0],
    [[10], 10, 0, 1],
    [[10], 15, 1, 1],
    [LIST, 5, 0, 0],
    [LIST, 10, 0, 1],
    [LIST, 15, 1, 1],
    [LIST, 20, 1, 4],
    [LIST, 25, 4, 4],
    [LIST, 30, 4, 5],
    [LIST, 35, 5, 5],
  ])('in %j, %d: lower %d, upper %d', (list, target, lower, upper) => {
    expect(lowerBound(list, target)).toBe(lower)
    expect(upperBound(list, target)).toBe(upper)
  })

  test('a key reads what the list is sorted by; typed arrays work as well', () => {
    const spans = [
      [0, 10],
      [10, 20],
      [25, 30],
    ] as const
    expect(upperBound(spans, 10, (s) => s[1])).toBe(1)
    expect(lowerBound(spans, 10, (s) => s[1])).toBe(0)
    expect(upperBound(spans, 22, (s) => s[0])).toBe(2)
    expect(upperBound(new Float64Array([0.5, 1, 1.5]), 1)).toBe(2)
  })

  test('agrees with a linear scan on every target of a long list with repeats', () => {
    const list = Array.from({ length: 200 }, (_, i) => Math.floor(i / 3))
    for (let target = -1; target <= 70; target += 0.5) {
      expect(lowerBound(list, target)).toBe(list.filter((v) => v < target).length)
      expect(upperBound(list, target)).toBe(list.filter((v) => v <= target).length)
    }
  })
})
