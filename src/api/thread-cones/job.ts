import type * as z from 'zod/mini'
import { jobResponseSchema, type ThreadConeLookup, type ThreadConeRequestType } from '../contract/job'
import { HttpError, JobFailedError, UnexpectedResponseError } from '../core/errors'
import { fetchFromServer, parseResponse } from '../core/http'

/** Posts one thread-cone look-up to the server, which adds the licence and version (reference 4.8),
 * checks Success (look-up errors arrive with HTTP 200, reference 7) and parses RequestData a second time
 * (reference 2.4). Line breaks escaped as \u000d\u000a are decoded by the JSON parser. */
export async function postThreadConeJob<T extends z.ZodMiniType>(
  requestType: ThreadConeRequestType,
  threadCone: ThreadConeLookup | undefined,
  resultSchema: T,
  signal?: AbortSignal,
): Promise<z.infer<T>> {
  const response = await fetchFromServer('/api/job', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(
      threadCone ? { RequestType: requestType, ThreadCone: threadCone } : { RequestType: requestType },
    ),
    signal: signal ?? null,
  })
  let body: unknown
  try {
    body = await response.json()
  } catch {
    throw new HttpError(
      response.status,
      `The thread-cone service answered HTTP ${response.status} without a job response`,
    )
  }
  const parsed = jobResponseSchema.safeParse(body)
  if (!parsed.success) {
    const message = (body as { error?: unknown } | null)?.error
    if (typeof message === 'string') throw new HttpError(response.status, message)
    parseResponse(jobResponseSchema, body) // throws, naming the field
  }
  const job = parsed.data!
  if (!job.Success) throw new JobFailedError(job.RequestData)
  let data: unknown
  try {
    data = JSON.parse(job.RequestData)
  } catch {
    throw new UnexpectedResponseError('RequestData', 'is not JSON')
  }
  return parseResponse(resultSchema, data)
}
