import { viridis } from './viridis'

/** A sequential, colour-blind-safe fill (viridis) for a count from 1 to max; zero gets its own pale fill,
 * so "no breaks" never looks like "few breaks". */
export function heatColor(count: number, max: number): string {
  if (count <= 0 || max <= 0) return 'transparent'
  // the bright end is the hot end; start at 0.15 so 1 break is visibly different from 0
  return viridis(1 - (0.15 + 0.85 * Math.min(1, count / max)))
}

/** Black or white text, whichever reads better on `fill` (#rrggbb or rgb()). */
export function textOn(fill: string): string {
  const rgb = fill.startsWith('#')
    ? [1, 3, 5].map((i) => Number.parseInt(fill.slice(i, i + 2), 16))
    : (fill.match(/\d+/g) ?? ['255', '255', '255']).slice(0, 3).map(Number)
  const [r, g, b] = rgb as [number, number, number]
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? '#111827' : '#ffffff'
}
