import { designStretches, type Stretch, stretchCount } from './design-stretches'
import type { ThreadbreakEvent } from './domain'
import { ALPHA, MIN_COUNT, MIN_RATIO } from './hot-spots'
import { binomialUpperTail, poissonUpperTail } from './poisson'

/**
 * The thread-break assistant (issue 53): from a machine's breaks by head and needle, what to check first.
 * It reads the pattern, not only the hot spots:
 * - one needle breaking on most heads: that needle's thread or cone (every head sews it from its own cone,
 *   but a colour's thread is usually one lot);
 * - one head breaking on most needles: that head (hook timing, bobbin case, bobbin tension);
 * - one needle on one head: that needle (needle, eye, thread guide, upper tension).
 *
 * Each is tested as the hot spots are (src/lib/hot-spots.ts): at least MIN_COUNT breaks and MIN_RATIO × the
 * expected share, and a Poisson tail below ALPHA over the number of places tested (Bonferroni). What tells
 * the patterns apart is what is left without the place's worst cell: a needle or a head whose breaks are
 * all in one cell is that cell's pattern, and a cell inside a needle or head that breaks everywhere is that
 * needle's or head's.
 *
 * Two more patterns need the machine's break log (one row per break, with the design, the stitch of the
 * design and the speed at the break): breaks rising with speed (speedSuggestionOf) and breaks clustered in one
 * stretch of a design (stretchSuggestionsOf); logSuggestionsOf gives both.
 */

export type SuggestionKind = 'needle' | 'head' | 'cell'

export interface Suggestion {
  kind: SuggestionKind
  head: number | null
  needle: number | null
  /** breaks at the place */
  count: number
  /** breaks the place would have if the machine's were spread evenly */
  expected: number
  ratio: number
  /** P(X ≥ count) under the even spread */
  p: number
  /** how far the breaks spread: the heads a needle broke on, the needles a head broke on (of how many) */
  spread: { on: number; of: number } | null
}

/** The share of the other heads (or needles) a pattern of a needle (or head) breaks on, at least. */
export const SPREAD_SHARE = 0.5

const key = (head: number, needle: number) => `${head}/${needle}`

/** The suggestions for one machine, the most telling first. `counts`: breaks by head and needle (the
 * bobbin, needle 0, is left out: it is no needle's thread); `heads` and `needles`: its layout. */
export function suggestionsOf(
  counts: ReadonlyArray<{ head: number; needle: number; count: number }>,
  heads: number,
  needles: number,
): Suggestion[] {
  if (heads < 1 || needles < 1) return []
  const cell = new Map<string, number>()
  for (const c of counts)
    if (c.head >= 1 && c.head <= heads && c.needle >= 1 && c.needle <= needles && c.count > 0)
      cell.set(key(c.head, c.needle), (cell.get(key(c.head, c.needle)) ?? 0) + c.count)
  const total = [...cell.values()].reduce((a, b) => a + b, 0)
  if (total < MIN_COUNT) return []
  const at = (head: number, needle: number) => cell.get(key(head, needle)) ?? 0
  const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1)
  const threshold = ALPHA / (heads + needles + heads * needles)
  const stands = (count: number, expected: number) =>
    count >= MIN_COUNT && count >= MIN_RATIO * expected && poissonUpperTail(count, expected) < threshold
  const found: Suggestion[] = []
  /** a needle (or head) `place` of `places`, over the `across` heads (or needles) it is sewn on */
  const line = (
    kind: 'needle' | 'head',
    place: number,
    places: number,
    across: number,
    cellsOf: (i: number) => number,
  ) => {
    const values = range(across).map(cellsOf)
    const count = values.reduce((a, b) => a + b, 0)
    const expected = total / places
    if (!stands(count, expected) || across < 2) return
    const worst = Math.max(...values)
    const on = values.filter((v) => v > 0).length
    // without its worst cell, still above its share, and on most of the others
    const rest = count - worst
    const restExpected = (expected * (across - 1)) / across
    if (rest < MIN_RATIO * restExpected || poissonUpperTail(rest, restExpected) >= ALPHA) return
    if (on < Math.max(2, Math.ceil(SPREAD_SHARE * across))) return
    found.push({
      kind,
      head: kind === 'head' ? place : null,
      needle: kind === 'needle' ? place : null,
      count,
      expected,
      ratio: count / expected,
      p: poissonUpperTail(count, expected),
      spread: { on, of: across },
    })
  }
  for (const needle of range(needles)) line('needle', needle, needles, heads, (h) => at(h, needle))
  for (const head of range(heads)) line('head', head, heads, needles, (n) => at(head, n))
  const lines = new Set(found.map((s) => (s.kind === 'needle' ? `n${s.needle}` : `h${s.head}`)))
  const cellExpected = total / (heads * needles)
  for (const [k, count] of cell) {
    const [head, needle] = k.split('/').map(Number) as [number, number]
    if (lines.has(`n${needle}`) || lines.has(`h${head}`) || !stands(count, cellExpected)) continue
    found.push({
      kind: 'cell',
      head,
      needle,
      count,
      expected: cellExpected,
      ratio: count / cellExpected,
      p: poissonUpperTail(count, cellExpected),
      spread: null,
    })
  }
  return found.sort((a, b) => a.p - b.p || b.ratio - a.ratio)
}

