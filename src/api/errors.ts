/** Errors a page can tell apart and explain in words. */

/** The browser could not reach the stitchboard server at all. */
export class NetworkError extends Error {
  override name = 'NetworkError'
  constructor() {
    super('Cannot reach the stitchboard server; check the network connection')
  }
}

/** The server answered with an error status; `message` is its own words. */
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** The answer does not have the documented shape; names the first field that is wrong. */
export class UnexpectedResponseError extends Error {
  override name = 'UnexpectedResponseError'
  constructor(
    readonly field: string,
    detail: string,
  ) {
    super(`Unexpected response from the production API: ${field} ${detail}`)
  }
}

/** A job-interface look-up answered Success: false (reference 7: look-up errors come with HTTP 200).
 * `message` is the service's own text, which may be in the server's language. */
export class JobFailedError extends Error {
  override name = 'JobFailedError'
}

/** Words for any error a widget shows. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message
  return 'Something went wrong'
}
