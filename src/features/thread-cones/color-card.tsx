import { useState } from 'react'
import { needleEntry } from '../../api/thread-cones'
import { CONTROL } from '../../components/form-styles'
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
    ['Colour number', color.number],
    ['Name', name ?? 'no name'],
    ['RGB', `${color.r}, ${color.g}, ${color.b}`],
    ['Hex', hex],
    ['Index', String(color.index)],
    ['ScanCode', scanCode ?? 'none in this series'],
    ['Series', series],
    ['Weight', weight === undefined ? '…' : String(weight)],
  ]
  return (
    <article
      aria-label={`Colour ${color.number}`}
      className="space-y-3 rounded border border-gray-300 p-3 dark:border-gray-700"
    >
      <div className="flex gap-4 max-sm:flex-col">
        <div
          role="img"
          aria-label={`Swatch ${hex}`}
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
        <p className="text-sm">
          You typed “{typed}”; the series stores it as “{color.number}” (the service matches letter case
          either way).
        </p>
      )}
      {sameNumber > 1 && (
        <p className="text-sm">
          This series has {sameNumber} colours numbered “{color.number}”; the service always answers with the
          first of them (Index {String(color.index)}). The others can only be told apart in the list below.
        </p>
      )}
      <div className="space-y-1">
        <button type="button" className={CONTROL} onClick={copy} disabled={!entry}>
          Copy as needle entry
        </button>
        <span role="status" className="ml-2 text-sm">
          {copied === 'yes'
            ? 'Copied.'
            : copied === 'failed'
              ? 'The browser did not allow copying: select the text below.'
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
