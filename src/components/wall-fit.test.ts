import { describe, expect, test } from 'vitest'
import { itemsThatFit } from './wall-fit'

/** rows of `size` px from `top`, one under the other */
const rows = (count: number, top: number, size: number) =>
  Array.from({ length: count }, (_, i) => ({ top: top + i * size, bottom: top + (i + 1) * size }))

describe('the items of a list a kiosk page shows in at most two screens', () => {
  test('a list that fits shows every item, and the line saying how many more goes', () => {
    // a heading of 100 px, 10 rows of 50 px, the line of 40 px below: 640 px on screens of 1000
    const items = rows(10, 100, 50)
    const line = { top: 600, bottom: 640 }
    expect(
      itemsThatFit({
        height: 1000,
        total: 640,
        others: [{ top: 0, bottom: 100 }, line],
        items,
        listBottom: 600,
        reserve: 40,
      }),
    ).toBe(10)
  })

  test('a long list is cut to what two screens hold with the line below it', () => {
    // 100 rows of 50 px under a heading of 100 px: the first screen ends at 1000 (18 rows), the second
    // holds 20 rows less the line (40 px): 18 + 19 = 37 rows and the line end at 1990
    const items = rows(100, 100, 50)
    const line = { top: 5100, bottom: 5140 }
    const shown = itemsThatFit({
      height: 1000,
      total: 5140,
      others: [{ top: 0, bottom: 100 }, line],
      items,
      listBottom: 5100,
      reserve: 40,
    })
    expect(shown).toBe(37)
  })

  test('what follows the list moves up with it and is kept whole', () => {
    // a figure of 300 px below the list: it must fit too, so fewer rows
    const items = rows(100, 100, 50)
    const others = [
      { top: 0, bottom: 100 },
      { top: 5100, bottom: 5140 },
      { top: 5140, bottom: 5440 },
    ]
    const shown = itemsThatFit({ height: 1000, total: 5440, others, items, listBottom: 5100, reserve: 40 })
    // 18 rows on the first screen, the second holds 1000 − 40 − 300 = 660 px of rows: 13 of them
    expect(shown).toBe(31)
  })

  test('with the part of the list already cut, the line stays whatever fits', () => {
    const items = rows(30, 100, 50)
    const others = [
      { top: 0, bottom: 100 },
      { top: 1600, bottom: 1640 },
    ]
    expect(itemsThatFit({ height: 1000, total: 1640, others, items, listBottom: 1600, reserve: 40 })).toBe(30)
    // rows grown to 70 px (a table's columns narrower with fewer rows): the first screen ends above the row
    // at 940, the second at 1940, less the line: rows up to 1900, 25 of them
    const taller = rows(30, 100, 70)
    expect(
      itemsThatFit({
        height: 1000,
        total: 2240,
        others: [
          { top: 0, bottom: 100 },
          { top: 2200, bottom: 2240 },
        ],
        items: taller,
        listBottom: 2200,
        reserve: 40,
        lineStays: true,
      }),
    ).toBe(25)
  })

  test('nothing of the list when what comes before it already fills the screens', () => {
    const items = rows(5, 2100, 50)
    expect(
      itemsThatFit({
        height: 1000,
        total: 2390,
        others: [{ top: 0, bottom: 2100 }],
        items,
        listBottom: 2350,
        reserve: 40,
      }),
    ).toBe(0)
  })
})
