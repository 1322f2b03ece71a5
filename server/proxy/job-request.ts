import {
  JOB_SERVER_VERSION,
  THREAD_CONE_REQUEST_TYPES,
  type ThreadConeRequestType,
} from '../../src/api/contract/job'

/** Reference 4.8 fields we pass on inside ThreadCone; anything else is dropped. */
const CONE_FIELDS = ['Manufacturer', 'ConeSeries', 'ColorNumber'] as const

export const MAX_JOB_BODY_BYTES = 16 * 1024

export type CheckedJob =
  | { ok: true; requestType: ThreadConeRequestType; threadCone: Record<string, string> | undefined }
  | { ok: false; error: string }

/** Checks a job request from the browser: only the four thread-cone look-ups, never a Client (a
 * picture/vector job is billed, reference 4.8 rule 1), ThreadCone an object where the look-up needs one
 * (null fails upstream with an HTTP error, rule 7), its values strings. */
export function checkJob(text: string): CheckedJob {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return { ok: false, error: 'The request body must be JSON' }
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: 'The request body must be a JSON object' }
  }
  const job = body as Record<string, unknown>
  const type = job.RequestType
  if (typeof type !== 'string' || !(THREAD_CONE_REQUEST_TYPES as readonly string[]).includes(type)) {
    return {
      ok: false,
      error: `RequestType ${JSON.stringify(type ?? null)?.slice(0, 60)} is not allowed; stitchboard only sends ${THREAD_CONE_REQUEST_TYPES.join(', ')}`,
    }
  }
  if ('Client' in job) return { ok: false, error: 'Client must be left out of a thread-cone look-up' }
  const cone = job.ThreadCone
  if (cone === null) return { ok: false, error: 'ThreadCone must be an object; the service fails on null' }
  if (cone === undefined) {
    if (type === 'GetThreadConeManufacturer') return { ok: true, requestType: type, threadCone: undefined }
    return { ok: false, error: `${type} needs a ThreadCone object` }
  }
  if (typeof cone !== 'object' || Array.isArray(cone))
    return { ok: false, error: 'ThreadCone must be an object' }
  const threadCone: Record<string, string> = {}
  for (const field of CONE_FIELDS) {
    const value = (cone as Record<string, unknown>)[field]
    if (value === undefined) continue
    if (typeof value !== 'string') return { ok: false, error: `ThreadCone.${field} must be a string` }
    threadCone[field] = value
  }
  return { ok: true, requestType: type as ThreadConeRequestType, threadCone }
}

/** The body sent to {web_api_address}/StitchJob: licence and version added by the server. */
export function upstreamJobBody(job: Extract<CheckedJob, { ok: true }>, licence: string): string {
  return JSON.stringify({
    ServerVersion: JOB_SERVER_VERSION,
    WebApiLicense: licence,
    RequestType: job.requestType,
    ...(job.threadCone ? { ThreadCone: job.threadCone } : {}),
  })
}
