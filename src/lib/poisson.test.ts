import { describe, expect, test } from 'vitest'
import { binomialUpperTail, logGamma, poissonUpperTail } from './poisson'

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

describe('binomialUpperTail: P(X ≥ k), checked against the sum of the exact terms', () => {
  test.each([
    [8, 10, 0.5, 0.0546875],
    [5, 20, 0.1, 0.043174495284463404],
    [60, 100, 0.4, 4.2466387057294964e-5],
    [3, 1000, 0.001, 0.08020934284020101],
    [150, 400, 0.3, 0.0007887170383214208],
  ])('k = %d, n = %d, p = %d', (k, n, p, expected) => {
    expect(binomialUpperTail(k, n, p) / expected).toBeCloseTo(1, 8)
  })

  test('edges', () => {
    expect(binomialUpperTail(0, 5, 0.3)).toBe(1)
    expect(binomialUpperTail(6, 5, 0.3)).toBe(0)
    expect(binomialUpperTail(2, 5, 0)).toBe(0)
    expect(binomialUpperTail(5, 5, 1)).toBe(1)
  })
})
