import '../../src/index.css'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { Heatmap, type HeatmapGrid } from '../../src/components/heatmap/heatmap'
import { HeatmapSmallMultiples, type MachineHeatmap } from '../../src/components/heatmap/small-multiples'

/** The page driven by bench/heatmap.ts: the shared heatmap components with synthetic counts,
 * timed from render to the next painted frame. */
function machines(count: number, heads: number, needles: number): MachineHeatmap[] {
  let seed = 42
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return seed / 2 ** 31
  }
  return Array.from({ length: count }, (_, m) => {
    const counts = new Map<string, number>()
    for (let h = 1; h <= heads; h++) {
      for (let n = 1; n <= needles; n++)
        counts.set(`${h}:${n}`, random() < 0.4 ? 0 : Math.floor(random() * 12))
    }
    const grid: HeatmapGrid = {
      heads: Array.from({ length: heads }, (_, i) => i + 1),
      needles: Array.from({ length: needles }, (_, i) => i + 1),
      counts,
    }
    return {
      machineId: `M${m}`,
      machineName: `Machine ${m + 1}`,
      grid,
      marks: { cells: new Set(['3:7']), heads: new Set([2]), needles: new Set() },
      note: `${[...counts.values()].reduce((a, b) => a + b, 0)} breaks`,
    }
  })
}

// ?eager: without IntersectionObserver every canvas is drawn before the first paint, wherever it is
if (new URLSearchParams(location.search).has('eager')) Reflect.deleteProperty(window, 'IntersectionObserver')

const host = document.getElementById('root') as HTMLElement

async function run(variant: 'canvas' | 'table', count: number, heads: number, needles: number) {
  // let the previous run's canvases be collected first
  await new Promise((resolve) => setTimeout(resolve, 300))
  const data = machines(count, heads, needles)
  const root = createRoot(host)
  const start = performance.now()
  flushSync(() =>
    root.render(
      variant === 'canvas' ? (
        <HeatmapSmallMultiples machines={data} max={11} />
      ) : (
        <ul className="flex flex-wrap gap-4">
          {data.map((m) => (
            <li key={m.machineId}>
              <Heatmap grid={m.grid} max={11} caption={m.machineName} />
            </li>
          ))}
        </ul>
      ),
    ),
  )
  // the next frame: style, layout and paint of what was rendered
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  const ms = performance.now() - start
  const nodes = host.querySelectorAll('*').length
  root.unmount()
  return { ms, nodes }
}

Object.assign(window, { runHeatmapBench: run })
