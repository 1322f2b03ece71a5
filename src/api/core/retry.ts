import { HttpError, JobFailedError, UnexpectedResponseError } from './errors'

/** Retry what may pass on a second try (network, 5xx, timeouts), never an answer that will not change
 * (a 404, a bad parameter, a response of the wrong shape, a look-up that found nothing). */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (failures >= 2) return false
  if (error instanceof HttpError) return error.status >= 500 || error.status === 429
  return !(error instanceof UnexpectedResponseError || error instanceof JobFailedError)
}
