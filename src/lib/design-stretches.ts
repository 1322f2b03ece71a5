import { ALPHA, MIN_COUNT, MIN_RATIO } from './hot-spots'
import type { Translator } from './i18n/translator'
import { poissonUpperTail } from './poisson'

/** Breaks along one design's stitch sequence, in stretches of equal length, and the stretches that break
 * far more often than their share of the stitches (the hot-spot rule of the thread-break page, applied
 * to stretches: at least MIN_COUNT breaks, MIN_RATIO × the share, Poisson tail below ALPHA ÷ stretches). */
export const designStretchRule = (t: Translator['t']) =>
  t('designBreaks.stretch.rule', { count: MIN_COUNT, ratio: MIN_RATIO, percent: ALPHA * 100 })

export interface Stretch {
  /** first and last stitch of the stretch, 1-based, inclusive */
  from: number
  to: number
  count: number
  expected: number
  flagged: boolean
}

/** Stretches of the design: about 40 of them, never shorter than 100 stitches. */
export function stretchLength(designStitches: number): number {
  return Math.max(100, Math.ceil(designStitches / 40 / 100) * 100)
}

/** How many stretches a design of this many stitches is cut into. */
export const stretchCount = (designStitches: number) =>
  designStitches > 0 ? Math.ceil(designStitches / stretchLength(designStitches)) : 0

/** `tested`: the stretches tested in the whole view (several designs: the thread-break assistant), by
 * default the design's own. */
export function designStretches(
  designStitches: number,
  breaks: ReadonlyArray<{ stitch: number; count: number }>,
  tested?: number,
): Stretch[] {
  if (designStitches <= 0) return []
  const length = stretchLength(designStitches)
  const n = stretchCount(designStitches)
  const counts = new Array<number>(n).fill(0)
  let total = 0
  for (const { stitch, count } of breaks) {
    if (count <= 0) continue
    const i = Math.min(n - 1, Math.max(0, Math.floor(Math.max(0, stitch - 1) / length)))
    counts[i] = (counts[i] ?? 0) + count
    total += count
  }
  const threshold = ALPHA / Math.max(n, tested ?? n)
  return counts.map((count, i) => {
    const from = i * length + 1
    const to = Math.min(designStitches, (i + 1) * length)
    const expected = (total * (to - from + 1)) / designStitches
    const flagged =
      count >= MIN_COUNT && count >= MIN_RATIO * expected && poissonUpperTail(count, expected) < threshold
    return { from, to, count, expected, flagged }
  })
}

/** "stitches 12,401–12,900: 31 breaks, 9× their share" */
export function stretchInWords(s: Stretch, t: Translator['t']): string {
  const ratio = s.expected > 0 ? s.count / s.expected : Number.POSITIVE_INFINITY
  const values = { from: s.from, to: s.to, count: s.count }
  return Number.isFinite(ratio)
    ? t('designBreaks.stretch.words', {
        ...values,
        ratio: Math.round(ratio * (ratio < 10 ? 10 : 1)) / (ratio < 10 ? 10 : 1),
      })
    : t('designBreaks.stretch.wordsFar', values)
}
