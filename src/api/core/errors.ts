import type { MessageKey, Translator } from '../../lib/i18n/translator'

/** Errors a page can tell apart and explain in words. */

/** The browser could not reach the stitchboard server at all. */
export class NetworkError extends Error {
  override name = 'NetworkError'
  constructor() {
    super('Cannot reach the stitchboard server; check the network connection')
  }
}

/** The server answered with an error status; `message` is its own words, shown as they are. */
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly status: number,
    message: string,
    /** why the server refused, when it says (`role`, `location`, `sign-in`, `wall`, `too-many`…) */
    readonly reason: string | null = null,
  ) {
    super(message)
  }
}

/** The server's refusals for want of a right, in the reader's words. */
const REFUSALS: Readonly<Record<string, MessageKey>> = {
  role: 'who.refused.role',
  location: 'who.refused.location',
  'sign-in': 'who.refused.signIn',
  who: 'who.refused.signIn',
  wall: 'who.refused.wall',
  'too-many': 'who.refused.tooMany',
}

/** The answer does not have the documented shape; names the first field that is wrong. */
export class UnexpectedResponseError extends Error {
  override name = 'UnexpectedResponseError'
  constructor(
    readonly field: string,
    readonly detail: string,
  ) {
    super(`Unexpected response from the production API: ${field} ${detail}`)
  }
}

/** A job-interface look-up answered Success: false (reference 7: look-up errors come with HTTP 200).
 * `message` is the service's own text, which may be in the server's language. */
export class JobFailedError extends Error {
  override name = 'JobFailedError'
}

/** Words for any error a widget shows, in the screen's language. What the server or the vendor said is
 * quoted as they said it (their words, like a machine's name). */
export function describeError(error: unknown, t: Translator['t']): string {
  if (error instanceof NetworkError) return t('app.error.network')
  if (error instanceof UnexpectedResponseError)
    return t('app.error.unexpected', { field: error.field, detail: error.detail })
  if (error instanceof HttpError && error.reason && REFUSALS[error.reason]) return t(REFUSALS[error.reason]!)
  if (error instanceof Error) return error.message
  return t('app.error.something')
}
