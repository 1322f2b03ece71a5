import { THREAD_CONE_REQUEST_TYPES } from '../../src/api/contract/job'
import type { Catalogue, ConeSeries } from './thread-cones'

/** The Client value that marks a picture/vector job client (reference 4.8 rule 1; the value itself is
 * not stated, this is the demo's). */
export const PICTURE_CLIENT = 'StitchPictureClient'

/** Characters a file name may not contain (the service reads each series from a file). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const NOT_IN_FILE_NAME = /[\\/:*?"<>|\u0000-\u001f]/

interface JobAnswer {
  status: number
  body: string
  contentType: string
}

/** Reference 2.4: sent on one line; line breaks inside RequestData arrive as \u000d\u000a. */
export function serialiseJobResponse(value: unknown): string {
  return JSON.stringify(value).replace(/\\(\\|r|n)/g, (sequence, ch: string) =>
    ch === 'r' ? '\\u000d' : ch === 'n' ? '\\u000a' : sequence,
  )
}

/** The service pretty-prints RequestData with Windows line breaks. */
const requestData = (value: unknown) => JSON.stringify(value, null, 2).replace(/\n/g, '\r\n')

function jobResponse(status: number, success: boolean, data: string, major: number): JobAnswer {
  const body = serialiseJobResponse({
    Success: success,
    RequestData: data,
    ServerVersion: { Major: major, Minor: 0 },
    Info: '',
    NeedleColor: '',
    NeedleSequence: '',
    PreviewData: '',
    Time: '',
  })
  return { status, body, contentType: 'application/json; charset=utf-8' }
}

function requestedMajor(version: unknown): number | null {
  if (typeof version === 'number' && Number.isInteger(version)) return version
  if (
    typeof version === 'object' &&
    version !== null &&
    Number.isInteger((version as { Major?: unknown }).Major)
  ) {
    return (version as { Major: number }).Major
  }
  return null
}

/** POST /StitchJob of the demo, for the four thread-cone look-ups (reference 4.8, 2.4, 2.5, 7). */
export function handleStitchJob(catalogue: Catalogue, licences: readonly string[], text: string): JobAnswer {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return {
      status: 400,
      body: 'Bad Request: the body is not JSON.',
      contentType: 'text/plain; charset=utf-8',
    }
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      status: 400,
      body: 'Bad Request: the body must be a JSON object.',
      contentType: 'text/plain; charset=utf-8',
    }
  }
  const job = body as Record<string, unknown>
  const major = requestedMajor(job.ServerVersion) ?? 0
  if (job.Client === PICTURE_CLIENT) {
    return jobResponse(400, false, 'Picture/vector jobs are not accepted with this request.', major)
  }
  if (typeof job.WebApiLicense !== 'string' || job.WebApiLicense === '') {
    return jobResponse(400, false, 'No licence token found.', major)
  }
  if (!licences.includes(job.WebApiLicense)) return jobResponse(400, false, 'Invalid licence token.', major)
  if (major !== 3) return jobResponse(200, false, 'ServerVersion 3 is required for this request.', major)

  const type = job.RequestType
  if (typeof type !== 'string' || !(THREAD_CONE_REQUEST_TYPES as readonly string[]).includes(type)) {
    return jobResponse(200, false, 'Error: unknown command!', major)
  }
  if (job.ThreadCone === null) {
    // rule 7: null is not accepted and fails with an HTTP error, not a job response
    return {
      status: 500,
      body: 'Object reference not set to an instance of an object.',
      contentType: 'text/plain',
    }
  }
  const cone = (typeof job.ThreadCone === 'object' && job.ThreadCone) || {}
  const { Manufacturer, ConeSeries: seriesId, ColorNumber } = cone as Record<string, unknown>
  const ok = (data: unknown) => jobResponse(200, true, requestData(data), major)
  const fail = (message: string) => jobResponse(200, false, message, major)

  if (type === 'GetThreadConeManufacturer') return ok(catalogue.manufacturers)
  if (type === 'GetThreadConeSeries') {
    if (typeof Manufacturer !== 'string' || !catalogue.manufacturers.includes(Manufacturer)) {
      return fail(`Thread cone manufacturer not found: ${String(Manufacturer ?? '')}`)
    }
    return ok(catalogue.series.filter((s) => s.manufacturer === Manufacturer).map((s) => s.id))
  }

  const id = typeof seriesId === 'string' ? seriesId : ''
  if (NOT_IN_FILE_NAME.test(id)) return fail(`${type}: Unzulässige Zeichen im Pfad.`)
  const series: ConeSeries | undefined = catalogue.series.find((s) => s.id === id)
  if (!series) return fail(`Thread cone series not found: ${id}`)
  if (series.unreadable) {
    return fail(`${type}: Die Datei "${series.id}.tcs" konnte nicht gelesen werden. Das Format ist ungültig.`)
  }
  if (type === 'GetThreadConeList') return ok({ Weight: series.weight, Colors: series.colors })

  // GetThreadCone. Rule 3: case-insensitive, otherwise exact; rule 4: the first match wins.
  const number = typeof ColorNumber === 'string' ? ColorNumber : ''
  const wanted = number.toLowerCase()
  const color = series.colors.find((c) => c.ColorNumber.toLowerCase() === wanted)
  if (!color) return fail(`Thread cone not found: ${series.id} / ${number}`)
  return ok(color)
}
