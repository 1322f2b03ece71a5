import { describe, expect, test } from 'vitest'
import { buildSummary } from '../../../test/build-machine'
import { speaking } from '../../../test/messages'
import type { MachineSummary } from '../../lib/domain'
import { DEMO_STATUS_CODES } from '../../lib/status-codes'
import { comparable, FIGURES, formatFigure, shiftFigures, sumOf } from './shift-figures'

const figure = (key: string) => FIGURES.find((f) => f.key === key)!
const { number } = speaking('en')

const summary = (fields: Partial<MachineSummary>): MachineSummary => buildSummary(fields)

describe('shift figures from the machine summary and average-rpm (myzsk-api.md 1.12, 1.13)', () => {
  test('sums read only numbers; no rows or no values give null, not 0', () => {
    expect(sumOf([{ v: 100 }, { v: 50 }, { v: null }], (r) => r.v)).toBe(150)
    expect(sumOf([{ v: null }], (r) => r.v)).toBeNull()
    expect(sumOf(undefined, () => 1)).toBeNull()
  })

  test('one shift: running time from the running status codes, rpm from stitches ÷ productive minutes', () => {
    const values = shiftFigures(
      {
        breaks: 30,
        summary: [
          summary({
            stitches: 1000,
            pieces: 4,
            totalSeconds: 40_000,
            productionSeconds: 30_000,
            // demo dictionary: 1 running, 2 stopped, 30 setup
            secondsByStatus: new Map([
              [1, 30_000],
              [2, 6_000],
              [30, 4_000],
            ]),
          }),
          summary({ secondsByStatus: new Map([[1, 6_000]]), totalSeconds: 10_000, productionSeconds: 6_000 }),
        ],
        speeds: [
          {
            machineId: 'A',
            machineName: 'A',
            locationId: 1,
            locationName: 'N',
            productiveSeconds: 3600,
            stitches: 45_000,
            averageRpm: 750,
          },
        ],
      },
      DEMO_STATUS_CODES,
    )
    expect(values).toEqual({
      threadbreaks: 30,
      stitches: 1000,
      pieces: 4,
      runningHours: 10,
      averageRpm: 750,
      utilizationPercent: 72,
      breaksPerRunningHour: 3,
    })
  })

  test('until the status dictionary is read, running time is unknown, never 0', () => {
    const values = shiftFigures(
      { breaks: 3, summary: [summary({ secondsByStatus: new Map([[1, 3600]]) })], speeds: [] },
      undefined,
    )
    expect(values.runningHours).toBeNull()
    expect(values.breaksPerRunningHour).toBeNull()
  })

  test('a report without rows leaves its figures empty', () => {
    const values = shiftFigures({ breaks: 3, summary: [], speeds: [] }, DEMO_STATUS_CODES)
    expect(values.stitches).toBeNull()
    expect(values.averageRpm).toBeNull()
    expect(values.breaksPerRunningHour).toBeNull()
    expect(formatFigure(figure('stitches'), null, number)).toBe('—')
  })

  test('compared per hour of shift for totals, as they are for rates', () => {
    expect(comparable(figure('threadbreaks'), 80, 40)).toBe(2)
    expect(comparable(figure('averageRpm'), 800, 40)).toBe(800)
    expect(comparable(figure('threadbreaks'), 80, 0)).toBeNull()
    expect(formatFigure(figure('utilizationPercent'), 74.6, number)).toBe('75 %')
  })
})
