import { useState } from 'react'
import { needleEntry } from '../../api/thread-cones/thread-cones'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
import { type ConeColor, colorNameText, hexOf, scanCodeText } from '../../lib/thread-cone'

/** The colour found: swatch, its facts, and the needle entry to copy. */
export function ColorCard({
  color,
  typed,
  series,
  weight,
  sameNumber,
}: {
  color: ConeColor
  typed: string
  series: string
  weight: number | string | undefined
  /** colours of the series that this number matches (reference 4.8 rule 4: the first one is returned) */
  sameNumber: number
}) {
  const { t } = useT()
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const hex = hexOf(color)
  const name = colorNameText(color)
  const scanCode = scanCodeText(color.scanCode)
  const entry = weight === undefined ? null : JSON.stringify(needleEntry(color, weight))
  const copy = async () => {
    if (!entry) return
    try {
      await navigator.clipboard.writeText(entry)
      setCopied('yes')
    } catch {
      setCopied('failed')
    }
  }
  const facts: Array<[string, string]> = [
    // the service's values as it stores them; RGB and Hex are the same in every language
    [t('threadCones.color.number'), color.number],
    [t('threadCones.color.name'), name ?? t('threadCones.color.noName')],
    ['RGB', `${color.r}, ${color.g}, ${color.b}`],
    ['Hex', hex],
    [t('threadCones.color.index'), String(color.index)],
    [t('threadCones.color.scanCode'), scanCode ?? t('threadCones.color.noScanCode')],
    [t('threadCones.color.series'), series],
    [t('threadCones.color.weight'), weight === undefined ? '…' : String(weight)],
  ]
  return (
    <article
      aria-label={t('threadCones.color.label', { number: color.number })}
      className="space-y-3 rounded border border-gray-300 p-3 dark:border-gray-700"
    >
      <div className="flex gap-4 max-sm:flex-col">
        <div
          role="img"
          aria-label={t('threadCones.color.swatch', { hex })}
          className="h-40 w-40 shrink-0 rounded border border-gray-400 max-sm:h-20 max-sm:w-full"
          style={{ backgroundColor: hex }}
        />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 tabular-nums">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-gray-700 dark:text-gray-300">{term}</dt>
              <dd className="[overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      {typed !== color.number && (
        <p className="text-sm">{t('threadCones.color.typedOtherCase', { typed, number: color.number })}</p>
      )}
      {sameNumber > 1 && (
        <p className="text-sm">
          {t('threadCones.color.sameNumber', {
            count: sameNumber,
            number: color.number,
            index: String(color.index),
          })}
        </p>
      )}
      <div className="space-y-1">
        <button type="button" className={CONTROL} onClick={copy} disabled={!entry}>
          {t('threadCones.color.copy')}
        </button>
        <span role="status" className="ml-2 text-sm">
          {copied === 'yes'
            ? t('threadCones.color.copied')
            : copied === 'failed'
              ? t('threadCones.color.copyRefused')
              : ''}
        </span>
        {entry && (
          <pre className="rounded bg-gray-100 p-2 text-sm break-all whitespace-pre-wrap dark:bg-gray-800">
            {entry}
          </pre>
        )}
      </div>
    </article>
  )
}
