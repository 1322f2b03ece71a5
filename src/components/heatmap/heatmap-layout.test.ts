import { describe, expect, test } from 'vitest'
import type { HeatmapGrid } from './heatmap'
import { fittingCell, heatmapLayout, SMALLEST_CELL } from './heatmap-layout'

const grid = (heads: number, needles: number): HeatmapGrid => ({
  heads: Array.from({ length: heads }, (_, i) => i + 1),
  needles: Array.from({ length: needles }, (_, i) => i + 1),
  counts: new Map(),
})

describe('fittingCell', () => {
  test('the preferred cell where the heatmap fits', () => {
    expect(fittingCell(grid(4, 9), 26, 1200)).toBe(26)
  })

  test('20 heads × 15 needles on a phone (358 px inside the page): smaller cells, the whole width used', () => {
    const wide = grid(20, 15)
    expect(heatmapLayout(wide, 26).width).toBeGreaterThan(358)
    const cell = fittingCell(wide, 26, 358)
    expect(heatmapLayout(wide, cell).width).toBeLessThanOrEqual(358)
    expect(heatmapLayout(wide, cell + 1).width).toBeGreaterThan(358)
  })

  test('never below the smallest cell, nor above the preferred one', () => {
    expect(fittingCell(grid(20, 15), 26, 100)).toBe(SMALLEST_CELL)
    expect(fittingCell(grid(1, 9), 10, 100)).toBe(10)
  })
})
