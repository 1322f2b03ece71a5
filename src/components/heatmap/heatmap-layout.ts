import type { HeatmapGrid } from './heatmap'

/** Where the grid, its axis numbers and its totals sit on the canvas (CSS px): shared by the component
 * (size, hit-testing), the drawing and the PNG sheet, so all three agree on every cell's place. */
export interface HeatmapLayout {
  cell: number
  font: number
  left: number
  top: number
  width: number
  height: number
}

export function heatmapLayout(grid: HeatmapGrid, cell: number): HeatmapLayout {
  const font = Math.max(10, Math.round(cell * 0.5))
  const left = Math.ceil(font * 1.6) + 4
  const top = font + 6
  const right = Math.ceil(font * 2.8) + 6
  return {
    cell,
    font,
    left,
    top,
    width: left + grid.needles.length * cell + right,
    height: top + grid.heads.length * cell + font + 8,
  }
}

/** The canvas is backed by device pixels, so it stays sharp on high-density screens. */
export const pixelRatio = () => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1)
