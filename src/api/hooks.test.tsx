import { waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { DAY, NOW_S } from '../../test/demo-client'
import { renderHookWithProviders } from '../../test/render'
import { mswServer } from '../../test/setup-dom'
import { HttpError, UnexpectedResponseError } from './core/errors'
import { useCollectorMachines } from './machines/collectors'
import { useMachine, useMachines } from './machines/machines'
import { REPORTS } from './reports-explorer/report-catalogue'
import { useReport } from './reports-explorer/report-explorer'
import { useAggregatedThreadbreaks, useThreadbreaks } from './vendor-reports/reports'

/** Every GET endpoint of the reference through its hook, MSW, the real server app and the demo upstream. */
const week = { from: NOW_S - 7 * DAY, till: NOW_S }

async function settled<T>(hook: () => { isSuccess: boolean; isError: boolean; data?: T; error: unknown }) {
  const { result } = renderHookWithProviders(hook)
  await waitFor(() => expect(result.current.isSuccess || result.current.isError).toBe(true))
  return result.current
}

describe('machines and collectors (reference 4.5–4.7)', () => {
  test('useMachines lists the company’s machines', async () => {
    const { data } = await settled(() => useMachines())
    expect(data!.records.length).toBeGreaterThanOrEqual(40)
    expect(data!.malformed).toEqual([])
  })

  test('useMachine reads one machine; an unknown one is an HttpError 404 with the upstream’s words', async () => {
    const known = await settled(() => useMachine('AS-1042'))
    expect(known.data!.id).toBe('AS-1042')
    expect(known.data!.name).toBe('North 01 · 1H')
    const unknown = await settled(() => useMachine('NO-SUCH'))
    expect(unknown.error).toBeInstanceOf(HttpError)
    expect((unknown.error as HttpError).status).toBe(404)
    expect((unknown.error as HttpError).message).toContain('NO-SUCH')
  })

  test('useCollectorMachines lists a collector’s machines', async () => {
    const { data } = await settled(() => useCollectorMachines('dc-n1'))
    expect(data!.records.length).toBeGreaterThan(0)
    expect(data!.records[0]).toMatchObject({ locationName: 'Hall North' })
  })
})

describe('reports (reference 4.2–4.4)', () => {
  test.each(REPORTS.map((r) => [r.path]))('useReport(%s) gives documented rows', async (path) => {
    const grouping = path.endsWith('/aggregated') ? ('both' as const) : undefined
    // the two design reports need a design of the catalogue: its ID and stitch count
    const design = path.includes('design-') || path.endsWith('by-design')
    const { data, error } = await settled(() =>
      useReport(path, {
        ...week,
        ...(grouping ? { grouping } : {}),
        ...(design ? { designId: 'ASD1001', designStitches: 38053 } : {}),
      }),
    )
    expect(error).toBeNull()
    expect(data!.records.length).toBeGreaterThan(0)
    expect(data!.malformed).toEqual([])
  })

  test('useThreadbreaks with grouping H drops the folded needle: null, never the bobbin’s 0', async () => {
    const { data } = await settled(() => useThreadbreaks({ ...week, grouping: 'H' }))
    expect(data!.records.length).toBeGreaterThan(0)
    expect(data!.records.every((r) => r.needle === null && typeof r.head === 'number')).toBe(true)
  })

  test('useThreadbreaks with bobbin keeps needle 0 rows as the bobbin', async () => {
    const { data } = await settled(() => useThreadbreaks({ ...week, includeBobbinThreadbreaks: true }))
    expect(data!.records.some((r) => r.needle === 0)).toBe(true)
  })

  test('useAggregatedThreadbreaks with grouping needle drops the folded head', async () => {
    const { data } = await settled(() => useAggregatedThreadbreaks({ ...week, grouping: 'needle' }))
    expect(data!.records.every((r) => r.head === null && typeof r.needle === 'number')).toBe(true)
  })

  test('a bad parameter comes back as the server’s 400 message', async () => {
    const { error } = await settled(() => useReport('/reports/stitches', { from: 10, till: 5 }))
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).message).toBe('Parameter till must be later than from')
  })

  test('a row that breaks myzsk-api.md 1.8 is kept raw with the field named; the other rows are read', async () => {
    mswServer.use(
      http.get('/api/reports/threadbreaks', () =>
        HttpResponse.json({
          data: [
            { id_machine: 'A', machine_name: 'A', head: 1, needle: 2, threadbreaks: 'many' },
            { id_machine: 'A', machine_name: 'A', head: 1, needle: 3, threadbreaks: 4, extra: true },
          ],
        }),
      ),
    )
    const { data } = await settled(() => useThreadbreaks(week))
    expect(data!.records).toEqual([{ machineId: 'A', machineName: 'A', head: 1, needle: 3, count: 4 }])
    expect(data!.malformed).toEqual([
      {
        index: 0,
        raw: { id_machine: 'A', machine_name: 'A', head: 1, needle: 2, threadbreaks: 'many' },
        problem: 'threadbreaks should be number',
      },
    ])
  })

  test('an answer whose data is not a list names the field', async () => {
    mswServer.use(http.get('/api/reports/threadbreaks', () => HttpResponse.json({ data: {} })))
    const { error } = await settled(() => useThreadbreaks(week))
    expect(error).toBeInstanceOf(UnexpectedResponseError)
    expect((error as Error).message).toBe('Unexpected response from the production API: data should be array')
  })
})
