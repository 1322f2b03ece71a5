import { expect, test } from 'vitest'
import { HttpError, JobFailedError, NetworkError, UnexpectedResponseError } from './errors'
import { shouldRetry } from './retry'

test.each([
  [new NetworkError(), 0, true],
  [new NetworkError(), 2, false],
  [new HttpError(502, 'x'), 0, true],
  [new HttpError(504, 'x'), 1, true],
  [new HttpError(404, 'x'), 0, false],
  [new HttpError(400, 'x'), 0, false],
  [new UnexpectedResponseError('data', 'x'), 0, false],
  [new JobFailedError('Thread cone not found: S / 1'), 0, false],
])('%s after %i failures → retry %s', (error, failures, retry) => {
  expect(shouldRetry(failures, error)).toBe(retry)
})
