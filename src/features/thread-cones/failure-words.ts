import { describeError } from '../../api/core/errors'
import type { Translator } from '../../lib/i18n/translator'
import { classifyFailure } from '../../lib/thread-cone'

/** Reference 7 in plain words (`t`'s language), always with the service's own message. */
export function failureWords(error: unknown, t: Translator['t']): string {
  const failure = classifyFailure(describeError(error, t))
  switch (failure.kind) {
    case 'series-not-found':
      return t('threadCones.failure.seriesNotFound', { series: failure.series, message: failure.message })
    case 'unreadable':
      return t('threadCones.failure.unreadable', { detail: failure.detail })
    case 'licence':
      return t('threadCones.failure.licence', { message: failure.message })
    default:
      return failure.message
  }
}
