import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { appConfigQueryOptions } from '../../api/app-config'
import { useDesignsById } from '../../api/designs'
import type { ReportParams } from '../../api/report-params'
import { designThreadbreaksQueryOptions } from '../../api/reports'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { DesignPicker } from '../../components/filters/design-picker'
import { FilterBar } from '../../components/filters/filter-bar'
import { useReportScope } from '../../components/filters/use-filters'
import { DataAge, QueryState } from '../../components/query-state'
import { Skeleton } from '../../components/skeleton'
import {
  DESIGN_STRETCH_RULE,
  designStretches,
  type Stretch,
  stretchInWords,
} from '../../lib/design-stretches'
import type { Design } from '../../lib/domain'
import { formatFactoryRange } from '../../lib/factory-time'
import { filterSearch, withParam } from '../../lib/filters'

/** /design-breaks?design=…: where along one design's stitch sequence threads break (the portal's
 * threadbreaks-by-design report), with the stretches that break far more than their share flagged. */
export function DesignBreaksPage() {
  const [search, setSearch] = useSearchParams()
  const scope = useReportScope()
  const config = useQuery(appConfigQueryOptions())
  const designs = useDesignsById()
  const designId = search.get('design')
  const design = designId ? designs.data?.get(designId) : undefined
  const choose = (value: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      if (value) next.set('design', value)
      else next.delete('design')
      return next
    })
  return (
    <section className="space-y-4 p-4" aria-labelledby="design-breaks-heading">
      <h1 id="design-breaks-heading" className="text-2xl font-semibold">
        Where in the design threads break
      </h1>
      <p className="max-w-3xl text-gray-700 dark:text-gray-300">
        Thread breaks along one design’s stitches, over every machine that sewed it in the range. A stretch
        that breaks far more often than its share of the stitches points at the digitizing there (density,
        short stitches, a hard turn), not at one machine.
      </p>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <FilterBar show={['range', 'location', 'machines']} />
        <DesignPicker value={designId} required onChange={choose} />
      </div>
      {!designId ? (
        <p>Choose a design to see where along it threads break.</p>
      ) : designs.isPending || scope.status === 'loading' || !config.data ? (
        <Skeleton />
      ) : scope.status === 'error' ? (
        <p role="alert">{scope.error}</p>
      ) : !design || design.stitches === null ? (
        <p role="alert">The design catalogue has no design “{designId}” with a stitch count.</p>
      ) : (
        <WidgetErrorBoundary name="The breaks along the design">
          <Breaks
            design={design as Design & { stitches: number }}
            scope={scope.params}
            rangeText={formatFactoryRange(scope.range.from, scope.range.till, config.data.timeZone)}
          />
        </WidgetErrorBoundary>
      )}
    </section>
  )
}

