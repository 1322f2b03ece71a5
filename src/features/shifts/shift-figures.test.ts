import { describe, expect, test } from 'vitest'
import { comparable, FIGURES, formatFigure, shiftFigures, sumOf, weightedAverage } from './shift-figures'

const figure = (key: string) => FIGURES.find((f) => f.key === key)!

describe('shift figures from report rows whose payload the reference does not show', () => {
  test('sums and weighted averages read only numeric fields; absent fields give null, not 0', () => {
    const rows = [
      { stitches: 100, running_hours: 2, average_rpm: 800 },
      { stitches: 50, running_hours: 1, average_rpm: 500 },
      { stitches: 'n/a' },
    ]
    expect(sumOf(rows, 'stitches')).toBe(150)
    expect(sumOf(rows, 'pieces')).toBeNull()
    expect(sumOf(undefined, 'stitches')).toBeNull()
    expect(weightedAverage(rows, 'average_rpm', 'running_hours')).toBe(700)
    expect(
      weightedAverage([{ average_rpm: 700, running_hours: 0 }], 'average_rpm', 'running_hours'),
    ).toBeNull()
  })

  test('one shift: each figure from its report, productivity as running ÷ production time', () => {
    const values = shiftFigures({
      breaks: 30,
      summary: [{ stitches: 1000, pieces: 4, running_hours: 10 }],
      rpm: [{ average_rpm: 750, running_hours: 10 }],
      productivity: [{ running_hours: 6, production_hours: 8 }],
    })
    expect(values).toEqual({
      threadbreaks: 30,
      stitches: 1000,
      pieces: 4,
      running_hours: 10,
      average_rpm: 750,
      productivity: 75,
      breaks_per_running_hour: 3,
    })
  })

  test('a report that does not carry a figure leaves it empty and says so', () => {
    const values = shiftFigures({ breaks: 3, summary: [{ other: 1 }], rpm: [], productivity: undefined })
    expect(values.stitches).toBeNull()
    expect(values.breaks_per_running_hour).toBeNull()
    expect(formatFigure(figure('stitches'), null)).toBe('—')
  })

  test('compared per hour of shift for totals, as they are for rates', () => {
    expect(comparable(figure('threadbreaks'), 80, 40)).toBe(2)
    expect(comparable(figure('average_rpm'), 800, 40)).toBe(800)
    expect(comparable(figure('threadbreaks'), 80, 0)).toBeNull()
    expect(formatFigure(figure('productivity'), 74.6)).toBe('75 %')
  })
})
