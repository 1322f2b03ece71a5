import { describe, expect, test } from 'vitest'
import { factoryTarget, type TargetRow, type TargetScope, targetFor } from './plan-targets'

// Wednesday 18 November 2026, the Early shift 06:00–14:00 in Berlin
const START = Date.UTC(2026, 10, 18, 5, 0)
const END = START + 8 * 3_600_000
let id = 0
const row = (scope: TargetScope, over: Partial<TargetRow> = {}): TargetRow => ({
  id: ++id,
  shift: 'Early',
  weekday: null,
  scope,
  pieces: 1_000,
  stitches: null,
  validFrom: START - 86_400_000,
  by: 'Marta',
  at: START - 86_400_000,
  ...over,
})
const TZ = 'Europe/Berlin'

describe('which target holds for a shift', () => {
  test('the one for all machines before the sum of the locations', () => {
    const rows = [
      row({ kind: 'all' }, { pieces: 5_000 }),
      row({ kind: 'location', id: 1 }),
      row({ kind: 'location', id: 2 }),
    ]
    expect(factoryTarget(rows, 'Early', [1, 2], START, END, TZ).pieces).toBe(5_000)
  })

  test('without one for all machines: the sum of every location’s, per unit', () => {
    const rows = [
      row({ kind: 'location', id: 1 }, { pieces: 1_200, stitches: 4_000_000 }),
      row({ kind: 'location', id: 2 }, { pieces: 800, stitches: null }),
    ]
    const target = factoryTarget(rows, 'Early', [1, 2], START, END, TZ)
    expect(target.pieces).toBe(2_000)
    // one location has no stitch target: no sum that leaves it out
    expect(target.stitches).toBeNull()
    expect(target.rows).toHaveLength(2)
  })

  test('a location without a target: no factory target from the locations', () => {
    const rows = [row({ kind: 'location', id: 1 })]
    expect(factoryTarget(rows, 'Early', [1, 2], START, END, TZ)).toMatchObject({
      pieces: null,
      stitches: null,
    })
  })

  test('a target set after the shift ended does not judge it; one set during it does', () => {
    const during = row(
      { kind: 'all' },
      { pieces: 7_000, validFrom: START + 3_600_000, at: START + 3_600_000 },
    )
    const after = row({ kind: 'all' }, { pieces: 9_000, validFrom: END + 60_000, at: END + 60_000 })
    expect(targetFor([during, after], 'Early', { kind: 'all' }, START, END, TZ).pieces).toBe(7_000)
  })

  test('unit by unit: a Wednesday target in pieces only keeps the every-day stitches', () => {
    const rows = [
      row({ kind: 'all' }, { pieces: 5_000, stitches: 9_000_000 }),
      row({ kind: 'all' }, { weekday: 3, pieces: 4_000, stitches: null }),
    ]
    expect(targetFor(rows, 'Early', { kind: 'all' }, START, END, TZ)).toMatchObject({
      pieces: 4_000,
      stitches: 9_000_000,
    })
  })

  test('another shift’s target, or another weekday’s, is not this one', () => {
    const rows = [row({ kind: 'all' }, { shift: 'Late' }), row({ kind: 'all' }, { weekday: 4 })]
    expect(targetFor(rows, 'Early', { kind: 'all' }, START, END, TZ).row).toBeNull()
  })
})
