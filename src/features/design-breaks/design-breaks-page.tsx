import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { appConfigQueryOptions } from '../../api/app-config'
import { useDesignsById } from '../../api/designs'
import type { ReportParams } from '../../api/report-params'
import { designThreadbreaksQueryOptions, threadbreakEventsQueryOptions } from '../../api/reports'
import { type DataColumn, DataTable } from '../../components/data-table'
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

const STRETCH_COLUMNS: readonly DataColumn[] = [
  { key: 'Stitches', className: 'pr-3' },
  { key: 'Breaks', className: 'px-2 text-right' },
  { key: 'Expected by share', className: 'px-2 text-right' },
  { key: 'Flagged', className: 'px-2' },
]

/** /design-breaks?design=…: where along one design's stitch sequence threads break (the portal's
 * threadbreaks-by-design report), with the stretches that break far more than their share flagged. */
export function DesignBreaksPage() {
  const [search, setSearch] = useSearchParams()
  const scope = useReportScope()
  const config = useQuery(appConfigQueryOptions())
  const designs = useDesignsById()
  const designId = search.get('design')
  const design = designId ? designs.data?.get(designId) : undefined
  const choose = (value: string | null) => setSearch((current) => withParam(current, 'design', value))
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
              <DataTable
                className="mt-2 border-collapse text-left tabular-nums"
                caption={`Thread breaks per stretch of ${name}`}
                headRowClassName="border-b border-gray-400"
                columns={STRETCH_COLUMNS}
              >
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
              </DataTable>
            </details>
            <DataAge updatedAt={query.dataUpdatedAt} />
            <SpeedAtBreaks design={design} scope={scope} />
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

/** The break log is large (one row per break): it is read for at most two days, or for chosen machines. */
const LOG_DAYS = 2

/** From the break log: the speed at each break of this design against its stitch position, so "it breaks
 * when it runs fast" can be seen. */
function SpeedAtBreaks({ design, scope }: { design: Design & { stitches: number }; scope: ReportParams }) {
  const headingId = useId()
  const chosen = Array.isArray(scope.machineIds) && scope.machineIds.length > 0
  const days = (scope.till - scope.from) / 86_400
  const allowed = chosen || days <= LOG_DAYS
  const log = useQuery({ ...threadbreakEventsQueryOptions(scope), enabled: allowed })
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-xl font-semibold">
        Speed at each break
      </h2>
      {!allowed ? (
        <p>
          The speed at each break comes from the break log, one row per break: choose a range of at most{' '}
          {LOG_DAYS} days, or some machines.
        </p>
      ) : (
        <QueryState query={log} empty={<p>No breaks in the log for this range.</p>}>
          {({ records }) => {
            const points = records.flatMap((e) =>
              e.designId === design.id && e.rpm !== null && e.rpm > 0 && e.stitch !== null
                ? [{ stitch: e.stitch, rpm: e.rpm }]
                : [],
            )
            if (points.length === 0) return <p>The log has no break of this design with its speed.</p>
            const speeds = points.map((p) => p.rpm).sort((a, b) => a - b)
            const quantile = (q: number) =>
              speeds[Math.min(speeds.length - 1, Math.floor(q * speeds.length))] ?? 0
            return (
              <>
                <p>
                  {points.length.toLocaleString()} {points.length === 1 ? 'break' : 'breaks'} with the speed
                  at the moment: median {quantile(0.5).toLocaleString()} rpm, half of them between{' '}
                  {quantile(0.25).toLocaleString()} and {quantile(0.75).toLocaleString()} rpm.
                </p>
                <SpeedChart
                  points={points}
                  designStitches={design.stitches}
                  name={design.name ?? design.id}
                />
              </>
            )
          }}
        </QueryState>
      )}
    </section>
  )
}

function SpeedChart({
  points,
  designStitches,
  name,
}: {
  points: ReadonlyArray<{ stitch: number; rpm: number }>
  designStitches: number
  name: string
}) {
  const width = 800
  const height = 160
  const max = Math.max(1, ...points.map((p) => p.rpm))
  // the speeds' own span, from a round number below the slowest, so differences show
  const min = Math.floor((Math.min(...points.map((p) => p.rpm)) * 0.9) / 50) * 50
  const pad = 8
  const y = (rpm: number) => pad + (height - 2 * pad) * (1 - (rpm - min) / Math.max(1, max - min))
  const shown = points.slice(0, 5000)
  return (
    <figure>
      <svg
        role="img"
        aria-label={`Speed at each of ${points.length} breaks along ${name}, between ${min} and ${max} rpm`}
        viewBox={`0 0 ${width} ${height + 20}`}
        className="h-48 w-full max-w-4xl"
      >
        {shown.map((p, i) => (
          <circle
            // biome-ignore lint/suspicious/noArrayIndexKey: points have no identity of their own
            key={i}
            cx={(Math.min(p.stitch, designStitches) / designStitches) * width}
            cy={y(p.rpm)}
            r="2.5"
            className="fill-status-threadbreak opacity-70"
          />
        ))}
        <line x1="0" y1={height} x2={width} y2={height} className="stroke-gray-500" />
        <text x="0" y={height + 16} fontSize="12" className="fill-current">
          stitch 1
        </text>
        <text x={width} y={height + 16} fontSize="12" textAnchor="end" className="fill-current">
          {designStitches.toLocaleString()}
        </text>
        <text x="4" y={y(max) + 4} fontSize="12" className="fill-current">
          {max.toLocaleString()} rpm
        </text>
        <text x="4" y={y(min)} fontSize="12" className="fill-current">
          {min.toLocaleString()} rpm
        </text>
      </svg>
      <figcaption className="text-sm text-gray-700 dark:text-gray-300">
        Each dot a break: where in the design (left to right) and how fast the machine ran (bottom to top).
        {points.length > shown.length && ` The first ${shown.length.toLocaleString()} are drawn.`}
      </figcaption>
    </figure>
  )
}
