import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { useAppConfig } from '../../api/core/app-config'
import { useDesignsById } from '../../api/machines/designs'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import {
  designThreadbreaksQueryOptions,
  threadbreakEventsQueryOptions,
} from '../../api/vendor-reports/reports'
import { type DataColumn, DataTable } from '../../components/data-table'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { DesignPicker } from '../../components/filters/design-picker'
import { FilterBar } from '../../components/filters/filter-bar'
import { useReportScope } from '../../components/filters/use-filters'
import { useT } from '../../components/i18n'
import { DataAge, QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { Skeleton } from '../../components/skeleton'
import { designStretches, designStretchRule, type Stretch, stretchInWords } from '../../lib/design-stretches'
import type { Design } from '../../lib/domain'
import { formatFactoryRange } from '../../lib/factory-time'
import { filterSearch, withParam } from '../../lib/filters'
import type { Translator } from '../../lib/i18n/translator'

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const

const stretchColumns = (t: Translator['t']): DataColumn[] => [
  { key: 'stitches', label: t('designBreaks.table.stitches'), className: 'pr-3' },
  { key: 'breaks', label: t('designBreaks.table.breaks'), className: 'px-2 text-right' },
  { key: 'expected', label: t('designBreaks.table.expected'), className: 'px-2 text-right' },
  { key: 'flagged', label: t('designBreaks.table.flagged'), className: 'px-2' },
]

/** /design-breaks?design=…: where along one design's stitch sequence threads break (the portal's
 * threadbreaks-by-design report), with the stretches that break far more than their share flagged. */
export function DesignBreaksPage() {
  const { t } = useT()
  const [search, setSearch] = useSearchParams()
  const scope = useReportScope()
  const config = useAppConfig()
  const designs = useDesignsById()
  const designId = search.get('design')
  const design = designId ? designs.data?.get(designId) : undefined
  const choose = (value: string | null) => setSearch((current) => withParam(current, 'design', value))
  return (
    <section className="space-y-4 p-4" aria-labelledby="design-breaks-heading">
      <h1 id="design-breaks-heading" className="text-2xl font-semibold">
        {t('designBreaks.page.title')}
      </h1>
      <p className="max-w-3xl text-gray-700 dark:text-gray-300">{t('designBreaks.page.intro')}</p>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <FilterBar show={['range', 'location', 'machines']} />
        <DesignPicker value={designId} required onChange={choose} />
      </div>
      {!designId ? (
        <p>{t('designBreaks.page.choose')}</p>
      ) : designs.isPending || scope.status === 'loading' || !config.data ? (
        <Skeleton />
      ) : scope.status === 'error' ? (
        <p role="alert">{scope.error}</p>
      ) : !design || design.stitches === null ? (
        <p role="alert">{t('designBreaks.page.unknownDesign', { design: designId })}</p>
      ) : (
        <WidgetErrorBoundary name={t('designBreaks.page.widget')}>
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
  const { t, number } = useT()
  const ruleId = useId()
  const location = useLocation()
  const name = design.name ?? design.id
  return (
    <QueryState
      query={query}
      isEmpty={(data) => data.byStitch.length === 0}
      empty={<p>{t('designBreaks.breaks.none', { name, range: rangeText })}</p>}
    >
      {(data) => {
        const stretches = designStretches(design.stitches, data.byStitch)
        const total = stretches.reduce((sum, s) => sum + s.count, 0)
        const flagged = stretches.filter((s) => s.flagged)
        return (
          <div className="space-y-3">
            <p>
              {t('designBreaks.breaks.summary', {
                count: total,
                passes: data.passes,
                name,
                stitches: design.stitches,
                range: rangeText,
              })}
            </p>
            <aside
              aria-labelledby={ruleId}
              className="rounded border border-gray-300 p-3 dark:border-gray-700"
            >
              <h2 id={ruleId} className="font-semibold">
                {t('designBreaks.look.heading')}
              </h2>
              {flagged.length === 0 ? (
                <p>{t('designBreaks.look.nothing')}</p>
              ) : (
                <ul className="list-disc pl-5">
                  {flagged.map((s) => (
                    <li key={s.from}>{t('designBreaks.look.stretch', { stretch: stretchInWords(s, t) })}</li>
                  ))}
                </ul>
              )}
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{designStretchRule(t)}</p>
            </aside>
            <StretchChart stretches={stretches} name={name} />
            <details>
              <summary className="cursor-pointer">{t('designBreaks.table.show')}</summary>
              {/* German headings are wider than a phone: the table scrolls in its box, not the page */}
              <ScrollArea label={t('app.table.label')}>
                <DataTable
                  className="mt-2 border-collapse text-left tabular-nums"
                  caption={t('designBreaks.table.caption', { name })}
                  headRowClassName="border-b border-gray-400"
                  columns={stretchColumns(t)}
                >
                  {stretches.map((s) => (
                    <tr key={s.from} className="border-b border-gray-200 dark:border-gray-800">
                      <th scope="row" className="pr-3 font-normal">
                        {number(s.from)}–{number(s.to)}
                      </th>
                      <td className="px-2 text-right">{number(s.count)}</td>
                      <td className="px-2 text-right">{number(s.expected, ONE_DECIMAL)}</td>
                      <td className="px-2">{s.flagged ? t('designBreaks.table.yes') : ''}</td>
                    </tr>
                  ))}
                </DataTable>
              </ScrollArea>
            </details>
            <DataAge updatedAt={query.dataUpdatedAt} />
            <SpeedAtBreaks design={design} scope={scope} />
            <div className="text-sm">
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
                {t('designBreaks.page.reportRows')}
              </Link>
            </div>
          </div>
        )
      }}
    </QueryState>
  )
}

/** Bars along the design, flagged stretches in colour and marked with "!", so colour is not the only
 * signal; the table above says the same in numbers. */
function StretchChart({ stretches, name }: { stretches: readonly Stretch[]; name: string }) {
  const { t, number } = useT()
  const max = Math.max(1, ...stretches.map((s) => s.count))
  const width = 800
  const height = 160
  const bar = width / Math.max(1, stretches.length)
  const flagged = stretches.filter((s) => s.flagged)
  return (
    <figure>
      <svg
        role="img"
        aria-label={
          flagged.length
            ? t('designBreaks.chart.labelFlagged', {
                name,
                count: stretches.length,
                flagged: flagged.map((s) => stretchInWords(s, t)).join('; '),
              })
            : t('designBreaks.chart.labelNone', { name, count: stretches.length })
        }
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
          {t('designBreaks.chart.firstStitch')}
        </text>
        <text x={width} y={height + 16} fontSize="12" textAnchor="end" className="fill-current">
          {number(stretches.at(-1)?.to ?? 0)}
        </text>
      </svg>
      <figcaption className="text-sm text-gray-700 dark:text-gray-300">
        {t('designBreaks.chart.caption')}
      </figcaption>
    </figure>
  )
}

/** The break log is large (one row per break): it is read for at most two days, or for chosen machines. */
const LOG_DAYS = 2

/** From the break log: the speed at each break of this design against its stitch position, so "it breaks
 * when it runs fast" can be seen. */
function SpeedAtBreaks({ design, scope }: { design: Design & { stitches: number }; scope: ReportParams }) {
  const { t } = useT()
  const headingId = useId()
  const chosen = Array.isArray(scope.machineIds) && scope.machineIds.length > 0
  const days = (scope.till - scope.from) / 86_400
  const allowed = chosen || days <= LOG_DAYS
  const log = useQuery({ ...threadbreakEventsQueryOptions(scope), enabled: allowed })
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('designBreaks.speed.heading')}
      </h2>
      {!allowed ? (
        <p>{t('designBreaks.speed.tooLong', { days: LOG_DAYS })}</p>
      ) : (
        <QueryState query={log} empty={<p>{t('designBreaks.speed.none')}</p>}>
          {({ records }) => {
            const points = records.flatMap((e) =>
              e.designId === design.id && e.rpm !== null && e.rpm > 0 && e.stitch !== null
                ? [{ stitch: e.stitch, rpm: e.rpm }]
                : [],
            )
            if (points.length === 0) return <p>{t('designBreaks.speed.noneOfDesign')}</p>
            const speeds = points.map((p) => p.rpm).sort((a, b) => a - b)
            const quantile = (q: number) =>
              speeds[Math.min(speeds.length - 1, Math.floor(q * speeds.length))] ?? 0
            return (
              <>
                <p>
                  {t('designBreaks.speed.summary', {
                    count: points.length,
                    median: quantile(0.5),
                    low: quantile(0.25),
                    high: quantile(0.75),
                  })}
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
  const { t, number } = useT()
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
        aria-label={t('designBreaks.speed.chartLabel', {
          count: points.length,
          name,
          min: number(min, { useGrouping: false }),
          max: number(max, { useGrouping: false }),
        })}
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
          {t('designBreaks.chart.firstStitch')}
        </text>
        <text x={width} y={height + 16} fontSize="12" textAnchor="end" className="fill-current">
          {number(designStitches)}
        </text>
        <text x="4" y={y(max) + 4} fontSize="12" className="fill-current">
          {t('designBreaks.speed.rpm', { rpm: max })}
        </text>
        <text x="4" y={y(min)} fontSize="12" className="fill-current">
          {t('designBreaks.speed.rpm', { rpm: min })}
        </text>
      </svg>
      <figcaption className="text-sm text-gray-700 dark:text-gray-300">
        {t('designBreaks.speed.caption')}
        {points.length > shown.length && ` ${t('designBreaks.speed.firstDrawn', { count: shown.length })}`}
      </figcaption>
    </figure>
  )
}
