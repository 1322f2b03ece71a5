import { describe, expect, test } from 'vitest'
import { PICTURE_CLIENT } from '../../server/demo/stitch-job'
import { jobResponseSchema } from '../../src/api/contract/job'
import { threadConeColorSchema, threadConeListSchema } from '../../src/api/contract/thread-cone'
import { demoClient } from '../demo-client'

/** The demo job interface against reference 4.8, 2.4, 2.5, 7 and 9. */
const demo = demoClient()
const lookup = (ConeSeries: string, ColorNumber?: string) =>
  demo.job({
    RequestType: 'GetThreadCone',
    ThreadCone: ColorNumber === undefined ? { ConeSeries } : { ConeSeries, ColorNumber },
  })
const color = async (series: string, number: string) => {
  const { body } = await lookup(series, number)
  expect(body.Success, body.RequestData).toBe(true)
  return JSON.parse(body.RequestData) as Record<string, unknown>
}
const list = async (series: string) => {
  const { body } = await demo.job({ RequestType: 'GetThreadConeList', ThreadCone: { ConeSeries: series } })
  return threadConeListSchema.parse(JSON.parse(body.RequestData))
}

describe('reference 2.4 and 9: the job response', () => {
  test('a successful look-up: one line, RequestData a string parsed a second time, empty extras, version echoed', async () => {
    const { status, text, body } = await lookup('NFP-40', '1001')
    expect(status).toBe(200)
    expect(text).not.toMatch(/[\r\n]/)
    expect(text).toContain('\\u000d\\u000a')
    expect(jobResponseSchema.safeParse(body).success).toBe(true)
    expect(body).toMatchObject({
      Success: true,
      ServerVersion: { Major: 3 },
      Info: '',
      NeedleColor: '',
      NeedleSequence: '',
      PreviewData: '',
      Time: '',
    })
    expect(typeof (body.ServerVersion as { Minor: unknown }).Minor).toBe('number')
    expect(body.RequestData).toContain('\r\n')
    expect(threadConeColorSchema.safeParse(JSON.parse(body.RequestData)).success).toBe(true)
  })

  test('ServerVersion given as 3 is echoed as Major 3', async () => {
    const { body } = await demo.job({ ServerVersion: 3, RequestType: 'GetThreadConeManufacturer' })
    expect(body.ServerVersion).toEqual({ Major: 3, Minor: 0 })
  })
})

describe('reference 2.5: the colour object, exactly as stored', () => {
  test('GetThreadCone returns the same object as the entry in GetThreadConeList', async () => {
    const entry = (await list('NFP-40')).Colors.find((c) => c.ColorNumber === '1004')
    expect(await color('NFP-40', '1004')).toEqual(entry)
  })

  test('Index is stored as a string in some series, a number in others', async () => {
    expect(typeof (await color('LUMEN Classic 40 v2', 'A100')).Index).toBe('string')
    expect(typeof (await color('NFP-40', '1001')).Index).toBe('number')
  })

  test('ScanCode with 12 digits arrives exact (999999999999)', async () => {
    const { text } = await demo.job({
      RequestType: 'GetThreadConeList',
      ThreadCone: { ConeSeries: 'NFP-40' },
    })
    expect(text).toContain('999999999999')
    expect((await list('NFP-40')).Colors.some((c) => c.ScanCode === 999_999_999_999)).toBe(true)
  })

  test('ColorName is missing in some colours and an empty string in others', async () => {
    const colors = (await list('lm.metallic~30')).Colors
    expect(colors.some((c) => !('ColorName' in c))).toBe(true)
    expect(colors.some((c) => c.ColorName === '')).toBe(true)
  })
})

