import { converter, differenceCiede2000, modeLab65, useMode as registerMode } from 'culori/fn'
import { describe, expect, test } from 'vitest'
import { type Candidate, deltaE00, nearestColors } from './cross-brand'

registerMode(modeLab65)

describe('CIEDE2000 by culori', () => {
  // Sharma, Wu & Dalal (2005), test data pairs 1, 7 and 17: the library, not hand-written maths
  test.each([
    [{ l: 50, a: 2.6772, b: -79.7751 }, { l: 50, a: 0, b: -82.7485 }, 2.0425],
    [{ l: 50, a: 0, b: 0 }, { l: 50, a: -1, b: 2 }, 2.3669],
    [{ l: 50, a: 2.5, b: 0 }, { l: 56, a: -27, b: -3 }, 31.903],
  ])('pair %o / %o: %d', (a, b, expected) => {
    const d = differenceCiede2000()
    expect(d({ mode: 'lab65', ...a }, { mode: 'lab65', ...b })).toBeCloseTo(expected, 3)
  })

  test('identical colours are 0 apart; black and white 100', () => {
    expect(deltaE00({ r: 10, g: 20, b: 30 }, { r: 10, g: 20, b: 30 })).toBe(0)
    expect(deltaE00({ r: 0, g: 0, b: 0 }, { r: 255, g: 255, b: 255 })).toBeCloseTo(100, 1)
    expect(converter('lab65')).toBeTypeOf('function')
  })
})

describe('nearest colours of other series', () => {
  const candidate = (series: string, number: string, r: number, g: number, b: number): Candidate => ({
    manufacturer: 'M',
    series,
    weight: 40,
    color: { index: 0, number, r, g, b, name: null, scanCode: null },
  })

  test('ordered by ΔE00: a near red first, an orange next, a blue last', () => {
    const red = { r: 200, g: 16, b: 30 }
    const matches = nearestColors(red, [
      candidate('S2', 'blue', 20, 40, 200),
      candidate('S1', 'orange', 230, 120, 20),
      candidate('S1', 'near red', 198, 20, 32),
    ])
    expect(matches.map((m) => m.color.number)).toEqual(['near red', 'orange', 'blue'])
    expect(matches[0]?.deltaE).toBeLessThan(2)
    expect(matches[2]?.deltaE).toBeGreaterThan(matches[1]?.deltaE ?? 0)
  })

  test('at most `limit`, ties by series then number', () => {
    const same = [candidate('B', '2', 1, 2, 3), candidate('A', '9', 1, 2, 3), candidate('A', '1', 1, 2, 3)]
    expect(nearestColors({ r: 1, g: 2, b: 3 }, same, 2).map((m) => `${m.series}/${m.color.number}`)).toEqual([
      'A/1',
      'A/9',
    ])
  })
})
