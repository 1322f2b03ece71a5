import { describe, expect, test } from 'vitest'
import { t } from '../../../test/messages'
import { figureAcross, sourceOf } from './figure-rows'
import { FIGURES } from './shift-figures'

const figure = (key: string) => FIGURES.find((f) => f.key === key)!
const shift = (hours: number, figures: Record<string, number | null>) => ({ hours, figures })

describe('the figures table: where a figure comes from, and each shift against the mean', () => {
  test.each([
    ['threadbreaks', 'Every break counted, from the portal’s thread-break report'],
    ['stitches', 'Added up over the machines, from the portal’s machine summary'],
    ['averageRpm', 'Stitches ÷ productive minutes, from the portal’s average-speed report'],
    ['breaksPerRunningHour', 'Thread breaks ÷ running time'],
  ])('%s: “%s”', (key, words) => {
    expect(sourceOf(figure(key), t)).toBe(words)
  })

  test.each([
    {
      case: 'totals per hour of shift: 80 in 8 h and 120 in 8 h around a mean of 12.5/h',
      key: 'threadbreaks',
      shifts: [shift(8, { threadbreaks: 80 }), shift(8, { threadbreaks: 120 })],
      cells: [
        { value: 80, versus: '−20\u00a0%' },
        { value: 120, versus: '+20\u00a0%' },
      ],
    },
    {
      case: 'the same total in fewer hours is more per hour',
      key: 'threadbreaks',
      shifts: [shift(4, { threadbreaks: 40 }), shift(8, { threadbreaks: 40 })],
      cells: [
        { value: 40, versus: '+33\u00a0%' },
        { value: 40, versus: '−33\u00a0%' },
      ],
    },
    {
      case: 'rates as they are, whatever the hours',
      key: 'averageRpm',
      shifts: [shift(2, { averageRpm: 700 }), shift(8, { averageRpm: 700 })],
      cells: [
        { value: 700, versus: '±0\u00a0%' },
        { value: 700, versus: '±0\u00a0%' },
      ],
    },
    {
      case: 'a shift without the figure is left out of the mean and not compared',
      key: 'stitches',
      shifts: [shift(8, { stitches: 800 }), shift(8, {}), shift(8, { stitches: 1600 })],
      cells: [
        { value: 800, versus: '−33\u00a0%' },
        { value: null, versus: null },
        { value: 1600, versus: '+33\u00a0%' },
      ],
    },
    {
      case: 'one shift alone has nothing to be compared with',
      key: 'stitches',
      shifts: [shift(8, { stitches: 800 }), shift(8, { stitches: null })],
      cells: [
        { value: 800, versus: null },
        { value: null, versus: null },
      ],
    },
    {
      case: 'a total in a shift of no hours yet has no rate to compare',
      key: 'pieces',
      shifts: [shift(0, { pieces: 5 }), shift(8, { pieces: 8 }), shift(8, { pieces: 24 })],
      cells: [
        { value: 5, versus: null },
        { value: 8, versus: '−50\u00a0%' },
        { value: 24, versus: '+50\u00a0%' },
      ],
    },
  ])('$case', ({ key, shifts, cells }) => {
    expect(figureAcross(figure(key), shifts)).toEqual(cells)
  })
})
