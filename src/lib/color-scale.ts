import { viridis } from './viridis'

/** A sequential, colour-blind-safe fill (viridis) for a count from 1 to max; zero gets its own neutral
 * fill, so "no breaks" never looks like "few breaks". The hot end is the one that stands out from the
 * page: dark purple on the light theme, bright yellow on the dark one. */
export function heatColor(count: number, max: number, dark = false): string {
  if (count <= 0 || max <= 0) return 'transparent'
  const share = Math.min(1, count / max)
  // the first step is kept away from the background, so 1 break is visibly different from 0
  return dark ? viridis(0.3 + 0.7 * share) : viridis(1 - (0.15 + 0.85 * share))
}

/** Black or white text, whichever reads better on `fill` (#rrggbb or rgb()). */
export function textOn(fill: string): string {
  const rgb = fill.startsWith('#')
    ? [1, 3, 5].map((i) => Number.parseInt(fill.slice(i, i + 2), 16))
    : (fill.match(/\d+/g) ?? ['255', '255', '255']).slice(0, 3).map(Number)
  const [r, g, b] = rgb as [number, number, number]
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? '#111827' : '#ffffff'
}
