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

/** The smallest cell a heatmap is shrunk to: its numbers are drawn at 10 px, the smallest font of the
 * layout, from there down. */
export const SMALLEST_CELL = 12

/** The largest cell, at most `preferred`, with which the whole heatmap fits `room` CSS px (a phone's
 * width for a 20-head machine); at least SMALLEST_CELL, where whatever holds it must scroll. */
export function fittingCell(grid: HeatmapGrid, preferred: number, room: number): number {
  for (let cell = preferred; cell > SMALLEST_CELL; cell--)
    if (heatmapLayout(grid, cell).width <= room) return cell
  return Math.min(preferred, SMALLEST_CELL)
}

/** The canvas is backed by device pixels, so it stays sharp on high-density screens. */
export const pixelRatio = () => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1)
