import { useId } from 'react'
import type { MalformedRecord } from '../lib/domain'
import { useT } from './i18n'

/** Records of an answer that could not be read (src/components/malformed-records.tsx loads this when
 * there are any): each as its raw data, as text, with what was wrong. */
export function MalformedRecordsList({
  records,
  title,
}: {
  records: readonly MalformedRecord[]
  /** "3 machine records could not be read", in the screen's language (a plural message of the caller) */
  title: (count: number) => string
}) {
  const { t } = useT()
  const id = useId()
  if (records.length === 0) return null
  return (
    <section
      aria-labelledby={id}
      className="rounded border border-status-unknown bg-yellow-50 p-2 text-sm dark:bg-yellow-950"
    >
      <h2 id={id} className="font-semibold">
        <span aria-hidden="true">⚠ </span>
        {title(records.length)}
      </h2>
      <ul className="mt-1 space-y-1">
        {records.slice(0, 20).map((r) => (
          <li key={r.index}>
            <details>
              <summary className="cursor-pointer">
                {t('app.malformed.record', { number: r.index + 1, problem: r.problem })}
              </summary>
              <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-white p-1 dark:bg-gray-900">
                {JSON.stringify(r.raw, null, 2)?.slice(0, 4000)}
              </pre>
            </details>
          </li>
        ))}
      </ul>
      {records.length > 20 && (
        <p className="mt-1">{t('app.malformed.more', { count: records.length - 20 })}</p>
      )}
    </section>
  )
}
