import { useQueries, useQuery } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { describeError } from '../../api/errors'
import {
  needleEntry,
  threadConeListQueryOptions,
  threadConeManufacturersQueryOptions,
  threadConeSeriesQueryOptions,
  useThreadCone,
  useThreadConeList,
  useThreadConeManufacturers,
  useThreadConeSeries,
} from '../../api/thread-cones'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { CONTROL } from '../../components/form-styles'
import { Skeleton } from '../../components/skeleton'
import { WhenNear } from '../../components/when-near'
import {
  type ConeColor,
  type ConeSeries,
  classifyFailure,
  closeMatches,
  colorNameText,
  deltaEInWords,
  hexOf,
  scanCodeText,
  typingHints,
} from '../../lib/thread-cone'
import { CatalogueGrid } from './catalogue-grid'
import type { Candidate, Match } from './cross-brand'
import { type Lookup, lookupSearch, recentLookups, rememberLookup } from './recent-lookups'

/** The look-up in the URL (shareable): m = manufacturer, s = series id, c = colour number as typed. */
function useLookupParams() {
  const [search, setSearch] = useSearchParams()
  const manufacturer = search.get('m')
  const series = manufacturer ? search.get('s') : null
  const number = series ? search.get('c') : null
  const set = (patch: { m?: string | null; s?: string | null; c?: string | null }) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === undefined || value === '') next.delete(key)
        else next.set(key, value)
      }
      return next
    })
  return { manufacturer, series, number, set }
}

/** Thread-cone colours (reference 4.8): manufacturer → series → colour, the answer of GetThreadCone,
 * the whole series as swatches, and the nearest colours of other series by ΔE00. */
export function ThreadConesPage() {
  const lookup = useLookupParams()
  return (
    <section className="space-y-4 p-4" aria-labelledby="cones-heading">
      <h1 id="cones-heading" className="text-2xl font-semibold">
        Thread cones: colour look-up
      </h1>
      <WidgetErrorBoundary name="The look-up">
        <LookupForm lookup={lookup} />
      </WidgetErrorBoundary>
      {lookup.manufacturer && lookup.series && lookup.number !== null && (
        <WidgetErrorBoundary name="The colour">
          <ColorAnswer
            lookup={{ manufacturer: lookup.manufacturer, series: lookup.series, number: lookup.number }}
            choose={(c) => lookup.set({ c })}
          />
        </WidgetErrorBoundary>
      )}
      {lookup.series && (
        <WidgetErrorBoundary name="The catalogue">
          {/* a series' hundreds of swatches are drawn when the catalogue comes near the screen (on a phone
              it starts two screens down) */}
          <WhenNear minHeight="40rem">
            <Catalogue series={lookup.series} selected={lookup.number} choose={(c) => lookup.set({ c })} />
          </WhenNear>
        </WidgetErrorBoundary>
      )}
      <RecentLookups />
    </section>
  )
}

function LookupForm({ lookup }: { lookup: ReturnType<typeof useLookupParams> }) {
  const manufacturers = useThreadConeManufacturers()
  const series = useThreadConeSeries(lookup.manufacturer)
  const [typed, setTyped] = useState(lookup.number ?? '')
  useEffect(() => setTyped(lookup.number ?? ''), [lookup.number])
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // exactly as typed: the service trims and pads nothing (4.8 rule 3), and neither do we
    if (typed !== '') lookup.set({ c: typed })
  }
  return (
    <form className="flex flex-wrap items-end gap-3" aria-label="Look up a colour" onSubmit={submit}>
      <div className="flex flex-col">
        <label htmlFor={`${id}-m`} className="text-sm">
          Manufacturer
        </label>
        <select
          id={`${id}-m`}
          // as wide before the names arrive as after (the fields beside it would move)
          className={`${CONTROL} min-w-40`}
          value={lookup.manufacturer ?? ''}
          onChange={(e) => lookup.set({ m: e.target.value, s: null, c: null })}
        >
          <option value="">{manufacturers.isPending ? 'Loading…' : 'Choose…'}</option>
          {manufacturers.data?.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${id}-s`} className="text-sm">
          Series
        </label>
        <select
          id={`${id}-s`}
          className={`${CONTROL} min-w-40`}
          value={lookup.series ?? ''}
          disabled={!lookup.manufacturer}
          onChange={(e) => lookup.set({ s: e.target.value, c: null })}
        >
          <option value="">{lookup.manufacturer && series.isPending ? 'Loading…' : 'Choose…'}</option>
          {series.data?.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${id}-c`} className="text-sm">
          Colour number
        </label>
        <input
          id={`${id}-c`}
          className={CONTROL}
          value={typed}
          disabled={!lookup.series}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <button type="submit" className={CONTROL} disabled={!lookup.series || typed === ''}>
        Look up
      </button>
      {manufacturers.isError && (
        <p role="alert" className="basis-full">
          The manufacturers could not be loaded: {failureWords(manufacturers.error)}
        </p>
      )}
      {series.isError && (
        <p role="alert" className="basis-full">
          The series of {lookup.manufacturer} could not be loaded: {failureWords(series.error)}
        </p>
      )}
    </form>
  )
}

