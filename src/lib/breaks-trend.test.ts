import { describe, expect, test } from 'vitest'
import { buildThreadbreakCount } from '../../test/build-machine'
import { t } from '../../test/messages'
import { breaksAt, breaksByMachine, trendInWords } from './breaks-trend'

const row = (id: string, head: number | null, needle: number | null, count: number) =>
  buildThreadbreakCount({ machineId: id, head, needle, count })

describe('against the range before', () => {
  const before = [row('1', 2, 3, 4), row('1', 2, 5, 1), row('1', 1, 3, 2), row('2', 2, 3, 9)]
  test('a cell, a whole head and a whole needle count only their own machine’s breaks', () => {
    expect(breaksAt(before, { machineId: '1', head: 2, needle: 3 })).toBe(4)
    expect(breaksAt(before, { machineId: '1', head: 2, needle: null })).toBe(5)
    expect(breaksAt(before, { machineId: '1', head: null, needle: 3 })).toBe(6)
    expect(breaksAt(before, { machineId: '3', head: 2, needle: 3 })).toBe(0)
  })
  test('per machine, and in words', () => {
    expect(breaksByMachine(before)).toEqual(
      new Map([
        ['1', 7],
        ['2', 9],
      ]),
    )
    expect(trendInWords(22, 4, t)).toBe('up from 4')
    expect(trendInWords(3, 9, t)).toBe('down from 9')
    expect(trendInWords(5, 5, t)).toBe('as many as before')
  })
})
