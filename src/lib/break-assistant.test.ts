import { expect, test } from 'vitest'
import {
  type LoggedBreak,
  logSuggestionsOf,
  speedSuggestionOf,
  stretchSuggestionsOf,
  suggestionsOf,
} from './break-assistant'
import { MIN_RATIO } from './hot-spots'

/** A machine's breaks: `base` on every head and needle, plus what a pattern plants. */
const machine = (heads: number, needles: number, base: (h: number, n: number) => number) =>
  Array.from({ length: heads * needles }, (_, i) => {
    const head = Math.floor(i / needles) + 1
    const needle = (i % needles) + 1
    return { head, needle, count: base(head, needle) }
  })
// a little everywhere, unevenly (0–2 a cell), as a week of a healthy machine
const noise = (h: number, n: number) => (h * 7 + n * 3) % 3

test('one needle breaking on most heads: that needle’s thread or cone, with how far it spreads', () => {
  const found = suggestionsOf(
    machine(12, 15, (h, n) => noise(h, n) + (n === 11 ? 6 : 0)),
    12,
    15,
  )
  expect(found[0]).toMatchObject({ kind: 'needle', needle: 11, head: null, spread: { on: 12, of: 12 } })
  expect(found.filter((s) => s.kind !== 'needle')).toEqual([])
})

test('one head breaking on most needles: that head', () => {
  const found = suggestionsOf(
    machine(8, 15, (h, n) => noise(h, n) + (h === 5 ? 5 : 0)),
    8,
    15,
  )
  expect(found[0]).toMatchObject({ kind: 'head', head: 5, needle: null, spread: { on: 15, of: 15 } })
  expect(found).toHaveLength(1)
})

test('one needle on one head: that needle, not its head or needle line', () => {
  const found = suggestionsOf(
    machine(15, 15, (h, n) => noise(h, n) + (h === 4 && n === 7 ? 60 : 0)),
    15,
    15,
  )
  expect(found).toEqual([
    expect.objectContaining({ kind: 'cell', head: 4, needle: 7, count: 60 + noise(4, 7), spread: null }),
  ])
})

test('no suggestion where the breaks are within their expected share, or too few to tell', () => {
  expect(suggestionsOf(machine(12, 15, noise), 12, 15)).toEqual([])
  expect(suggestionsOf([{ head: 1, needle: 1, count: 2 }], 12, 15)).toEqual([])
  // the bobbin (needle 0) is no needle's thread
  expect(suggestionsOf([{ head: 3, needle: 0, count: 500 }, ...machine(4, 6, noise)], 4, 6)).toEqual([])
})

test('two patterns on one machine: each found, the least likely by chance first', () => {
  const found = suggestionsOf(
    machine(12, 15, (h, n) => noise(h, n) + (n === 3 ? 8 : 0) + (h === 9 && n === 12 ? 40 : 0)),
    12,
    15,
  )
  expect(found.map((s) => [s.kind, s.head, s.needle])).toEqual([
    ['needle', null, 3],
    ['cell', 9, 12],
  ])
})

// ---- the break log's patterns: speed and stretches ----

/** A seeded random source (mulberry32), so a test sews the same breaks every run. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = Math.imul(a ^ (a >>> 15), 1 | a)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** A machine sewing `passes` passes of a design of `stitches`, the speed set by the pass and the stitch,
 * breaking at random at `rate(rpm)` breaks a stitch (in 50-stitch steps); a break stops it 2 minutes, a new
 * hoop 3 minutes. The log's breaks, oldest first. */
function sew(
  passes: number,
  speed: (pass: number, stitch: number) => number,
  rate: (rpm: number) => number,
  seed: number,
  stitches = 20_000,
  designId = 'D-1',
): LoggedBreak[] {
  const next = random(seed)
  const log: LoggedBreak[] = []
  let at = 0
  for (let pass = 0; pass < passes; pass++) {
    for (let stitch = 0; stitch < stitches; stitch += 50) {
      const rpm = speed(pass, stitch)
      at += (50 / rpm) * 60_000
      if (next() < rate(rpm) * 50) {
        log.push({
          at,
          designId,
          stitch: stitch + 1 + Math.floor(next() * 50),
          designStitches: stitches,
          rpm,
        })
        at += 120_000
      }
    }
    at += 180_000
  }
  return log
}

const even = () => 1 / 2_000