/** Reference 7 in plain words, always with the service's own message. */
function failureWords(error: unknown): string {
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

function ColorAnswer({ lookup, choose }: { lookup: Lookup; choose: (number: string) => void }) {
  const answer = useThreadCone(lookup.series, lookup.number)
  const list = useThreadConeList(lookup.series)
  useEffect(() => {
    if (answer.data) rememberLookup(lookup)
  }, [answer.data, lookup])
  // the answer's height is kept while it loads, so the catalogue below does not jump: the card and the
  // nearest colours stacked on a phone (85 rem at 390 px), side by side from lg (36 rem)
  if (answer.isPending)
    return <Skeleton lines={12} className="min-h-[80rem] sm:min-h-[60rem] lg:min-h-[36rem]" />
  if (answer.isError) {
    return <LookupFailed lookup={lookup} error={answer.error} list={list.data} choose={choose} />
  }
  return (
    // side by side, the row keeps the placeholder's height while the nearest colours load
    <div className="grid gap-4 lg:min-h-[36rem] lg:grid-cols-2">
      <ColorCard
        color={answer.data}
        typed={lookup.number}
        series={lookup.series}
        weight={list.data?.weight}
        sameNumber={
          list.data?.colors.filter((c) => c.number.toLowerCase() === lookup.number.toLowerCase()).length ?? 0
        }
      />
      {/* beside the card at a desk; below it on a phone, where comparing with every other series (a list
          from the service each, then ΔE00 against hundreds of colours) waits until it is scrolled to */}
      <WhenNear minHeight="25rem" margin="0px">
        <CrossBrand color={answer.data} lookup={lookup} />
      </WhenNear>
    </div>
  )
}

function LookupFailed({
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
  const message = describeError(error)
  const failure = classifyFailure(message)
  const hints = typingHints(lookup.number)
  const close = failure.kind === 'cone-not-found' && list ? closeMatches(lookup.number, list.colors) : []
  return (
    <div role="alert" className="space-y-2 rounded border border-red-600 p-3">
      {failure.kind === 'cone-not-found' ? (
        <>
          <p className="font-semibold">
            No colour “{lookup.number}” in series {lookup.series}.
          </p>
          <p className="text-sm">The service said: “{message}”</p>
          {hints.spaces && <p>You typed spaces around the number: the service trims nothing.</p>}
          {hints.leadingZeros && (
            <p>The number starts with zeros: the service pads nothing, so “007” does not find “7”.</p>
          )}
          {close.length > 0 && (
            <div>
              <p>Did you mean:</p>
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
          <p className="text-sm">
            Letter case does not matter; everything else must match the series exactly.
          </p>
        </>
      ) : (
        <p>
          <span aria-hidden="true">⚠ </span>
          {failure.kind === 'other'
            ? `The look-up failed: ${message}`
            : `The look-up failed: ${failureWords(error)}`}
        </p>
      )}
    </div>
  )
}

function ColorCard({
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

/** The nearest colours of every other series, from the whole catalogue (the lists are cached an hour). */
/** The nearest colours' list: 8 colours of two 1.5 rem lines, 0.25 rem apart. */
const MATCHES_HEIGHT = 'calc(8 * 3rem + 7 * 0.25rem)'

function CrossBrand({ color, lookup }: { color: ConeColor; lookup: Lookup }) {
  const manufacturers = useQuery(threadConeManufacturersQueryOptions())
  const seriesLists = useQueries({
    queries: (manufacturers.data ?? []).map((m) => threadConeSeriesQueryOptions(m)),
  })
  const allSeries = (manufacturers.data ?? []).flatMap((m, i) =>
    (seriesLists[i]?.data ?? []).map((series) => ({ manufacturer: m, series })),
  )
  const others = allSeries.filter((s) => s.series !== lookup.series)
  const lists = useQueries({ queries: others.map((s) => threadConeListQueryOptions(s.series)) })
  const [matches, setMatches] = useState<Match[] | null>(null)
  const loading =
    manufacturers.isPending || seriesLists.some((q) => q.isPending) || lists.some((q) => q.isPending)
  const unreadable = others.filter((_, i) => lists[i]?.isError)
  const candidates: Candidate[] = loading
    ? []
    : others.flatMap((s, i) =>
        (lists[i]?.data?.colors ?? []).map((c) => ({
          manufacturer: s.manufacturer,
          series: s.series,
          weight: lists[i]?.data?.weight ?? '',
          color: c,
        })),
      )
  const key = `${color.r},${color.g},${color.b}|${candidates.length}`
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when the colour or the catalogue changes (key)
  useEffect(() => {
    if (loading) return
    let live = true
    void import('./cross-brand').then(({ nearestColors }) => {
      if (live) setMatches(nearestColors(color, candidates, 8))
    })
    return () => {
      live = false
    }
  }, [key, loading])
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

function Catalogue({
  series,
  selected,
  choose,
}: {
  series: string
  selected: string | null
  choose: (number: string) => void
}) {
  const list = useThreadConeList(series)
  return (
    <section aria-labelledby="catalogue-heading" className="space-y-2">
      <h2 id="catalogue-heading" className="text-xl font-semibold">
        Series {series}
        {list.data && <span className="text-base font-normal"> · weight {String(list.data.weight)}</span>}
      </h2>
      {list.isPending ? (
        <Skeleton />
      ) : list.isError ? (
        <p role="alert" className="rounded border border-red-600 p-3">
          The colours of this series could not be listed: {failureWords(list.error)}
        </p>
      ) : (
        <CatalogueGrid colors={list.data.colors} selected={selected} onChoose={choose} />
      )}
    </section>
  )
}

function RecentLookups() {
  const [recent] = useState(recentLookups)
  if (recent.length === 0) return null
  return (
    <section aria-labelledby="recent-heading">
      <h2 id="recent-heading" className="text-lg font-semibold">
        Recent look-ups (this browser)
      </h2>
      <ul className="flex flex-wrap gap-x-4">
        {recent.map((r) => (
          <li key={lookupSearch(r)}>
            <Link className="underline" to={{ search: `?${lookupSearch(r)}` }}>
              {r.series} · {r.number}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
