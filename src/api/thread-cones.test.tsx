import { waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { renderHookWithProviders } from '../../test/render'
import { mswServer } from '../../test/setup-dom'
import { HttpError, JobFailedError } from './errors'
import {
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
    expect(list.data!.Weight).toBe(40)
    const color = await settled(() => useThreadCone('NFP-40', '1001'))
    expect(color.data).toMatchObject({ ColorNumber: '1001' })
  })

  test('Success false arrives with HTTP 200 and becomes a JobFailedError with the service’s words', async () => {
    const { error } = await settled(() => useThreadCone('NFP-40', '01001'))
    expect(error).toBeInstanceOf(JobFailedError)
    expect((error as Error).message).toBe('Thread cone not found: NFP-40 / 01001')
  })
})

describe('quirks of the job response', () => {
  test.each([
    ['Index as a string', { Index: '7', ColorNumber: 'A1', R: 1, G: 2, B: 3 }, { Index: '7' }],
    ['Index as a number', { Index: 7, ColorNumber: 'A1', R: 1, G: 2, B: 3 }, { Index: 7 }],
    [
      'ScanCode of 12 digits, exact',
      { Index: 1, ColorNumber: 'A1', R: 1, G: 2, B: 3, ScanCode: 999999999999 },
      { ScanCode: 999_999_999_999 },
    ],
    ['ColorName missing', { Index: 1, ColorNumber: 'A1', R: 1, G: 2, B: 3 }, { ColorNumber: 'A1' }],
    ['ColorName empty', { Index: 1, ColorNumber: 'A1', R: 1, G: 2, B: 3, ColorName: '' }, { ColorName: '' }],
  ])('%s', async (_, stored, expected) => {
    // RequestData pretty-printed with CRLF, as the service stores it, then escaped as \u000d\u000a
    mswServer.use(
      http.post('/api/job', jobAnswer(true, JSON.stringify(stored, null, 2).replace(/\n/g, '\r\n'))),
    )
    const { data } = await settled(() => useThreadCone('S', 'A1'))
    expect(data).toMatchObject(expected)
    if (!('ColorName' in stored)) expect(data).not.toHaveProperty('ColorName')
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
