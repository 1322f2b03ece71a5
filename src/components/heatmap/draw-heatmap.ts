import { heatColor, textOn } from '../../lib/color-scale'
import type { HeatmapGrid } from './heatmap'
import { type HeatmapLayout, pixelRatio } from './heatmap-layout'

/** Places to outline: cells by `${head}:${needle}`, whole heads (rows), whole needles (columns). */
export interface HeatmapMarks {
  cells: ReadonlySet<string>
  heads: ReadonlySet<number>
  needles: ReadonlySet<number>
}

/** Counts are written into cells at least this wide (CSS px); smaller cells show them on hover/focus. */
export const NUMBERS_FROM_CELL_PX = 24

/** #rrggbb → one RGBA pixel as the little-endian Uint32 that ImageData's buffer holds. */
function pixel(hex: string): number {
  const value = Number.parseInt(hex.slice(1, 7), 16)
  return ((255 << 24) | ((value & 0xff) << 16) | (value & 0xff00) | ((value >> 16) & 0xff)) >>> 0
}

/** Pre-rendered text: each label is drawn once with fillText and then copied (drawImage), which costs
 * a fraction of fillText; bounded so a kiosk running for weeks does not grow it. */
const SPRITE_LIMIT = 4000
const sprites = new Map<string, HTMLCanvasElement>()

function sprite(text: string, font: number, color: string, ratio: number): HTMLCanvasElement {
  const key = `${font}|${color}|${ratio}|${text}`
  let image = sprites.get(key)
  if (image) return image
  if (sprites.size >= SPRITE_LIMIT) sprites.clear()
  image = document.createElement('canvas')
  const ctx = image.getContext('2d')
  const fontSpec = `${font}px system-ui, sans-serif`
  if (ctx) ctx.font = fontSpec
  const width = Math.ceil((ctx?.measureText(text).width ?? text.length * font * 0.6) + 2)
  const height = Math.ceil(font * 1.4)
  image.width = Math.ceil(width * ratio)
  image.height = Math.ceil(height * ratio)
  if (ctx) {
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
    ctx.font = fontSpec
    ctx.fillStyle = color
    ctx.textBaseline = 'middle'
    ctx.fillText(text, 1, height / 2)
  }
  sprites.set(key, image)
  return image
}

const axes = new Map<string, { needles: HTMLCanvasElement; heads: HTMLCanvasElement }>()

/** Head and needle numbers, the same for every machine of a layout: drawn once as two thin strips
 * (small, so copying them is cheap), reused for every machine. */
function axisLabels(grid: HeatmapGrid, layout: HeatmapLayout, color: string, ratio: number, bobbin: string) {
  const key = `${grid.heads.join()}|${grid.needles.join()}|${layout.cell}|${color}|${ratio}|${bobbin}`
  let strips = axes.get(key)
  if (strips) return strips
  if (axes.size >= 64) axes.clear()
  const { cell, font, left, top } = layout
  const strip = (width: number, height: number, draw: (ctx: CanvasRenderingContext2D) => void) => {
    const image = document.createElement('canvas')
    image.width = Math.max(1, Math.round(width * ratio))
    image.height = Math.max(1, Math.round(height * ratio))
    const ctx = image.getContext('2d')
    if (ctx) {
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
      ctx.font = `${font}px system-ui, sans-serif`
      ctx.fillStyle = color
      ctx.textBaseline = 'middle'
      draw(ctx)
    }
    return image
  }
  strips = {
    needles: strip(grid.needles.length * cell, top, (ctx) => {
      ctx.textAlign = 'center'
      grid.needles.forEach((needle, c) => {
        ctx.fillText(needle === 0 ? bobbin : String(needle), c * cell + (cell - 1) / 2, top / 2)
      })
    }),
    heads: strip(left, grid.heads.length * cell, (ctx) => {
      ctx.textAlign = 'right'
      grid.heads.forEach((head, r) => {
        ctx.fillText(String(head), left - 3, r * cell + cell / 2)
      })
    }),
  }
  axes.set(key, strips)
  return strips
}

/** One pixel buffer per grid size, reused: every cell pixel is written on each draw and the gaps
 * between cells are never written, so nothing stale shows through. */
const scratch = new Map<string, { image: ImageData; pixels: Uint32Array }>()

function scratchImage(ctx: CanvasRenderingContext2D, width: number, height: number) {
  const key = `${width}x${height}`
  let found = scratch.get(key)
  if (!found) {
    if (scratch.size >= 16) scratch.clear()
    const image = ctx.createImageData(width, height)
    found = { image, pixels: new Uint32Array(image.data.buffer) }
    scratch.set(key, found)
  }
  return found
}

/** Draws the grid (`bobbin`: the bobbin column's heading, "B" in English). Cells are written as pixels
 * (one putImageData per machine) and labels copied from pre-rendered text: a hundred machines of 225
 * cells paint within budget (bench/heatmap.ts). */