/** A break of the log as the log patterns read it. */
export type LoggedBreak = Pick<ThreadbreakEvent, 'at' | 'designId' | 'stitch' | 'designStitches' | 'rpm'>

/** The breaks of a speed band and the stitches they were measured over. */
export interface SpeedBand {
  /** the slowest and fastest speed at a break of the band (stitches a minute) */
  from: number
  to: number
  /** breaks counted against `stitches` */
  breaks: number
  stitches: number
  /** breaks a stitch (breaks ÷ stitches) */
  rate: number
}

export interface SpeedSuggestion {
  kind: 'speed'
  fast: SpeedBand
  slow: SpeedBand
  /** the fast band's breaks if it broke at the slow band's rate */
  expected: number
  /** the fast band's rate ÷ the slow band's (Infinity when the slow band had none) */
  ratio: number
  /** P(X ≥ fast breaks), X ~ Binomial(both bands' breaks, the fast band's share of the stitches) */
  p: number
}

export interface StretchSuggestion {
  kind: 'stretch'
  designId: string
  designStitches: number
  stretch: Stretch
  ratio: number
  /** P(X ≥ count) under an even spread along the design's stitches */
  p: number
}

export type LogSuggestion = SpeedSuggestion | StretchSuggestion

/**
 * Breaks rising with speed: check the speed. The log gives each break's speed, not the time or stitches the
 * machine ran at each speed, so counting breaks by speed would only say how long it ran there. The test
 * looks instead at the stitches that ran up to each break, which do not depend on how long the machine ran
 * at a speed, only on how often it breaks there:
 *
 * 1. The machine's breaks in time order; a break at the same stitch of the same design as the one before it
 *    (several heads at one stop) counts once.
 * 2. For each break, its run-up: the stitches since the break before it, when both are in one pass of one
 *    design (the same design, the later stitch not lower, and too little time between them for a whole pass
 *    at the machine's fastest logged speed). Then the break before it is one break counted over those
 *    stitches. When a pass began in between (another design, or a lower stitch), the run-up is the stitches
 *    from that pass's start, and it ends in this break too. When a whole pass
 *    could lie between (same design, much later), the run-up is unknown and the break is left out; that
 *    leaves out long run-ups at low speed more than at high, which can only hide a rise with speed.
 * 3. The run-ups are split at a speed into a slow and a fast band of about as many breaks each; each band's
 *    rate is its breaks over its stitches (per 1,000 stitches in words), the estimate of a break rate per
 *    stitch. Under "the rate does not depend on speed" both bands have one rate
 *    whatever the share of stitches the machine sewed at each speed, and the fast band's breaks, given both
 *    bands', are Binomial(both, the fast band's share of the run-up stitches).
 * 4. It is flagged with the standard of the hot spots: at least MIN_COUNT breaks in the fast band, at least
 *    MIN_RATIO × the slow band's rate, and that binomial tail below ALPHA (one test a machine).
 *
 * What the speed is taken at: the break. A run-up that spans a change of speed is counted at its end's speed;
 * that blurs a real rise (the test is weaker) but does not make one. Breaks that come in bursts (one break
 * bringing the next) make the tail too small; MIN_RATIO keeps a burst from being enough on its own.
 */
