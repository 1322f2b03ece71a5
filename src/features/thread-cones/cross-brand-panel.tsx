import { Link } from 'react-router'
import { useT } from '../../components/i18n'
import { Skeleton } from '../../components/skeleton'
import { type ConeColor, colorNameText, deltaEInWords, hexOf } from '../../lib/thread-cone'
import { type Lookup, lookupSearch } from './recent-lookups'
import { useNearestColors, useOtherSeriesColors } from './use-cross-brand'

/** The nearest colours' list: 8 colours of two 1.5 rem lines, 0.25 rem apart. */
const MATCHES_HEIGHT = 'calc(8 * 3rem + 7 * 0.25rem)'

/** The nearest colours of every other series, from the whole catalogue (the lists are cached an hour). */
export function CrossBrandPanel({ color, lookup }: { color: ConeColor; lookup: Lookup }) {
  const { t, number } = useT()
  const { loading, unreadable, candidates } = useOtherSeriesColors(lookup.series)
  const matches = useNearestColors(color, candidates, loading)
  return (
    <section
      aria-labelledby="matches-heading"
      className="space-y-2 rounded border border-gray-300 p-3 dark:border-gray-700"
    >
      <h2 id="matches-heading" className="text-lg font-semibold">
        {t('threadCones.nearest.title')}
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('threadCones.nearest.about')}</p>
      {loading || matches === null ? (
        <Skeleton lines={8} label={t('threadCones.nearest.loading')} reserve={MATCHES_HEIGHT} />
      ) : (
        <ol className="space-y-1">
          {matches.map((m) => (
            <li key={`${m.series}|${m.color.index}|${m.color.number}`} className="flex items-start gap-2">
              <span
                aria-hidden="true"
                className="inline-block h-6 w-10 shrink-0 rounded-sm border border-gray-400"
                style={{ backgroundColor: hexOf(m.color) }}
              />
              {/* two lines a colour at every width: the list is as tall as its placeholder */}
              <span className="flex min-w-0 flex-col">
                <Link
                  className="underline"
                  to={{
                    search: `?${lookupSearch({ manufacturer: m.manufacturer, series: m.series, number: m.color.number })}`,
                  }}
                >
                  {m.manufacturer} · {m.series} · {m.color.number}
                  {colorNameText(m.color) ? ` (${colorNameText(m.color)})` : ''}
                </Link>
                <span className="tabular-nums">
                  ΔE00 {number(m.deltaE, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}:{' '}
                  {deltaEInWords(m.deltaE, t)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
      {unreadable.length > 0 && (
        <p className="text-sm">
          {t('threadCones.nearest.unreadable', { series: unreadable.map((s) => s.series).join(', ') })}
        </p>
      )}
    </section>
  )
}