export function drawHeatmap(
  canvas: HTMLCanvasElement,
  grid: HeatmapGrid,
  max: number,
  layout: HeatmapLayout,
  marks: HeatmapMarks,
  dark: boolean,
  cursor: { row: number; col: number } | null,
  bobbin: string,
  ratio = pixelRatio(),
) {
  const width = Math.round(layout.width * ratio)
  const height = Math.round(layout.height * ratio)
  const resized = canvas.width !== width || canvas.height !== height
  if (resized) {
    canvas.width = width // also clears it
    canvas.height = height
  }
  const ctx = canvas.getContext('2d')
  if (!ctx) return
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  if (!resized) ctx.clearRect(0, 0, width, height)

  const { cell, font, left, top } = layout
  const ink = dark ? '#f3f4f6' : '#111827'
  const faint = dark ? '#9ca3af' : '#4b5563'
  const zero = pixel(dark ? '#1f2937' : '#f3f4f6')
  const hatchInk = pixel(dark ? '#6b7280' : '#9ca3af')
  const { heads, needles, counts } = grid
  const rowTotals = new Array<number>(heads.length).fill(0)
  const colTotals = new Array<number>(needles.length).fill(0)
  const numbers = cell >= NUMBERS_FROM_CELL_PX

  // cells, as pixels: device-pixel edges rounded so every cell has the same size and a 1-px gap
  const edge = (i: number) => Math.round(i * cell * ratio)
  const gridWidth = edge(needles.length)
  const gridHeight = edge(heads.length)
  const written: Array<[number, number, number, string]> = []
  if (gridWidth > 0 && gridHeight > 0) {
    const { image, pixels } = scratchImage(ctx, gridWidth, gridHeight)
    const colours = new Map<number, [number, string]>()
    const gap = Math.max(1, Math.round(ratio))
    for (let r = 0; r < heads.length; r++) {
      const y0 = edge(r)
      const y1 = edge(r + 1) - gap
      for (let c = 0; c < needles.length; c++) {
        const x0 = edge(c)
        const x1 = edge(c + 1) - gap
        const count = counts.get(`${heads[r]}:${needles[c]}`)
        if (count === undefined) {
          for (let y = y0; y < y1; y++) pixels.fill(0, y * gridWidth + x0, y * gridWidth + x1)
          for (let y = y0; y < y1; y++) {
            for (let x = x0 + ((6 - ((x0 + y) % 6)) % 6); x < x1; x += 6) pixels[y * gridWidth + x] = hatchInk
          }
          continue
        }
        rowTotals[r] = (rowTotals[r] ?? 0) + count
        colTotals[c] = (colTotals[c] ?? 0) + count
        let colour: number
        if (count === 0) colour = zero
        else {
          let known = colours.get(count)
          if (!known) {
            const hex = heatColor(count, max, dark)
            known = [pixel(hex), hex]
            colours.set(count, known)
          }
          colour = known[0]
          if (numbers) written.push([c, r, count, known[1]])
        }
        for (let y = y0; y < y1; y++) pixels.fill(colour, y * gridWidth + x0, y * gridWidth + x1)
      }
    }
    ctx.putImageData(image, Math.round(left * ratio), Math.round(top * ratio))
  }

  ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
  const gridRight = left + needles.length * cell
  const gridBottom = top + heads.length * cell
  const put = (text: string, color: string, x: number, y: number, align: 'left' | 'center' | 'right') => {
    const image = sprite(text, font, color, ratio)
    const w = image.width / ratio
    const h = image.height / ratio
    const x0 = align === 'left' ? x : align === 'right' ? x - w : x - w / 2
    ctx.drawImage(image, x0, y - h / 2, w, h)
  }
  for (const [c, r, count, fill] of written) {
    put(String(count), textOn(fill), left + c * cell + (cell - 1) / 2, top + r * cell + cell / 2, 'center')
  }
  const strips = axisLabels(grid, layout, faint, ratio, bobbin)
  ctx.drawImage(strips.needles, left, 0, strips.needles.width / ratio, strips.needles.height / ratio)
  ctx.drawImage(strips.heads, 0, top, strips.heads.width / ratio, strips.heads.height / ratio)
  heads.forEach((_head, r) => {
    put(String(rowTotals[r]), ink, gridRight + 3, top + r * cell + cell / 2, 'left')
  })
  colTotals.forEach((total, c) => {
    put(String(total), ink, left + c * cell + (cell - 1) / 2, gridBottom + font / 2 + 3, 'center')
  })
  put(`Σ${rowTotals.reduce((a, b) => a + b, 0)}`, ink, gridRight + 3, gridBottom + font / 2 + 3, 'left')

  // flagged places: black then white, so the outline shows on the darkest and the lightest fill
  const outline = (x: number, y: number, w: number, h: number, dashed: boolean) => {
    ctx.setLineDash(dashed ? [4, 3] : [])
    ctx.lineWidth = 3
    ctx.strokeStyle = '#000000'
    ctx.strokeRect(x + 0.5, y + 0.5, w - 2, h - 2)
    ctx.lineWidth = 1
    ctx.strokeStyle = '#ffffff'
    ctx.strokeRect(x + 0.5, y + 0.5, w - 2, h - 2)
  }
  heads.forEach((head, r) => {
    if (marks.heads.has(head)) outline(left, top + r * cell, needles.length * cell, cell, true)
  })
  needles.forEach((needle, c) => {
    if (marks.needles.has(needle)) outline(left + c * cell, top, cell, heads.length * cell, true)
  })
  if (marks.cells.size) {
    heads.forEach((head, r) => {
      needles.forEach((needle, c) => {
        if (marks.cells.has(`${head}:${needle}`)) outline(left + c * cell, top + r * cell, cell, cell, false)
      })
    })
  }
  if (cursor) {
    ctx.setLineDash([])
    ctx.lineWidth = 2
    ctx.strokeStyle = dark ? '#60a5fa' : '#1d4ed8'
    ctx.strokeRect(left + cursor.col * cell - 1, top + cursor.row * cell - 1, cell + 1, cell + 1)
  }
  ctx.setLineDash([])
}
