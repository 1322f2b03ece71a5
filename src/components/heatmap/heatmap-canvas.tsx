import {
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useT } from '../i18n'
import { useDarkTheme } from '../use-dark-theme'
import { cellInWords } from './cell-words'
import { drawHeatmap, type HeatmapMarks } from './draw-heatmap'
import type { HeatmapGrid } from './heatmap'
import { fittingCell, heatmapLayout, pixelRatio } from './heatmap-layout'
import { nearViewport, whenNearViewport } from './near-viewport'

const NO_MARKS: HeatmapMarks = { cells: new Set(), heads: new Set(), needles: new Set() }

/** One machine's heads × needles on a canvas: a single draw instead of hundreds of DOM nodes, so a
 * hundred machines paint within budget (bench/heatmap.ts). Zero cells are pale and empty cells
 * hatched, flagged places outlined in black and white (visible on every fill), totals per head and
 * needle drawn beside the grid. The values stay reachable without a mouse: the canvas takes focus,
 * arrow keys walk the cells and a live region reads each one; the table Heatmap is the full twin. */
export function HeatmapCanvas({
  grid,
  max,
  label,
  marks = NO_MARKS,
  cell = 18,
  fit = false,
}: {
  grid: HeatmapGrid
  max: number
  label: string
  marks?: HeatmapMarks
  /** the cell's size in CSS px; with `fit`, the largest it may be */
  cell?: number
  /** smaller cells where the heatmap would be wider than the box it is in (one machine's heatmap across a
   * phone: 20 heads × 15 needles at 26 px are 458 px), so the page does not scroll sideways */
  fit?: boolean
}) {
  const boxRef = useRef<HTMLDivElement>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const { t } = useT()
  const dark = useDarkTheme()
  const bobbin = t('heatmap.bobbinShort')
  const [cursor, setCursor] = useState<{ row: number; col: number; by: 'key' | 'mouse' } | null>(null)
  const room = useRoom(boxRef, fit)
  const layout = useMemo(
    () => heatmapLayout(grid, room ? fittingCell(grid, cell, room) : cell),
    [grid, cell, room],
  )
  const keyCursor = cursor?.by === 'key' ? cursor : null

  // Drawn before the first paint when on (or near) the screen; further down the page when scrolled
  // near, so a hundred machines do not all pay for their canvas up front (bench/heatmap.ts).
  useLayoutEffect(() => {
    const canvas = canvasRef.current
    if (!canvas) return
    const draw = () => drawHeatmap(canvas, grid, max, layout, marks, dark, keyCursor, bobbin)
    if (nearViewport(canvas)) {
      draw()
      return
    }
    return whenNearViewport(canvas, draw)
  }, [grid, max, layout, marks, dark, keyCursor, bobbin])

  const at = (row: number, col: number) => {
    const head = grid.heads[row]
    const needle = grid.needles[col]
    return head === undefined || needle === undefined
      ? null
      : cellInWords(t, head, needle, grid.counts.get(`${head}:${needle}`))
  }
  const readout = cursor ? at(cursor.row, cursor.col) : null

  const onMouseMove = (event: MouseEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    const col = Math.floor((event.clientX - box.left - layout.left) / layout.cell)
    const row = Math.floor((event.clientY - box.top - layout.top) / layout.cell)
    const inside = row >= 0 && col >= 0 && row < grid.heads.length && col < grid.needles.length
    if (!inside) {
      if (cursor?.by === 'mouse') setCursor(null)
    } else if (cursor?.row !== row || cursor?.col !== col) {
      setCursor({ row, col, by: 'mouse' })
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const rows = grid.heads.length
    const cols = grid.needles.length
    if (!rows || !cols) return
    const { row, col } = keyCursor ?? { row: 0, col: 0 }
    const moves: Record<string, [number, number]> = {
      ArrowUp: [Math.max(0, row - 1), col],
      ArrowDown: [Math.min(rows - 1, row + 1), col],
      ArrowLeft: [row, Math.max(0, col - 1)],
      ArrowRight: [row, Math.min(cols - 1, col + 1)],
      Home: [row, 0],
      End: [row, cols - 1],
    }
    const next = moves[event.key]
    if (!next) return
    event.preventDefault()
    setCursor({ row: next[0], col: next[1], by: 'key' })
  }

  const total = [...grid.counts.values()].reduce((sum, count) => sum + count, 0)
  // the readout beside the cell, on the side with more of the heatmap's width: to the right it would
  // run past a phone's edge from the right half's cells
  const leftward = cursor !== null && cursor.col >= grid.needles.length / 2
  return (
    <div ref={boxRef} className={fit ? 'relative' : 'relative inline-block'}>
      {/* the axes named (the numbers are drawn in the canvas): rows are heads, columns needles */}
      <p aria-hidden="true" className="text-xs text-gray-700 dark:text-gray-300">
        {t('heatmap.axes')}
      </p>
      <canvas
        ref={canvasRef}
        data-heatmap={label}
        tabIndex={0}
        role="img"
        aria-label={t('heatmap.canvasLabel', { name: label, total })}
        className="block rounded focus:outline-2 focus:outline-offset-2 focus:outline-blue-600"
        width={Math.round(layout.width * pixelRatio())}
        height={Math.round(layout.height * pixelRatio())}
        style={{ width: layout.width, height: layout.height }}
        onMouseMove={onMouseMove}
        onMouseLeave={() => cursor?.by === 'mouse' && setCursor(null)}
        onKeyDown={onKeyDown}
        onFocus={() => !cursor && setCursor({ row: 0, col: 0, by: 'key' })}
        onBlur={() => cursor?.by === 'key' && setCursor(null)}
      />
      <p aria-live="polite" className="sr-only">
        {keyCursor ? readout : ''}
      </p>
      {readout && (
        <p
          aria-hidden="true"
          className="pointer-events-none absolute z-10 rounded bg-gray-900 px-2 py-1 text-sm whitespace-nowrap text-white shadow dark:bg-gray-100 dark:text-gray-900"
          style={{
            left: layout.left + ((cursor?.col ?? 0) + (leftward ? 0 : 1)) * layout.cell + (leftward ? -4 : 4),
            top: (canvasRef.current?.offsetTop ?? 0) + layout.top + (cursor?.row ?? 0) * layout.cell - 4,
            ...(leftward ? { transform: 'translateX(-100%)' } : {}),
          }}
        >
          {readout}
        </p>
      )}
    </div>
  )
}

/** The width of the box (CSS px) when `on`, measured before the first paint and followed as it changes;
 * null when off or not laid out (jsdom). */
function useRoom(box: RefObject<HTMLDivElement | null>, on: boolean): number | null {
  const [room, setRoom] = useState<number | null>(null)
  useLayoutEffect(() => {
    const element = box.current
    if (!on || !element) return
    const measure = () => setRoom(element.clientWidth || null)
    // measured here, not in the observer's first call: that would paint one frame at the full size first
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [box, on])
  return room
}
