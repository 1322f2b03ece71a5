import { expect, test } from 'vitest'
import { suggestionsOf } from './break-assistant'

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
