import { describeError } from '../../api/errors'
import { classifyFailure } from '../../lib/thread-cone'

/** Reference 7 in plain words, always with the service's own message. */
export function failureWords(error: unknown): string {
  const failure = classifyFailure(describeError(error))
  switch (failure.kind) {
    case 'series-not-found':
      return `the service has no series “${failure.series}” (its words: “${failure.message}”)`
    case 'unreadable':
      return `the service could not read this series; its own message, which may be in another language: “${failure.detail}”`
    case 'licence':
      return `the server's thread-cone licence (WEB_API_LICENSE) is missing or not accepted: “${failure.message}”`
    default:
      return failure.message
  }
}