describe('reference 4.8: the look-up chain and its rules', () => {
  test('manufacturers → series → lists: at least 3, 6 and 1,500, series ids from the service', async () => {
    const manufacturers = JSON.parse(
      (await demo.job({ RequestType: 'GetThreadConeManufacturer' })).body.RequestData,
    ) as string[]
    expect(manufacturers.length).toBeGreaterThanOrEqual(3)
    let series = 0
    let colors = 0
    for (const Manufacturer of manufacturers) {
      const ids = JSON.parse(
        (await demo.job({ RequestType: 'GetThreadConeSeries', ThreadCone: { Manufacturer } })).body
          .RequestData,
      ) as string[]
      for (const id of ids) {
        const { body } = await demo.job({ RequestType: 'GetThreadConeList', ThreadCone: { ConeSeries: id } })
        if (!body.Success) continue // a listed series whose data cannot be read
        series++
        colors += threadConeListSchema.parse(JSON.parse(body.RequestData)).Colors.length
      }
    }
    expect(series).toBeGreaterThanOrEqual(6)
    expect(colors).toBeGreaterThanOrEqual(1500)
  })

  test('rule 3: ColorNumber is matched case-insensitively', async () => {
    const stored = (await list('LUMEN Classic 40 v2')).Colors.find((c) => /^[a-z]/.test(c.ColorNumber))!
    expect(await color('LUMEN Classic 40 v2', stored.ColorNumber.toUpperCase())).toEqual(stored)
  })

  test.each([
    ['leading zeros added', 'NFP-40', '01001'],
    ['a leading space', 'NFP-40', ' 1001'],
    ['a trailing space', 'NFP-40', '1001 '],
    ['zeros dropped', 'nf_rayon40', '013'],
  ])('rule 3: nothing is trimmed or padded (%s)', async (_, series, number) => {
    const { body } = await lookup(series, number)
    expect(body).toMatchObject({
      Success: false,
      RequestData: `Thread cone not found: ${series} / ${number}`,
    })
  })

  test('rule 3: a padded number and the same number unpadded are different colours', async () => {
    const padded = await color('nf_rayon40', '0012')
    const plain = await color('nf_rayon40', '12')
    expect(padded.ColorNumber).toBe('0012')
    expect(plain.ColorNumber).toBe('12')
    expect(padded.Index).not.toBe(plain.Index)
  })

  test('rule 4: of several matches the first is returned', async () => {
    const matches = (await list('7713')).Colors.filter((c) => c.ColorNumber === '2040')
    expect(matches).toHaveLength(2)
    expect(await color('7713', '2040')).toEqual(matches[0])
  })

  test('rule 5: Manufacturer and DataZip are ignored; rule 6: unknown fields too', async () => {
    const plain = await lookup('NFP-40', '1001')
    const extra = await demo.job({
      RequestType: 'GetThreadCone',
      Extra: 1,
      ThreadCone: {
        ConeSeries: 'NFP-40',
        ColorNumber: '1001',
        Manufacturer: 'Other',
        DataZip: 'xyz',
        Unknown: true,
      },
    })
    expect(extra.body).toEqual(plain.body)
  })

  test('rule 1: a Client marking a picture/vector job client is rejected with 400', async () => {
    const { status } = await demo.job({
      Client: PICTURE_CLIENT,
      RequestType: 'GetThreadCone',
      ThreadCone: { ConeSeries: 'NFP-40', ColorNumber: '1001' },
    })
    expect(status).toBe(400)
  })

  test('rule 7: ThreadCone null fails with an HTTP error, not a job response', async () => {
    const { status, text } = await demo.jobText({
      ServerVersion: { Major: 3, Minor: 0 },
      WebApiLicense: 'demo-licence-a',
      RequestType: 'GetThreadCone',
      ThreadCone: null,
    })
    expect(status).toBeGreaterThanOrEqual(400)
    expect(() => jobResponseSchema.parse(JSON.parse(text))).toThrow()
    expect(text).not.toContain('"Success"')
  })
})

describe('reference 7: errors of the thread-cone look-up', () => {
  test.each([
    [
      'an unknown series',
      'Thread cone series not found: NOPE',
      { ThreadCone: { ConeSeries: 'NOPE', ColorNumber: '1' } },
    ],
    ['ThreadCone missing', 'Thread cone series not found: ', {}],
    [
      'ConeSeries misspelled',
      'Thread cone series not found: ',
      { ThreadCone: { ConeSerie: 'NFP-40', ColorNumber: '1001' } },
    ],
    [
      'ThreadCone misspelled',
      'Thread cone series not found: ',
      { ThreadCones: { ConeSeries: 'NFP-40', ColorNumber: '1001' } },
    ],
    [
      'an unknown colour number',
      'Thread cone not found: NFP-40 / 9999',
      { ThreadCone: { ConeSeries: 'NFP-40', ColorNumber: '9999' } },
    ],
    ['ColorNumber missing', 'Thread cone not found: NFP-40 / ', { ThreadCone: { ConeSeries: 'NFP-40' } }],
  ] as const)('%s: HTTP 200, Success false, "%s"', async (_, message, body) => {
    const { status, body: answer } = await demo.job({ RequestType: 'GetThreadCone', ...body })
    expect(status).toBe(200)
    expect(answer).toMatchObject({ Success: false, RequestData: message })
  })

  test.each([
    ['characters not allowed in a file name', 'bad/series'],
    ['series data that cannot be read', 'SK-ARCHIV-2019'],
  ])('%s: HTTP 200 and "GetThreadCone: <the server’s message>"', async (_, series) => {
    const { status, body } = await lookup(series, '1')
    expect(status).toBe(200)
    expect(body.Success).toBe(false)
    expect(body.RequestData).toMatch(/^GetThreadCone: \S/)
  })

  test('a misspelled RequestType: HTTP 200, "Error: unknown command!"', async () => {
    const { status, body } = await demo.job({
      RequestType: 'GetThreadCon',
      ThreadCone: { ConeSeries: 'NFP-40', ColorNumber: '1001' },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ Success: false, RequestData: 'Error: unknown command!' })
  })

  test.each([
    ['missing', 'No licence token found.', undefined],
    ['invalid', 'Invalid licence token.', 'wrong-licence'],
  ])('licence %s: HTTP 400, "%s"', async (_, message, licence) => {
    const { status, body } = await demo.job({
      WebApiLicense: licence,
      RequestType: 'GetThreadConeManufacturer',
    })
    expect(status).toBe(400)
    expect(body.RequestData).toBe(message)
  })

  test('both companies’ licences are valid', async () => {
    const { body } = await demo.job({
      WebApiLicense: 'demo-licence-b',
      RequestType: 'GetThreadConeManufacturer',
    })
    expect(body.Success).toBe(true)
  })
})
