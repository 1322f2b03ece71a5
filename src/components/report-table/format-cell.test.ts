import { describe, expect, test } from 'vitest'
import { speaking } from '../../../test/messages'
import type { Column } from './columns'
import { compareCells, formatCell } from './format-cell'

const col = (key: string, kind: Column['kind']): Column => ({ key, kind })

describe('formatCell', () => {
  test.each([
    [1234567.891, col('n', 'number'), /1.234.567[.,]89/],
    [null, col('n', 'number'), /^—$/],
    ['2026-11-18T10:30:00Z', col('t', 'time'), /11:30/],
    [1794997800, col('first_seen', 'time'), /11:30/],
    [3900, col('totalTime', 'duration'), /^1\u00a0h 5\u00a0min$/],
    [42, col('pastTime', 'duration'), /^42\u00a0s$/],
    [true, col('ok', 'boolean'), /^yes$/],
    [['a', 'b'], col('tags', 'text'), /^\["a","b"\]$/],
    ['<b>bold</b>', col('name', 'text'), /^<b>bold<\/b>$/],
  ])('%j as %j → %s', (value, column, text) => {
    expect(formatCell(value, column, 'Europe/Berlin', speaking('en'))).toMatch(text)
  })
})

describe('compareCells', () => {
  test('numbers by value, text naturally, times by instant, blanks last', () => {
    expect([10, 9, null, 100].sort((a, b) => compareCells(a, b, col('n', 'number')))).toEqual([
      9,
      10,
      100,
      null,
    ])
    expect([3900, 42, null].sort((a, b) => compareCells(a, b, col('d', 'duration')))).toEqual([
      42,
      3900,
      null,
    ])
    expect(['M 10', 'M 9'].sort((a, b) => compareCells(a, b, col('m', 'text')))).toEqual(['M 9', 'M 10'])
    expect(
      ['2026-11-18T10:00:00+02:00', '2026-11-18T09:30:00Z'].sort((a, b) =>
        compareCells(a, b, col('t', 'time')),
      ),
    ).toEqual(['2026-11-18T10:00:00+02:00', '2026-11-18T09:30:00Z'])
  })
})
