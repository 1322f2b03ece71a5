import { describe, expect, test } from 'vitest'
import { DAY, NOW_S } from '../../test/demo-client'
import { REPORT_REFRESH_MS, reportQueryOptions } from './reports'

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