function Breaks({
  design,
  scope,
  rangeText,
}: {
  design: Design & { stitches: number }
  scope: ReportParams
  rangeText: string
}) {
  const query = useQuery(
    designThreadbreaksQueryOptions({ ...scope, designId: design.id, designStitches: design.stitches }),
  )
  const ruleId = useId()
  const location = useLocation()
  const name = design.name ?? design.id
  return (
    <QueryState
      query={query}
      isEmpty={(data) => data.byStitch.length === 0}
      empty={
        <p>
          No thread breaks on {name} in {rangeText}.
        </p>
      }
    >
      {(data) => {
        const stretches = designStretches(design.stitches, data.byStitch)
        const total = stretches.reduce((sum, s) => sum + s.count, 0)
        const flagged = stretches.filter((s) => s.flagged)
        return (
          <div className="space-y-3">
            <p>
              {total.toLocaleString()} thread breaks over {data.passes.toLocaleString()}{' '}
              {data.passes === 1 ? 'pass' : 'passes'} of {name} ({design.stitches.toLocaleString()} stitches),{' '}
              {rangeText}.
            </p>
            <aside
              aria-labelledby={ruleId}
              className="rounded border border-gray-300 p-3 dark:border-gray-700"
            >
              <h2 id={ruleId} className="font-semibold">
                Where to look
              </h2>
              {flagged.length === 0 ? (
                <p>Nothing stands out: the breaks are spread along the design as evenly as chance allows.</p>
              ) : (
                <ul className="list-disc pl-5">
                  {flagged.map((s) => (
                    <li key={s.from}>{stretchInWords(s)}: look at the digitizing there</li>
                  ))}
                </ul>
              )}
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{DESIGN_STRETCH_RULE}</p>
            </aside>
            <StretchChart stretches={stretches} name={name} />
            <details>
              <summary className="cursor-pointer">As a table</summary>
              <table className="mt-2 border-collapse text-left tabular-nums">
                <caption className="sr-only">Thread breaks per stretch of {name}</caption>
                <thead>
                  <tr className="border-b border-gray-400">
                    <th scope="col" className="pr-3">
                      Stitches
                    </th>
                    <th scope="col" className="px-2 text-right">
                      Breaks
                    </th>
                    <th scope="col" className="px-2 text-right">
                      Expected by share
                    </th>
                    <th scope="col" className="px-2">
                      Flagged
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {stretches.map((s) => (
                    <tr key={s.from} className="border-b border-gray-200 dark:border-gray-800">
                      <th scope="row" className="pr-3 font-normal">
                        {s.from.toLocaleString()}–{s.to.toLocaleString()}
                      </th>
                      <td className="px-2 text-right">{s.count}</td>
                      <td className="px-2 text-right">{s.expected.toFixed(1)}</td>
                      <td className="px-2">{s.flagged ? 'yes' : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
            <DataAge updatedAt={query.dataUpdatedAt} />
            <p className="text-sm">
              <Link
                className="underline"
                to={{
                  pathname: '/reports/threadbreaks-by-design',
                  search: withParam(
                    new URLSearchParams(filterSearch(new URLSearchParams(location.search))),
                    'design',
                    design.id,
                  ).toString(),
                }}
              >
                The report’s rows, stitch by stitch
              </Link>
            </p>
          </div>
        )
      }}
    </QueryState>
  )
}

/** Bars along the design, flagged stretches in colour and marked with "!", so colour is not the only
 * signal; the table above says the same in numbers. */
function StretchChart({ stretches, name }: { stretches: readonly Stretch[]; name: string }) {
  const max = Math.max(1, ...stretches.map((s) => s.count))
  const width = 800
  const height = 160
  const bar = width / Math.max(1, stretches.length)
  const flagged = stretches.filter((s) => s.flagged)
  return (
    <figure>
      <svg
        role="img"
        aria-label={`Thread breaks along ${name}, in ${stretches.length} stretches${
          flagged.length ? `; flagged: ${flagged.map(stretchInWords).join('; ')}` : '; none flagged'
        }`}
        viewBox={`0 0 ${width} ${height + 20}`}
        className="h-48 w-full max-w-4xl"
        preserveAspectRatio="none"
      >
        {stretches.map((s, i) => {
          const h = (s.count / max) * height
          return (
            <g key={s.from}>
              <rect
                x={i * bar + 1}
                y={height - h}
                width={Math.max(1, bar - 2)}
                height={h}
                className={s.flagged ? 'fill-status-threadbreak' : 'fill-gray-400 dark:fill-gray-600'}
              />
              {s.flagged && (
                <text
                  x={i * bar + bar / 2}
                  y={Math.max(12, height - h - 4)}
                  textAnchor="middle"
                  fontSize="14"
                >
                  !
                </text>
              )}
            </g>
          )
        })}
        <line x1="0" y1={height} x2={width} y2={height} className="stroke-gray-500" />
        <text x="0" y={height + 16} fontSize="12" className="fill-current">
          stitch 1
        </text>
        <text x={width} y={height + 16} fontSize="12" textAnchor="end" className="fill-current">
          {(stretches.at(-1)?.to ?? 0).toLocaleString()}
        </text>
      </svg>
      <figcaption className="text-sm text-gray-700 dark:text-gray-300">
        Breaks per stretch of stitches, from the first stitch (left) to the last (right).
      </figcaption>
    </figure>
  )
}