export function speedSuggestionOf(log: readonly LoggedBreak[]): SpeedSuggestion | null {
  const usable = log
    .filter(
      (b) =>
        b.designId !== null &&
        b.stitch !== null &&
        b.stitch >= 0 &&
        b.designStitches !== null &&
        b.designStitches > 0 &&
        b.rpm !== null &&
        b.rpm > 0,
    )
    .sort((a, b) => a.at - b.at) as Array<LoggedBreak & { designId: string; stitch: number; rpm: number }>
  if (usable.length < 2) return null
  const fastest = usable.reduce((max, b) => Math.max(max, b.rpm), 0)
  /** too little time between two breaks of one design for a whole pass between them */
  const onePass = (before: LoggedBreak, after: LoggedBreak) =>
    ((after.at - before.at) / 60_000) * fastest < (after.designStitches ?? 0)
  const runUps: Array<{ rpm: number; breaks: 0 | 1; stitches: number }> = []
  let before = usable[0]!
  for (const b of usable.slice(1)) {
    const inPass = b.designId === before.designId && b.stitch >= before.stitch && onePass(before, b)
    const newPass = b.designId !== before.designId || b.stitch < before.stitch
    // a new pass began: its run-up from the pass start ends in this break
    if (newPass) runUps.push({ rpm: b.rpm, breaks: 1, stitches: b.stitch })
    // (the same stitch again: one stop, several heads)
    else if (inPass && b.stitch > before.stitch)
      runUps.push({ rpm: b.rpm, breaks: 1, stitches: b.stitch - before.stitch })
    before = b
  }
  // the split: the speed that leaves the two bands closest to half the run-ups each
  const rpms = runUps.map((r) => r.rpm).sort((a, b) => a - b)
  let split = 0
  let best = Number.POSITIVE_INFINITY
  for (let i = 1; i < rpms.length; i++) {
    const off = Math.abs(rpms.length - i - rpms.length / 2)
    if (rpms[i]! > rpms[i - 1]! && off < best) [split, best] = [rpms[i]!, off]
  }
  if (split === 0) return null
  const band = (inBand: (rpm: number) => boolean): SpeedBand => {
    const mine = runUps.filter((r) => inBand(r.rpm))
    const breaks = mine.reduce((sum, r) => sum + r.breaks, 0)
    const stitches = mine.reduce((sum, r) => sum + r.stitches, 0)
    return {
      from: mine.reduce((min, r) => Math.min(min, r.rpm), Number.POSITIVE_INFINITY),
      to: mine.reduce((max, r) => Math.max(max, r.rpm), 0),
      breaks,
      stitches,
      rate: stitches > 0 ? breaks / stitches : 0,
    }
  }
  const fast = band((rpm) => rpm >= split)
  const slow = band((rpm) => rpm < split)
  if (fast.stitches <= 0 || slow.stitches <= 0 || fast.breaks < MIN_COUNT) return null
  const expected = slow.rate * fast.stitches
  const ratio = slow.breaks > 0 ? fast.rate / slow.rate : Number.POSITIVE_INFINITY
  const p = binomialUpperTail(
    fast.breaks,
    fast.breaks + slow.breaks,
    fast.stitches / (fast.stitches + slow.stitches),
  )
  return ratio >= MIN_RATIO && p < ALPHA ? { kind: 'speed', fast, slow, expected, ratio, p } : null
}

/** Breaks at one stitch of one design this close together are one stop (several heads breaking at once). */
const SAME_STOP_MS = 2 * 60_000

/**
 * Breaks clustered in one stretch of a design: check the design's digitizing there. The design-breaks page's
 * stretches (src/lib/design-stretches.ts) of each design in the machine's log, from the breaks the log
 * places in it; a stretch is flagged by its rule, with ALPHA divided over the stretches of every design
 * tested on the machine (the designs with at least MIN_COUNT breaks).
 */
export function stretchSuggestionsOf(log: readonly LoggedBreak[]): StretchSuggestion[] {
  const designs = new Map<string, { stitches: number; breaks: Map<number, number> }>()
  // several heads breaking at one stitch of one pass are one stop, one break of the design there
  const lastAt = new Map<string, number>()
  for (const b of [...log].sort((x, y) => x.at - y.at)) {
    if (b.designId === null || b.stitch === null || b.designStitches === null || b.designStitches <= 0)
      continue
    const place = `${b.designId}|${b.stitch}`
    const last = lastAt.get(place)
    lastAt.set(place, b.at)
    if (last !== undefined && b.at - last < SAME_STOP_MS) continue
    const design = designs.get(b.designId) ?? { stitches: 0, breaks: new Map<number, number>() }
    design.stitches = Math.max(design.stitches, b.designStitches)
    design.breaks.set(b.stitch, (design.breaks.get(b.stitch) ?? 0) + 1)
    designs.set(b.designId, design)
  }
  const tested = [...designs.values()].filter((d) => sumOf(d.breaks) >= MIN_COUNT)
  const stretches = tested.reduce((sum, d) => sum + stretchCount(d.stitches), 0)
  const found: StretchSuggestion[] = []
  for (const [designId, design] of designs) {
    if (sumOf(design.breaks) < MIN_COUNT) continue
    const breaks = [...design.breaks].map(([stitch, count]) => ({ stitch, count }))
    for (const stretch of designStretches(design.stitches, breaks, stretches))
      if (stretch.flagged)
        found.push({
          kind: 'stretch',
          designId,
          designStitches: design.stitches,
          stretch,
          ratio: stretch.count / stretch.expected,
          p: poissonUpperTail(stretch.count, stretch.expected),
        })
  }
  return found.sort((a, b) => a.p - b.p || b.ratio - a.ratio)
}

const sumOf = (counts: Map<number, number>) => [...counts.values()].reduce((a, b) => a + b, 0)

/** The log's patterns of one machine, the least likely by chance first. */
export function logSuggestionsOf(log: readonly LoggedBreak[]): LogSuggestion[] {
  const speed = speedSuggestionOf(log)
  return [...(speed ? [speed] : []), ...stretchSuggestionsOf(log)].sort((a, b) => a.p - b.p)
}
