import { ALPHA, MIN_COUNT, MIN_RATIO } from './hot-spots'
import { poissonUpperTail } from './poisson'

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
