import { describeError } from '../../api/core/errors'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
import {
  type ConeSeries,
  classifyFailure,
  closeMatches,
  colorNameText,
  hexOf,
  typingHints,
} from '../../lib/thread-cone'
import { failureWords } from './failure-words'
import type { Lookup } from './recent-lookups'

/** A look-up that failed: a colour not found with what may have been meant, else the service's words. */
export function LookupFailed({
  lookup,
  error,
  list,
  choose,
}: {
  lookup: Lookup
  error: unknown
  list: ConeSeries | undefined
  choose: (number: string) => void
}) {
  const { t } = useT()
  const message = describeError(error, t)
  const failure = classifyFailure(message)
  const hints = typingHints(lookup.number)
  const close = failure.kind === 'cone-not-found' && list ? closeMatches(lookup.number, list.colors) : []
  return (
    <div role="alert" className="space-y-2 rounded border border-red-600 p-3">
      {failure.kind === 'cone-not-found' ? (
        <>
          <p className="font-semibold">
            {t('threadCones.failed.noColour', { number: lookup.number, series: lookup.series })}
          </p>
          <p className="text-sm">{t('threadCones.failed.serviceSaid', { message })}</p>
          {hints.spaces && <p>{t('threadCones.failed.spaces')}</p>}
          {hints.leadingZeros && <p>{t('threadCones.failed.leadingZeros')}</p>}
          {close.length > 0 && (
            <div>
              <p>{t('threadCones.failed.didYouMean')}</p>
              <ul className="flex flex-wrap gap-2">
                {close.map((c) => (
                  <li key={`${c.index}|${c.number}`}>
                    <button type="button" className={CONTROL} onClick={() => choose(c.number)}>
                      <span
                        aria-hidden="true"
                        className="mr-1 inline-block h-3 w-3 rounded-sm align-middle"
                        style={{ backgroundColor: hexOf(c) }}
                      />
                      {c.number}
                      {colorNameText(c) ? ` (${colorNameText(c)})` : ''}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <p className="text-sm">{t('threadCones.failed.exactly')}</p>
        </>
      ) : (
        <p>
          <span aria-hidden="true">⚠ </span>
          {t('threadCones.failed.other', {
            reason: failure.kind === 'other' ? message : failureWords(error, t),
          })}
        </p>
      )}
    </div>
  )
}
