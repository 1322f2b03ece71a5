import { waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { renderHookWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import { HttpError, JobFailedError } from '../core/errors'
import {
  needleEntry,
  useThreadCone,
  useThreadConeList,
  useThreadConeManufacturers,
  useThreadConeSeries,
} from './thread-cones'

/** The four look-ups (reference 4.8) and the quirks of 2.4, 2.5 and 7. */
async function settled<T>(hook: () => { isSuccess: boolean; isError: boolean; data?: T; error: unknown }) {
  const { result } = renderHookWithProviders(hook)
  await waitFor(() => expect(result.current.isSuccess || result.current.isError).toBe(true))
  return result.current
}

/** A job response exactly as the service sends it: one line, RequestData a string, CRLF escaped. */
function jobAnswer(success: boolean, requestData: string, status = 200) {
  const text = JSON.stringify({
    Success: success,
    RequestData: requestData,
    ServerVersion: { Major: 3, Minor: 0 },
    Info: '',
    NeedleColor: '',
    NeedleSequence: '',
    PreviewData: '',
    Time: '',
  }).replace(/\\r\\n/g, '\\u000d\\u000a')
  return () => new HttpResponse(text, { status, headers: { 'Content-Type': 'application/json' } })
}

describe('the look-up chain through the server and the demo job interface', () => {
  test('manufacturers → series → list → colour', async () => {
    const manufacturers = await settled(() => useThreadConeManufacturers())
    expect(manufacturers.data).toContain('Nordfaden')
    const series = await settled(() => useThreadConeSeries('Nordfaden'))
    expect(series.data).toContain('NFP-40')
    const list = await settled(() => useThreadConeList('NFP-40'))
    expect(list.data!.weight).toBe(40)
    expect(list.data!.colors.length).toBeGreaterThan(0)
    const color = await settled(() => useThreadCone('NFP-40', '1001'))
    expect(color.data).toMatchObject({ number: '1001' })
  })

  test('Success false arrives with HTTP 200 and becomes a JobFailedError with the service’s words', async () => {
    const { error } = await settled(() => useThreadCone('NFP-40', '01001'))
    expect(error).toBeInstanceOf(JobFailedError)
    expect((error as Error).message).toBe('Thread cone not found: NFP-40 / 01001')
  })
})

describe('quirks of the job response', () => {
  test.each([
    ['Index as a string', { Index: '7', ColorNumber: 'A1', R: 1, G: 2, B: 3 }, { index: '7' }],
    ['Index as a number', { Index: 7, ColorNumber: 'A1', R: 1, G: 2, B: 3 }, { index: 7 }],
    [
      'ScanCode of 12 digits, exact',
      { Index: 1, ColorNumber: 'A1', R: 1, G: 2, B: 3, ScanCode: 999999999999 },
      { scanCode: 999_999_999_999 },
    ],
    [
      'ColorName and ScanCode missing',
      { Index: 1, ColorNumber: 'A1', R: 1, G: 2, B: 3 },
      { number: 'A1', r: 1, g: 2, b: 3, name: null, scanCode: null },
    ],
    ['ColorName empty', { Index: 1, ColorNumber: 'A1', R: 1, G: 2, B: 3, ColorName: '' }, { name: '' }],
    [
      'a colour number with spaces, exactly as stored',
      { Index: 1, ColorNumber: ' 01 ', R: 1, G: 2, B: 3, ColorName: 'Jade' },
      { number: ' 01 ', name: 'Jade' },
    ],
  ])('%s', async (_, stored, expected) => {
    // RequestData pretty-printed with CRLF, as the service stores it, then escaped as \u000d\u000a
    mswServer.use(
      http.post('/api/job', jobAnswer(true, JSON.stringify(stored, null, 2).replace(/\n/g, '\r\n'))),
    )
    const { data } = await settled(() => useThreadCone('S', 'A1'))
    expect(data).toMatchObject(expected)
  })

  test('the needle entry of reference 2.5: RGB, name, number, the series Weight as a string', () => {
    const color = { index: 1, number: '1004', r: 200, g: 16, b: 3, name: 'Signal Red', scanCode: null }
    expect(needleEntry(color, 40)).toEqual({
      Red: 200,
      Green: 16,
      Blue: 3,
      ColorName: 'Signal Red',
      ColorNumber: '1004',
      ThreadSize: '40',
    })
    expect(needleEntry(color, '30').ThreadSize).toBe('30')
    expect(needleEntry({ ...color, name: null }, 30).ColorName).toBe('')
  })

  test('a licence error (HTTP 400 with a job response) shows the service’s message', async () => {
    mswServer.use(http.post('/api/job', jobAnswer(false, 'Invalid licence token.', 400)))
    const { error } = await settled(() => useThreadConeManufacturers())
    expect(error).toBeInstanceOf(JobFailedError)
    expect((error as Error).message).toBe('Invalid licence token.')
  })

  test('a refusal by our server is an HttpError with its words', async () => {
    mswServer.use(
      http.post('/api/job', () =>
        HttpResponse.json({ error: 'ThreadCone must be an object' }, { status: 400 }),
      ),
    )
    const { error } = await settled(() => useThreadCone('S', '1'))
    expect(error).toBeInstanceOf(HttpError)
    expect((error as Error).message).toBe('ThreadCone must be an object')
  })

  test('series given as objects are accepted as names', async () => {
    mswServer.use(http.post('/api/job', jobAnswer(true, JSON.stringify([{ ConeSeries: 'X-1' }, 'Y-2']))))
    const { data } = await settled(() => useThreadConeSeries('M'))
    expect(data).toEqual(['X-1', 'Y-2'])
  })
})
