import { describe, expect, test } from 'vitest'
import { reportSearchParams } from '../src/api/vendor-reports/report-params'
import { localDate, startOfLocalDay } from '../src/lib/factory-time'
import { inSpans, shiftWindows } from '../src/lib/shift-window'
import { demoClient } from '../test/demo-client'
import { DEFAULT_SHIFTS } from './shifts'

/** Issue 7 acceptance: for a day of the demo factory, the per-shift thread-break totals asked the way the
 * shift page asks them (the reference's `shift` filter, built by the SPA's query builder) add up to the
 * day's total without the filter, less the breaks outside every shift. */
const TIME_ZONE = 'Europe/Berlin'
const client = demoClient()

const dayBounds = (text: string) => {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number]
  const start = startOfLocalDay({ year, month, day }, TIME_ZONE)
  const next = localDate(start + 30 * 3600, TIME_ZONE)
  return { from: start, till: startOfLocalDay(next, TIME_ZONE) }
}

async function breaks(from: number, till: number, shift?: { from: string; to: string }) {
  const search = reportSearchParams('/reports/threadbreaks', {
    from,
    till,
    machineIds: 'all',
    grouping: 'H',
    ...(shift ? { shift } : {}),
  })
  const { status, body } = await client.get(`/reports/threadbreaks?${search}`)
  expect(status).toBe(200)
  return (body.data as Array<{ threadbreaks: number }>).reduce((sum, row) => sum + row.threadbreaks, 0)
}

describe('per-shift thread-break totals against the day total (demo upstream)', () => {
  test.each(['2026-11-17', '2026-10-25'])(
    '%s: three shifts around the clock add up to the day exactly',
    async (day) => {
      const { from, till } = dayBounds(day)
      const total = await breaks(from, till)
      expect(total).toBeGreaterThan(100)
      const perShift = await Promise.all(DEFAULT_SHIFTS.map((shift) => breaks(from, till, shift)))
      expect(perShift.every((n) => n > 0)).toBe(true)
      expect(perShift.reduce((a, b) => a + b, 0)).toBe(total)
    },
  )

  test('two shifts: their totals plus the breaks outside every shift (from the event log) make the day', async () => {
    const { from, till } = dayBounds('2026-11-17')
    const shifts = DEFAULT_SHIFTS.filter((s) => s.name !== 'Night')
    const perShift = await Promise.all(shifts.map((shift) => breaks(from, till, shift)))
    const spans = shifts
      .flatMap((shift) => shiftWindows(shift, from, till, TIME_ZONE))
      .sort((a, b) => a[0] - b[0])
    const log = await client.report('/reports/threadbreaks-by-machine', { from, till, machineIds: 'all' })
    // the break log's timestamp is in milliseconds (myzsk-api.md 1.10)
    const outside = (log.body.data as Array<{ timestamp: number }>).filter(
      (event) => !inSpans(spans, Math.floor(event.timestamp / 1000)),
    ).length
    expect(outside).toBeGreaterThan(0)
    expect(perShift.reduce((a, b) => a + b, 0) + outside).toBe(await breaks(from, till))
  })
})