test('breaks rising with speed: found, with the speeds and each band’s breaks per stitch', () => {
  // half the passes at 1,000 rpm, half at 700; three times the breaks a stitch at 1,000
  const log = sew(
    100,
    (pass) => (pass % 2 ? 1000 : 700),
    (rpm) => (rpm >= 1000 ? 3 : 1) / 2_000,
    1,
  )
  const found = speedSuggestionOf(log)
  expect(found).toMatchObject({ kind: 'speed', fast: { from: 1000, to: 1000 }, slow: { from: 700, to: 700 } })
  expect(found!.ratio).toBeGreaterThan(2.4)
  expect(found!.ratio).toBeLessThan(3.6)
  expect(found!.fast.rate * 1000).toBeCloseTo(1.5, 0)
  expect(logSuggestionsOf(log).map((s) => s.kind)).toEqual(['speed'])
})

test('breaks that only follow how long the machine ran at each speed are not a rise with speed', () => {
  for (let seed = 1; seed <= 20; seed++) {
    // four passes in five at 1,000 rpm: most breaks are at 1,000 rpm, at the same rate a stitch
    const mostlyFast = sew(60, (pass) => (pass % 5 ? 1000 : 600), even, seed)
    const atFast = mostlyFast.filter((b) => b.rpm === 1000).length
    expect(atFast).toBeGreaterThan(3 * (mostlyFast.length - atFast))
    expect(speedSuggestionOf(mostlyFast)).toBeNull()
    // fast through the first 60 % of each pass, slow after: the run-ups cut at a pass's start do not tell
    expect(speedSuggestionOf(sew(60, (_, stitch) => (stitch < 12_000 ? 1000 : 600), even, seed))).toBeNull()
    // speeds spread from 600 to 1,000 rpm at random, and the same rate everywhere
    const spread = random(seed + 100)
    expect(speedSuggestionOf(sew(60, () => 600 + Math.round(spread() * 40) * 10, even, seed))).toBeNull()
  }
  // and the other way round (more breaks a stitch when slow) is not a rise either
  expect(
    speedSuggestionOf(
      sew(
        100,
        (pass) => (pass % 2 ? 1000 : 700),
        (rpm) => (rpm < 800 ? 3 : 1) / 2_000,
        5,
      ),
    ),
  ).toBeNull()
})

test('too little to tell: no speed, one speed only, no suggestion', () => {
  expect(speedSuggestionOf([])).toBeNull()
  expect(speedSuggestionOf(sew(40, () => 900, even, 3))).toBeNull()
  expect(speedSuggestionOf(sew(40, () => 900, even, 3).map((b) => ({ ...b, rpm: null })))).toBeNull()
})

test('breaks clustered in one stretch of a design: that design and stretch, against its share', () => {
  const log = sew(30, () => 900, even, 7)
  // 30 more breaks in stitches 12,001–12,500 of D-1 (stretches of 500 stitches)
  const planted = [
    ...log,
    ...Array.from({ length: 30 }, (_, i) => ({
      at: i,
      designId: 'D-1',
      stitch: 12_001 + i * 15,
      designStitches: 20_000,
      rpm: 900,
    })),
  ]
  const found = stretchSuggestionsOf(planted)
  expect(found).toHaveLength(1)
  expect(found[0]).toMatchObject({ kind: 'stretch', designId: 'D-1', designStitches: 20_000 })
  expect(found[0]!.stretch).toMatchObject({ from: 12_001, to: 12_500 })
  expect(found[0]!.stretch.count).toBeGreaterThanOrEqual(30)
  expect(found[0]!.ratio).toBeGreaterThan(MIN_RATIO)
})

test('breaks spread evenly along the designs: no stretch', () => {
  for (let seed = 1; seed <= 10; seed++) {
    const first = sew(30, () => 900, even, seed)
    // then another design, later
    const then = sew(20, () => 800, even, seed + 50, 8_000, 'D-2').map((b) => ({ ...b, at: b.at + 1e10 }))
    const log = [...first, ...then]
    expect(stretchSuggestionsOf(log)).toEqual([])
    expect(logSuggestionsOf(log)).toEqual([])
  }
})

test('several heads breaking at one stitch at once are one stop: no stretch of their own', () => {
  const log = sew(8, () => 900, even, 3)
  // one stop: six heads broke at stitch 9,040 of D-1 within a few seconds
  const stop = Array.from({ length: 6 }, (_, i) => ({
    at: 5e9 + i * 1000,
    designId: 'D-1',
    stitch: 9_040,
    designStitches: 20_000,
    rpm: 900,
  }))
  expect(stretchSuggestionsOf([...log, ...stop])).toEqual([])
  // the same six at that stitch in six passes, hours apart, are six breaks there
  const passes = stop.map((b, i) => ({ ...b, at: 5e9 + i * 3_600_000 }))
  expect(
    stretchSuggestionsOf([...log, ...passes, ...passes.map((b) => ({ ...b, at: b.at + 7e9 }))]),
  ).not.toEqual([])
})
