import { describe, expect, test } from 'vitest'
import { logGamma, poissonUpperTail } from './poisson'

describe('poissonUpperTail: P(X ≥ k), checked against scipy.stats.poisson.sf(k − 1, λ)', () => {
  test.each([
    [10, 2, 4.649807501726386e-5],
    [1, 1, 0.6321205588285577],
    [3, 3, 0.5768099188731566],
    [150, 100, 1.8842104660386844e-6],
    [30, 3, 4.277047721426935e-20],
    [1000, 1200, 0.9999999987118394],
    [5, 0.1, 7.667801686189327e-8],
    [60, 20, 4.2332846947129256e-13],
  ])('k = %d, λ = %d', (k, lambda, expected) => {
    expect(poissonUpperTail(k, lambda)).toBeCloseTo(expected, 10)
    expect(poissonUpperTail(k, lambda) / expected).toBeCloseTo(1, 8)
  })

  test('edges: any count is at least 0; nothing can happen when nothing is expected', () => {
    expect(poissonUpperTail(0, 5)).toBe(1)
    expect(poissonUpperTail(3, 0)).toBe(0)
  })

  test('logGamma matches factorials', () => {
    expect(logGamma(1)).toBeCloseTo(0, 12)
    expect(logGamma(11)).toBeCloseTo(Math.log(3_628_800), 10)
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12)
  })
})
