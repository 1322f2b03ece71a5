import { converter, differenceCiede2000, modeLab65, modeRgb, useMode as registerMode } from 'culori/fn'
import { textCompare } from '../../lib/natural-order'
import type { ConeColor } from '../../lib/thread-cone'

// culori's tree-shakable build: only the colour spaces we use (this module is loaded on demand)
registerMode(modeRgb)
registerMode(modeLab65)
const toLab = converter('lab65')
const ciede2000 = differenceCiede2000()

const rgb = (c: Pick<ConeColor, 'r' | 'g' | 'b'>) => ({
  mode: 'rgb' as const,
  r: c.r / 255,
  g: c.g / 255,
  b: c.b / 255,
})

/** CIEDE2000 between two sRGB colours (D65 Lab, kL = kC = kH = 1). */
export function deltaE00(a: Pick<ConeColor, 'r' | 'g' | 'b'>, b: Pick<ConeColor, 'r' | 'g' | 'b'>): number {
  return ciede2000(rgb(a), rgb(b))
}

export interface Candidate {
  manufacturer: string
  series: string
  weight: number | string
  color: ConeColor
}

export interface Match extends Candidate {
  deltaE: number
}

/** The `limit` colours nearest to `target` by ΔE00, nearest first (ties: by series, then number). */
export function nearestColors(
  target: Pick<ConeColor, 'r' | 'g' | 'b'>,
  candidates: readonly Candidate[],
  limit = 8,
): Match[] {
  const lab = toLab(rgb(target))
  return candidates
    .map((candidate) => ({ ...candidate, deltaE: ciede2000(lab, toLab(rgb(candidate.color))) }))
    .sort(
      (a, b) =>
        a.deltaE - b.deltaE || textCompare(a.series, b.series) || textCompare(a.color.number, b.color.number),
    )
    .slice(0, limit)
}
