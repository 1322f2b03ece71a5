import { heatColor } from '../../lib/color-scale'
import type { HotSpot } from '../../lib/hot-spots'
import type { Translator } from '../../lib/i18n/translator'
import { drawHeatmap } from './draw-heatmap'
import type { HeatmapGrid } from './heatmap'
import { marksOf } from './heatmap-grid'
import { heatmapLayout } from './heatmap-layout'

const PAD = 16
const CAPTION = 22

/** Every machine's heatmap on one light sheet with a title and the colour scale, for the PNG export
 * (drawn at 2× so it stays sharp when printed or zoomed). */
export function heatmapSheet(
  machines: ReadonlyArray<{ name: string; grid: HeatmapGrid; spots: readonly HotSpot[] }>,
  max: number,
  title: string,
  t: Translator['t'],
  cell = 18,
): HTMLCanvasElement {
  const ratio = 2
  const layouts = machines.map((m) => heatmapLayout(m.grid, cell))
  const width = Math.max(160, ...layouts.map((l) => l.width)) + PAD
  const height = Math.max(60, ...layouts.map((l) => l.height)) + CAPTION + PAD
  const columns = Math.max(1, Math.min(machines.length, 6))
  const rows = Math.ceil(machines.length / columns)
  const header = 70
  const sheet = document.createElement('canvas')
  sheet.width = (PAD + columns * width) * ratio
  sheet.height = (header + rows * height + PAD) * ratio
  const ctx = sheet.getContext('2d')
  if (!ctx) return sheet
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, sheet.width, sheet.height)
  ctx.fillStyle = '#111827'
  ctx.textBaseline = 'top'
  ctx.font = 'bold 18px system-ui, sans-serif'
  ctx.fillText(title, PAD, PAD)

  // the colour scale
  ctx.font = '12px system-ui, sans-serif'
  const steps = [0, ...[0.25, 0.5, 0.75, 1].map((f) => Math.max(1, Math.round(f * max)))].filter(
    (v, i, all) => all.indexOf(v) === i,
  )
  let x = PAD
  for (const value of steps) {
    ctx.fillStyle = value === 0 ? '#f3f4f6' : heatColor(value, max)
    ctx.fillRect(x, 44, 24, 14)
    ctx.strokeStyle = '#9ca3af'
    ctx.strokeRect(x + 0.5, 44.5, 23, 13)
    ctx.fillStyle = '#111827'
    const label = value === 0 ? t('heatmap.breaks', { count: 0 }) : String(value)
    ctx.fillText(label, x + 28, 45)
    x += 40 + ctx.measureText(label).width
  }
  ctx.fillText(t('heatmap.sheetKey'), x + 8, 45)

  const scratch = document.createElement('canvas')
  const bobbin = t('heatmap.bobbinShort')
  machines.forEach((machine, i) => {
    const layout = layouts[i]
    if (!layout) return
    const left = PAD + (i % columns) * width
    const top = header + Math.floor(i / columns) * height
    ctx.fillStyle = '#111827'
    ctx.font = 'bold 14px system-ui, sans-serif'
    ctx.fillText(machine.name, left, top, width - PAD)
    drawHeatmap(scratch, machine.grid, max, layout, marksOf(machine.spots), false, null, bobbin, ratio)
    ctx.drawImage(
      scratch,
      0,
      0,
      scratch.width,
      scratch.height,
      left,
      top + CAPTION,
      layout.width,
      layout.height,
    )
  })
  return sheet
}
