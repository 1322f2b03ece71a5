import { describe, expect, test } from 'vitest'
import { flattenRow, inferColumns } from './columns'

describe('flattenRow', () => {
  test.each([
    [
      { a: 1, b: 'x' },
      { a: 1, b: 'x' },
    ],
    [
      { machine: { id: 'A', heads: 12 }, n: 1 },
      { 'machine.id': 'A', 'machine.heads': 12, n: 1 },
    ],
    [{ a: { b: { c: true } } }, { 'a.b.c': true }],
    [{ tags: ['x', 'y'] }, { tags: ['x', 'y'] }],
    [{ empty: {} }, { empty: {} }],
    [{ nothing: null }, { nothing: null }],
    [42, { value: 42 }],
  ])('%j → %j', (row, flat) => expect(flattenRow(row)).toEqual(flat))
})

describe('inferColumns', () => {
  test('flat rows: order of first appearance, kinds from the values', () => {
    const rows = [
      { machine_name: 'North 01', stitches: 1200, ok: true, timestamp: '2026-11-18T10:30:00Z' },
      { machine_name: 'North 02', stitches: 900.5, ok: false, timestamp: '2026-11-18T10:31:00Z', extra: 'x' },
    ]
    expect(inferColumns(rows)).toEqual([
      { key: 'machine_name', kind: 'text' },
      { key: 'stitches', kind: 'number' },
      { key: 'ok', kind: 'boolean' },
      { key: 'timestamp', kind: 'time' },
      { key: 'extra', kind: 'text' },
    ])
  })

  test.each([
    ['mixed numbers and text are text', [{ v: 1 }, { v: 'n/a' }], 'text'],
    ['missing values do not decide', [{ v: 1 }, { v: null }, {}], 'number'],
    ['only missing values are text', [{ v: null }], 'text'],
    ['Unix seconds named like a time are times', [{ first_seen: 1763461800 }], 'time'],
    ['big integers with another name stay numbers', [{ v: 1763461800 }], 'number'],
    ['a bare date without a time of day stays text', [{ v: '2026-11-18' }], 'text'],
    ['arrays are text', [{ v: [1, 2] }], 'text'],
  ])('%s', (_, rows, kind) => {
    const key = Object.keys(rows[0] ?? {})[0] ?? 'v'
    expect(
      inferColumns(rows.map((r) => r as Record<string, unknown>)).find((c) => c.key === key)?.kind ?? 'text',
    ).toBe(kind)
  })

  test('no rows, no columns', () => expect(inferColumns([])).toEqual([]))
})
