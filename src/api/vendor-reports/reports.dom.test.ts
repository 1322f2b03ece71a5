import { describe, expect, test } from 'vitest'
import { DAY, NOW_S } from '../../../test/demo-client'
import { reportQueryOptions } from '../reports-explorer/report-explorer'
import { REPORT_REFRESH_MS, reportMovedOn } from './reports'

/** The query options every report page gets, on the tests' pinned clock (test/setup-dom.ts). */
describe('report refresh', () => {
  const query = (till: number) =>
    reportQueryOptions('/reports/stitches', { from: till - 7 * DAY, till, machineIds: 'all' })

  test('a range that ends now is re-read every minute and goes stale after half of it', () => {
    const open = query(NOW_S)
    expect(open.refetchInterval).toBe(REPORT_REFRESH_MS)
    expect(open.staleTime).toBe(REPORT_REFRESH_MS / 2)
  })

  test('a range closed in the past is never refetched: its numbers cannot change', () => {
    const closed = query(NOW_S - DAY)
    expect(closed.refetchInterval).toBe(false)
    expect(closed.staleTime).toBe(Number.POSITIVE_INFINITY)
  })
})

describe('a report whose range ends now keeps its last answer while the next minute loads', () => {
  const key = (from: number, till: number, rest = '&machineIds=all') =>
    ['machine-summary', `from=${from}&till=${till}${rest}`] as const
  const answer = { records: [] }
  test('the same report and filters, a minute on: the last answer stays', () => {
    expect(reportMovedOn(answer, key(NOW_S - 3600, NOW_S), key(NOW_S - 3600, NOW_S + 60))).toBe(answer)
    expect(reportMovedOn(answer, key(NOW_S - 3600, NOW_S), key(NOW_S - 3540, NOW_S + 60))).toBe(answer)
  })
  test('other filters, another report, a range moved further, or nothing before: the placeholder', () => {
    expect(
      reportMovedOn(answer, key(NOW_S - 3600, NOW_S), key(NOW_S - 3600, NOW_S, '&machineIds=AS-1')),
    ).toBeUndefined()
    expect(
      reportMovedOn(answer, ['average-rpm', key(0, 1)[1]], ['machine-summary', key(0, 1)[1]]),
    ).toBeUndefined()
    expect(reportMovedOn(answer, key(NOW_S - DAY, NOW_S), key(NOW_S - 7 * DAY, NOW_S))).toBeUndefined()
    expect(reportMovedOn(undefined, key(0, 60), key(0, 60))).toBeUndefined()
  })
})
