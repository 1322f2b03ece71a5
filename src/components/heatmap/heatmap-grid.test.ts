import { describe, expect, test } from 'vitest'
import { buildThreadbreakCount } from '../../../test/build-machine'
import { machineGrid } from './heatmap-grid'

const row = (head: number | null, needle: number | null, threadbreaks: number) =>
  buildThreadbreakCount({ head, needle, count: threadbreaks })

describe('machineGrid', () => {
  test('every head and needle of the machine, 0 where the report lists nothing', () => {
    const grid = machineGrid([row(2, 3, 7)], 2, 4)
    expect(grid.heads).toEqual([1, 2])
    expect(grid.needles).toEqual([1, 2, 3, 4])
    expect(grid.counts.get('2:3')).toBe(7)
    expect(grid.counts.get('1:1')).toBe(0)
  })

  test('the bobbin column (needle 0) comes first when asked for', () => {
    const grid = machineGrid([row(1, 0, 2)], 1, 2, { bobbin: true })
    expect(grid.needles).toEqual([0, 1, 2])
    expect(grid.counts.get('1:0')).toBe(2)
  })

  test('reverse head order', () => {
    expect(machineGrid([], 3, 1, { reverseHeads: true }).heads).toEqual([3, 2, 1])
  })

  test('a row outside the layout is shown, the rest of its row and column is missing (no data), not zero', () => {
    const grid = machineGrid([row(3, 5, 1)], 2, 2)
    expect(grid.heads).toEqual([1, 2, 3])
    expect(grid.needles).toEqual([1, 2, 5])
    expect(grid.counts.get('3:5')).toBe(1)
    expect(grid.counts.has('3:1')).toBe(false)
  })

  test('rows with a folded dimension are not placed on the grid', () => {
    expect(machineGrid([row(1, null, 4)], 1, 1).counts.get('1:1')).toBe(0)
  })
})
