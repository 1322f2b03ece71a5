import { describe, expect, test } from 'vitest'
import { t } from '../../test/messages'
import { findHotSpots, hotSpotInWords, type PlaceFamily } from './hot-spots'
import { placeName } from './place-name'

/** A deterministic Poisson sampler (Knuth), so "uniform data" is the same on every run. */
function poissonSampler(seed: number) {
  let state = seed
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
  return (lambda: number) => {
    const limit = Math.exp(-lambda)
    let k = 0
    let p = random()
    while (p > limit) {
      k++
      p *= random()
    }
    return k
  }
}

/** A machine's cells, heads and needles from a count per (head, needle). */
function machine(id: string, heads: number, needles: number, count: (h: number, n: number) => number) {
  const cells: Array<{ head: number; needle: number; count: number }> = []
  for (let h = 1; h <= heads; h++)
    for (let n = 1; n <= needles; n++) cells.push({ head: h, needle: n, count: count(h, n) })
  const sum = (pick: (c: (typeof cells)[number]) => boolean) =>
    cells.filter(pick).reduce((total, c) => total + c.count, 0)
  const family = (places: PlaceFamily['places']): PlaceFamily => ({
    machineId: id,
    machineName: `Machine ${id}`,
    places,
  })
  return [
    family(cells),
    family(
      Array.from({ length: heads }, (_, i) => ({
        head: i + 1,
        needle: null,
        count: sum((c) => c.head === i + 1),
      })),
    ),
    family(
      Array.from({ length: needles }, (_, i) => ({
        head: null,
        needle: i + 1,
        count: sum((c) => c.needle === i + 1),
      })),
    ),
  ]
}

describe('the hot-spot rule', () => {
  test('flags nothing in evenly spread breaks: 44 machines × 15 × 12 of Poisson(3), 20 different seeds', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const sample = poissonSampler(seed)
      const families = Array.from({ length: 44 }, (_, m) =>
        machine(String(m), 15, 12, () => sample(3)),
      ).flat()
      expect(findHotSpots(families), `seed ${seed}`).toEqual([])
    }
  })

  test('flags nothing when every cell has the same count', () => {
    expect(findHotSpots(machine('7', 15, 15, () => 5))).toEqual([])
  })

  test('flags a planted hot needle of one head, and its head and needle, not the rest', () => {
    const sample = poissonSampler(99)
    const families = [
      ...machine('3', 15, 12, (h, n) => (h === 4 && n === 7 ? 14 * 3 : sample(3))),
      ...Array.from({ length: 10 }, (_, m) => machine(`x${m}`, 15, 12, () => sample(3))).flat(),
    ]
    const spots = findHotSpots(families)
    expect(spots[0]).toMatchObject({ machineId: '3', head: 4, needle: 7, count: 42 })
    expect(spots[0]?.ratio).toBeGreaterThan(10)
    expect(spots.every((s) => s.machineId === '3')).toBe(true)
    expect(spots.map((s) => placeName(s, t))).toEqual(expect.arrayContaining(['head 4, needle 7']))
    expect(spots.filter((s) => s.head !== 4 && s.needle !== 7)).toEqual([])
  })

  test('flags a badly timed head: every needle of it breaks 5× as often', () => {
    const sample = poissonSampler(5)
    const spots = findHotSpots(machine('8', 12, 15, (h) => sample(h === 2 ? 10 : 2)))
    expect(spots.find((s) => s.head === 2 && s.needle === null)).toBeDefined()
  })

  test('a few breaks all in one place are not a hot spot below the minimum count', () => {
    expect(findHotSpots(machine('1', 15, 15, (h, n) => (h === 1 && n === 1 ? 2 : 0)))).toEqual([])
  })

  test('a place must stand out at least 2× its expected share, not only beyond chance', () => {
    // a busy machine: 100 breaks in every cell but one. 160 is far beyond chance (p ≈ 10⁻⁸) yet only 1.6×
    // the expected share: nothing a supervisor should walk to. 210 is 2.1× and flagged.
    const busy = (hot: number) => machine('9', 15, 15, (h, n) => (h === 5 && n === 5 ? hot : 100))
    expect(findHotSpots(busy(160))).toEqual([])
    expect(findHotSpots(busy(210))).toEqual([
      expect.objectContaining({ machineId: '9', head: 5, needle: 5, count: 210 }),
    ])
  })

  test('says it in words', () => {
    // 41 + 15 × 1 = 56 breaks over 16 cells: 3.5 expected, 11.7× → "12×"
    const [spot] = findHotSpots(machine('7', 4, 4, (h, n) => (h === 3 && n === 2 ? 41 : 1)))
    expect(spot && hotSpotInWords(spot, t)).toBe(
      'Machine 7, head 3, needle 2: 41\u00a0breaks, 12× its expected share',
    )
    // 20 + 15 × 2 = 50 over 16: 3.125 expected, 6.4×
    const [smaller] = findHotSpots(machine('7', 4, 4, (h, n) => (h === 3 && n === 2 ? 20 : 2)))
    expect(smaller && hotSpotInWords(smaller, t)).toBe(
      'Machine 7, head 3, needle 2: 20\u00a0breaks, 6.4× its expected share',
    )
    expect(placeName({ head: 2, needle: 0 }, t)).toBe('head 2, bobbin')
    expect(placeName({ head: null, needle: 11 }, t)).toBe('needle 11')
    expect(placeName({ head: 3, needle: null }, t)).toBe('head 3')
  })
})
