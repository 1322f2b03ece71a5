import { describe, expect, test } from 'vitest'
import { MAX_SCREENS, screenStarts } from './kiosk-pager'

describe('where each kiosk screen starts', () => {
  test('a page that fits is one screen', () => {
    expect(screenStarts(1000, 1000, [{ top: 900, bottom: 1000 }])).toEqual([0])
  })

  test('a screen ends above the first row the cut would go through', () => {
    // rows of 300 px: the cut at 1000 goes through the row at 900–1200
    const rows = [0, 300, 600, 900, 1200, 1500].map((top) => ({ top, bottom: top + 300 }))
    expect(screenStarts(1000, 1800, rows)).toEqual([0, 900])
  })

  test('a row beside it that begins higher and reaches below the new start moves the start up', () => {
    // left column: rows at 0–600 and 600–1100; right column: 0–500 and 500–900 … the cut at 1000 goes
    // through the left row at 600; at 600 the right row 500–900 is cut, so the screen ends at 500
    const boxes = [
      { top: 0, bottom: 600 },
      { top: 600, bottom: 1100 },
      { top: 0, bottom: 500 },
      { top: 500, bottom: 900 },
    ]
    expect(screenStarts(1000, 1100, boxes)).toEqual([0, 500])
  })

  test('a box taller than a screen is cut where the screen ends, not made a sliver', () => {
    expect(screenStarts(1000, 3000, [{ top: 10, bottom: 3000 }])).toEqual([0, 1000, 2000])
  })

  test('no more screens than the bound', () => {
    expect(screenStarts(10, 1_000_000, [])).toHaveLength(MAX_SCREENS)
  })
})
