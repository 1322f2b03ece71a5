import { Link } from 'react-router'
import { Skeleton } from '../../components/skeleton'
import { type ConeColor, colorNameText, deltaEInWords, hexOf } from '../../lib/thread-cone'
import { type Lookup, lookupSearch } from './recent-lookups'
import { useNearestColors, useOtherSeriesColors } from './use-cross-brand'

/** The nearest colours' list: 8 colours of two 1.5 rem lines, 0.25 rem apart. */
const MATCHES_HEIGHT = 'calc(8 * 3rem + 7 * 0.25rem)'

/** The nearest colours of every other series, from the whole catalogue (the lists are cached an hour). */
export function CrossBrandPanel({ color, lookup }: { color: ConeColor; lookup: Lookup }) {
  const { loading, unreadable, candidates } = useOtherSeriesColors(lookup.series)
  const matches = useNearestColors(color, candidates, loading)
  return (
    <section
      aria-labelledby="matches-heading"
      className="space-y-2 rounded border border-gray-300 p-3 dark:border-gray-700"
    >
      <h2 id="matches-heading" className="text-lg font-semibold">
        Nearest in other series
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        By CIEDE2000 colour difference (ΔE00) of the stored RGB values: up to 1 is not perceptible, up to 2
        close (seen only side by side), up to 3.5 noticeable, above 5 a different colour. Screens and RGB
        values are approximations of dyed thread: check a real cone before a customer job.
      </p>
      {loading || matches === null ? (
        <Skeleton lines={8} label="Comparing with the other series" reserve={MATCHES_HEIGHT} />
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
                  ΔE00 {m.deltaE.toFixed(1)}: {deltaEInWords(m.deltaE)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
      {unreadable.length > 0 && (
        <p className="text-sm">
          Not searched, the service could not read: {unreadable.map((s) => s.series).join(', ')}.
        </p>
      )}
    </section>
  )
}
