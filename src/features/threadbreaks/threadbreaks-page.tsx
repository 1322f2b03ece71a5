import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { appConfigQueryOptions, useStatusCodes } from '../../api/app-config'
import { useMachineLayouts } from '../../api/machines'
import { type ReportParams, rangeBefore } from '../../api/report-params'
import {
  aggregatedThreadbreaksQueryOptions,
  threadbreaksQueryOptions,
  useMachineSummary,
} from '../../api/reports'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { FilterBar } from '../../components/filters/filter-bar'
import { useReportScope } from '../../components/filters/use-filters'
import { FoldOnPhone, settingsInSearch } from '../../components/fold-on-phone'
import { CONTROL } from '../../components/form-styles'
import { marksOf } from '../../components/heatmap/heatmap-grid'
import { HeatmapLegend } from '../../components/heatmap/heatmap-legend'
import { NotInKiosk, useKiosk } from '../../components/kiosk'
import { machinePath } from '../../components/machine-path'
import { MalformedRecords } from '../../components/malformed-records'
import { DataAge, QueryState } from '../../components/query-state'
import { Skeleton } from '../../components/skeleton'
import { breaksAt, breaksByMachine, trendInWords } from '../../lib/breaks-trend'
import type { ThreadbreakCount } from '../../lib/domain'
import { formatFactoryRange, localDateKey } from '../../lib/factory-time'
import { filterSearch } from '../../lib/filters'
import { HOT_SPOT_RULE, type HotSpot, hotSpotInWords } from '../../lib/hot-spots'
import { type ResolvedRange, resolveRange } from '../../lib/time-range'
import {
  AGGREGATED_GROUPING,
  type ThreadbreakParams,
  threadbreakParams,
  withThreadbreakParams,
} from './threadbreak-params'
import {
  HEALTHY_BREAKS_PER_HEAD_HOUR,
  type MachineBreaks,
  type MachineLayout,
  runningHoursByMachine,
  threadbreakView,
} from './threadbreak-view'

// not needed for the default view's first paint: loaded when chosen
const BarSmallMultiples = lazy(() =>
  import('./bar-small-multiples').then((m) => ({ default: m.BarSmallMultiples })),
)
// the heatmaps' drawing code is fetched as soon as this page's code runs, beside the page's data (which
// takes longer), rather than before the page can show its controls and skeleton
const smallMultiples = import('../../components/heatmap/small-multiples')
const HeatmapSmallMultiples = lazy(() => smallMultiples.then((m) => ({ default: m.HeatmapSmallMultiples })))
// the wall's own layout: only a kiosk loads it
const WallBreaks = lazy(() => import('./wall-breaks').then((m) => ({ default: m.WallBreaks })))
const RowsView = lazy(() => import('./rows-view').then((m) => ({ default: m.RowsView })))
const loadExport = () => import('./export')

/** Thread breaks by head and needle for every machine in scope: where to look first, the heatmaps on
 * one colour scale (or bars per head / needle), and the rows behind them. */
export function ThreadbreaksPage() {
  const [search, setSearch] = useSearchParams()
  const params = threadbreakParams(search)
  const set = (patch: Partial<ThreadbreakParams>) =>
    setSearch((current) => withThreadbreakParams(current, { ...threadbreakParams(current), ...patch }))
  const scope = useReportScope()
  return (
    <section className="space-y-3 p-4" aria-labelledby="threadbreaks-heading">
      <h1 id="threadbreaks-heading" className="text-2xl font-semibold">
        Thread breaks by head and needle
      </h1>
      <FoldOnPhone set={settingsInSearch(search)}>
        <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
          <FilterBar />
          <NotInKiosk>
            <ThreadbreakControls params={params} set={set} />
          </NotInKiosk>
        </div>
      </FoldOnPhone>
      <NotInKiosk>
        <p className="text-sm">
          <Link className="underline" to={{ pathname: '/design-breaks', search: filterSearch(search) }}>
            Where along a design do threads break?
          </Link>
        </p>
      </NotInKiosk>
      {scope.status === 'loading' && <Skeleton />}
      {scope.status === 'error' && (
        <p role="alert" className="rounded border border-red-600 p-3">
          {scope.error}
        </p>
      )}
      {scope.status === 'ready' && (
        <WidgetErrorBoundary name="The thread-break view">
          <Breaks scope={scope.params} range={scope.range} params={params} />
        </WidgetErrorBoundary>
      )}
    </section>
  )
}

function ThreadbreakControls({
  params,
  set,
}: {
  params: ThreadbreakParams
  set: (patch: Partial<ThreadbreakParams>) => void
}) {
  const id = useId()
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col">
        <label htmlFor={`${id}-grouping`} className="text-sm">
          Show
        </label>
        <select
          id={`${id}-grouping`}
          className={CONTROL}
          value={params.grouping}
          onChange={(e) => set({ grouping: e.target.value as ThreadbreakParams['grouping'] })}
        >
          <option value="HN">Heads × needles (heatmap)</option>
          <option value="H">Heads (bars)</option>
          <option value="N">Needles (bars)</option>
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${id}-source`} className="text-sm">
          Source
        </label>
        <select
          id={`${id}-source`}
          className={CONTROL}
          value={params.source}
          onChange={(e) => set({ source: e.target.value as ThreadbreakParams['source'] })}
        >
          <option value="report">Thread-break report</option>
          <option value="aggregated">Aggregated by machine</option>
        </select>
      </div>
      <div className="flex flex-col">
        <label htmlFor={`${id}-view`} className="text-sm">
          View
        </label>
        <select
          id={`${id}-view`}
          className={CONTROL}
          value={params.view}
          onChange={(e) => set({ view: e.target.value as ThreadbreakParams['view'] })}
        >
          <option value="chart">{params.grouping === 'HN' ? 'Heatmaps' : 'Bars'}</option>
          <option value="rows">Rows (by machine, most breaks first)</option>
        </select>
      </div>
      <label className="flex items-center gap-1 self-center">
        <input type="checkbox" checked={params.bobbin} onChange={(e) => set({ bobbin: e.target.checked })} />
        Include bobbin (needle 0)
      </label>
      <label className="flex items-center gap-1 self-center">
        <input
          type="checkbox"
          checked={params.reverse}
          onChange={(e) => set({ reverse: e.target.checked })}
        />
        Reverse head order
      </label>
    </div>
  )
}

function useBreakRows(scope: ReportParams, params: ThreadbreakParams) {
  const shared = { ...scope, includeBobbinThreadbreaks: params.bobbin }
  const fromReport = params.source === 'report'
  // both queries are declared (rules of hooks); only the chosen source is fetched
  const report = useQuery({
    ...threadbreaksQueryOptions({ ...shared, grouping: params.grouping }),
    enabled: fromReport,
    placeholderData: keepPreviousData,
  })
  const aggregated = useQuery({
    ...aggregatedThreadbreaksQueryOptions({
      ...shared,
      grouping: AGGREGATED_GROUPING[params.grouping],
      reverseHeadOrder: params.reverse,
    }),
    enabled: !fromReport,
    placeholderData: keepPreviousData,
  })
  return fromReport ? report : aggregated
}

function Breaks({
  scope,
  range,
  params,
}: {
  scope: ReportParams
  range: ResolvedRange
  params: ThreadbreakParams
}) {
  const breaks = useBreakRows(scope, params)
  // the range before, as long as this one: is it getting worse?
  const earlierScope = useMemo(() => rangeBefore(scope), [scope])
  const earlier = useBreakRows(earlierScope, params)
  // where to look first: the range chosen, else the last 7 days (a day is too short for the rule)
  const [search] = useSearchParams()
  const config = useQuery(appConfigQueryOptions())
  const chosen = search.has('range') || search.has('from')
  const spotScope = useMemo(() => {
    if (chosen || !config.data) return scope
    const week = resolveRange({ preset: '7d' }, range.till, config.data.timeZone, config.data.shifts)
    return 'error' in week || week.from >= scope.from ? scope : { ...scope, from: week.from }
  }, [chosen, config.data, scope, range.till])
  const spotRows = useBreakRows(spotScope, params)
  const spotEarlierScope = useMemo(() => rangeBefore(spotScope), [spotScope])
  const spotEarlier = useBreakRows(spotEarlierScope, params)
  const layouts = useMachineLayouts()
  // running time per machine, from the machine summary (the one report here that carries it)
  const summary = useMachineSummary(scope)
  const codes = useStatusCodes()
  const hours = useMemo(() => runningHoursByMachine(summary.data?.records, codes), [summary.data, codes])
  const inScope = useMemo(
    () =>
      (layouts.data ?? []).filter(
        (m) =>
          (!scope.locationId || m.locationId === scope.locationId) &&
          (!Array.isArray(scope.machineIds) ||
            scope.machineIds.length === 0 ||
            scope.machineIds.includes(m.machineId)),
      ),
    [layouts.data, scope.locationId, scope.machineIds],
  )
  const timeZone = config.data?.timeZone ?? 'UTC'
  const described = {
    text: formatFactoryRange(range.from, range.till, timeZone),
    stem: `${localDateKey(range.from, timeZone)}_${localDateKey(range.till, timeZone)}`,
  }
  // While the rows for new settings load, the old rows stay on screen with the settings that produced
  // them, so no sentence or grid claims what the data does not show.
  const current = { params, layouts: inScope, range: described }
  const settled = useRef(current)
  if (!breaks.isPlaceholderData && breaks.data) settled.current = current
  const shown = breaks.isPlaceholderData ? settled.current : current
  // the first view waits for the running hours too (answered or failed): each machine's note grows by two
  // lines with them, and every heatmap below would move
  const hoursKnown = useRef(false)
  if (!summary.isPending) hoursKnown.current = true
  if (layouts.isPending || !hoursKnown.current) return <Skeleton />
  return (
    <QueryState query={breaks} empty={null}>
      {({ records: rows, malformed }) => (
        <>
          <MalformedRecords records={malformed} what="thread-break row" />
          {breaks.isPlaceholderData ? (
            <p role="status" className="text-sm">
              Updating for the new settings…
            </p>
          ) : (
            <DataAge updatedAt={breaks.dataUpdatedAt} />
          )}
          <BreaksView
            rows={rows}
            layouts={shown.layouts}
            hours={hours}
            params={{ ...shown.params, view: params.view }}
            range={shown.range}
            earlier={earlier.isPlaceholderData ? undefined : earlier.data?.records}
            comparing={earlier.isPending || earlier.isPlaceholderData}
            spots={{
              rows:
                spotScope === scope ? rows : spotRows.isPlaceholderData ? undefined : spotRows.data?.records,
              earlier: spotEarlier.isPlaceholderData ? undefined : spotEarlier.data?.records,
              comparing: spotEarlier.isPending || spotEarlier.isPlaceholderData,
              range:
                spotScope === scope ? null : formatFactoryRange(spotScope.from, spotScope.till, timeZone),
            }}
          />
        </>
      )}
    </QueryState>
  )
}

/** Where the hot-spot list looks: the page's rows (range null), or a longer range's. */
interface SpotSource {
  rows: readonly ThreadbreakCount[] | undefined
  earlier: readonly ThreadbreakCount[] | undefined
  /** the range before is still loading (its words' room is kept) */
  comparing: boolean
  range: string | null
}

function BreaksView({
  rows,
  layouts,
  hours,
  params,
  range,
  earlier,
  comparing,
  spots,
}: {
  rows: ThreadbreakCount[]
  layouts: MachineLayout[]
  hours: ReadonlyMap<string, number>
  params: ThreadbreakParams
  range: { text: string; stem: string }
  /** the rows of the range before (undefined while they load) */
  earlier: readonly ThreadbreakCount[] | undefined
  /** the range before is still loading: the words it will give keep their room, so nothing moves */
  comparing: boolean
  spots: SpotSource
}) {
  const { grouping, bobbin, reverse } = params
  const kiosk = useKiosk()
  const view = useMemo(
    () => threadbreakView(rows, layouts, { grouping, bobbin, reverse }, hours),
    [rows, layouts, grouping, bobbin, reverse, hours],
  )
  const total = view.machines.reduce((sum, m) => sum + m.total, 0)
  const earlierTotals = useMemo(() => (earlier ? breaksByMachine(earlier) : null), [earlier])
  const heatmaps = useMemo(
    () =>
      view.machines.map((m) => ({
        machineId: m.machineId,
        machineName: m.machineName,
        grid: m.grid ?? { heads: [], needles: [], counts: new Map() },
        marks: marksOf(m.spots),
        note: (
          <MachineNote
            machine={m}
            before={earlierTotals ? (earlierTotals.get(m.machineId) ?? 0) : comparing ? 'comparing' : null}
          />
        ),
      })),
    [view, earlierTotals, comparing],
  )
  // the hot spots of the page's range, or of the longer range the list defaults to
  const spotView = useMemo(
    () =>
      spots.range === null || !spots.rows
        ? null
        : threadbreakView(spots.rows as ThreadbreakCount[], layouts, { grouping, bobbin, reverse }),
    [spots.range, spots.rows, layouts, grouping, bobbin, reverse],
  )
  const where = (
    <WhereToLook
      view={view}
      spots={spots.range === null ? view.spots : (spotView?.spots ?? null)}
      longer={spots.range}
      earlier={spots.range === null ? earlier : spots.earlier}
      comparing={spots.range === null ? comparing : spots.comparing}
    />
  )
  const fileStem = `threadbreaks_${params.grouping}_${range.stem}`
  if (view.machines.length === 0) return <p>No machines in this selection.</p>
  return (
    <div className="space-y-4">
      <p>
        {total.toLocaleString()} thread breaks on {view.machines.length}{' '}
        {view.machines.length === 1 ? 'machine' : 'machines'}
        {params.bobbin ? ', bobbin included' : ', bobbin not included'} ({range.text})
        {earlier &&
          `: ${trendInWords(
            total,
            earlier.reduce((sum, r) => sum + r.count, 0),
          )} in the range before, as long as this one`}
        {!earlier && comparing && <span className={COMPARING}>: comparing with the range before…</span>}.
      </p>
      <NotInKiosk>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={CONTROL}
            onClick={() => void loadExport().then((m) => m.downloadCsv(`${fileStem}.csv`, view))}
          >
            Download CSV
          </button>
          {params.grouping === 'HN' && (
            <button
              type="button"
              className={CONTROL}
              onClick={() =>
                void loadExport().then((m) => m.downloadPng(`${fileStem}.png`, view, range.text))
              }
            >
              Download PNG
            </button>
          )}
        </div>
      </NotInKiosk>
      {kiosk.on && params.grouping === 'HN' && params.view !== 'rows' ? (
        <Suspense fallback={<Skeleton />}>
          <WallBreaks
            view={view}
            heatmaps={heatmaps}
            cell={kiosk.cell}
            where={where}
            earlier={earlierTotals}
          />
        </Suspense>
      ) : (
        <div className="flex flex-col gap-4 xl:flex-row">
          {where}
          <div className="min-w-0 flex-1 space-y-2">
            {params.view === 'rows' ? (
              <Suspense fallback={<Skeleton />}>
                <RowsView machines={view.machines} grouping={params.grouping} />
              </Suspense>
            ) : (
              <>
                <HeatmapLegend max={view.max} />
                <p className="text-sm text-gray-700 dark:text-gray-300">
                  {params.grouping === 'HN'
                    ? 'One colour scale for all machines; totals per head at the right, per needle below; flagged places outlined (solid: a cell, dashed: a whole head or needle). Tab to a heatmap and use the arrow keys to read its cells.'
                    : `One scale for all machines; one bar per ${params.grouping === 'H' ? 'head' : 'needle'}; flagged bars outlined and marked ▲.`}
                </p>
                {params.grouping === 'HN' ? (
                  <Suspense fallback={<Skeleton />}>
                    <HeatmapSmallMultiples machines={heatmaps} max={view.max} cell={kiosk.cell} />
                  </Suspense>
                ) : (
                  <Suspense fallback={<Skeleton />}>
                    <BarSmallMultiples machines={view.machines} max={view.max} />
                  </Suspense>
                )}
              </>
            )}
          </div>
        </div>
      )}
    </div>
  )
}

/** Heads switched off now, in words: the portal reports how many heads are active, not which. */
export function inactiveHeadsNote(heads: number, activeHeads: number | null): string | null {
  if (activeHeads === null || activeHeads >= heads) return null
  return `${activeHeads} of ${heads} heads active now (the portal does not say which are off)`
}

/** The words kept in place of a comparison while the range before loads. */
const COMPARING = 'text-gray-600 dark:text-gray-400'

function MachineNote({
  machine,
  before,
}: {
  machine: MachineBreaks
  /** the machine's breaks in the range before; 'comparing' while they load */
  before: number | 'comparing' | null
}) {
  const inactive = inactiveHeadsNote(machine.heads, machine.activeHeads ?? null)
  const trend =
    before === null ? null : before === 'comparing' ? (
      <span className={COMPARING}> (comparing…)</span>
    ) : (
      <> ({trendInWords(machine.total, before)})</>
    )
  if (machine.total === 0)
    return (
      <p>
        No thread breaks in this range{trend}.{inactive && <> {inactive}.</>}
      </p>
    )
  const hours = machine.runningHours
  const perHour = hours && hours > 0 ? machine.total / hours : null
  const perHeadHour = perHour !== null ? perHour / machine.heads : null
  return (
    <p>
      {machine.total.toLocaleString()} breaks{trend}
      {hours !== null && <> · {hours.toLocaleString(undefined, { maximumFractionDigits: 1 })} running h</>}
      {inactive && <> · {inactive}</>}
      {perHour !== null && perHeadHour !== null && (
        <>
          {' '}
          · {perHour.toFixed(1)}/h, {perHeadHour.toFixed(2)} per head-hour
          {perHeadHour > HEALTHY_BREAKS_PER_HEAD_HOUR && (
            <strong className="font-semibold"> (above the rule of thumb)</strong>
          )}
        </>
      )}
      <NotInKiosk>
        {' · '}
        <Link className="underline" to={machinePath(machine.machineId)}>
          machine
        </Link>
      </NotInKiosk>
    </p>
  )
}

function WhereToLook({
  view,
  spots: found,
  longer,
  earlier,
  comparing,
}: {
  view: ReturnType<typeof threadbreakView>
  /** the hot spots (null while the longer range loads) */
  spots: readonly HotSpot[] | null
  /** the longer range the list looks at, in words, when it is not the page's */
  longer: string | null
  /** the rows of the range before the list's (undefined while they load) */
  earlier: readonly ThreadbreakCount[] | undefined
  comparing: boolean
}) {
  const [all, setAll] = useState(false)
  const ruleId = useId()
  const kiosk = useKiosk()
  const spots = found ?? []
  const shown = all ? spots : spots.slice(0, 12)
  // running hours are those of the page's range: per running hour only when the list looks at it
  const hoursOf = new Map(longer ? [] : view.machines.map((m) => [m.machineId, m.runningHours]))
  return (
    <aside
      aria-labelledby={`${ruleId}-heading`}
      className={`rounded border border-gray-300 p-3 dark:border-gray-700 ${kiosk.on ? '' : 'xl:w-96 xl:shrink-0'}`}
    >
      <h2 id={`${ruleId}-heading`} className="text-lg font-semibold">
        Where to look first
      </h2>
      <NotInKiosk>
        <details className="text-sm">
          <summary className="cursor-help underline decoration-dotted" title={HOT_SPOT_RULE}>
            How is this decided?
          </summary>
          <p className="mt-1">{HOT_SPOT_RULE}</p>
        </details>
      </NotInKiosk>
      {longer && (
        <p className="mt-1 text-sm">
          Over the last 7 days ({longer}): a day has too few breaks for the rule to single anything out.
          {!kiosk.on && ' Choose a time range to look at that range instead.'}
        </p>
      )}
      {found === null ? (
        <p className="mt-1" role="status">
          Reading the last 7 days…
        </p>
      ) : spots.length === 0 ? (
        <p className="mt-1">Nothing stands out: breaks are spread as evenly as chance allows.</p>
      ) : (
        <ol className="mt-1 list-decimal space-y-1 pl-[2em]">
          {shown.map((spot) => {
            const hours = hoursOf.get(spot.machineId)
            return (
              <li key={`${spot.machineId}|${spot.head}|${spot.needle}`}>
                {kiosk.on ? (
                  hotSpotInWords(spot)
                ) : (
                  <Link className="underline" to={machinePath(spot.machineId)}>
                    {hotSpotInWords(spot)}
                  </Link>
                )}
                {earlier && (
                  <span className="text-sm">
                    {' '}
                    ({trendInWords(spot.count, breaksAt(earlier, spot))} in the {longer ? '7 days' : 'range'}{' '}
                    before)
                  </span>
                )}
                {!earlier && comparing && (
                  <span className={`text-sm ${COMPARING}`}>
                    {' '}
                    (comparing with the {longer ? '7 days' : 'range'} before…)
                  </span>
                )}
                {hours && spot.needle === null && spot.head !== null ? (
                  <span className="text-sm"> ({(spot.count / hours).toFixed(2)} per running hour)</span>
                ) : null}
              </li>
            )
          })}
        </ol>
      )}
      {spots.length > shown.length && (
        <button type="button" className="mt-2 underline" onClick={() => setAll(true)}>
          Show all {spots.length}
        </button>
      )}
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        Rule of thumb: a healthy head breaks rarely; a 15-head machine around 2–3 breaks an hour in total (≈{' '}
        {HEALTHY_BREAKS_PER_HEAD_HOUR.toFixed(2)} per head-hour).
      </p>
    </aside>
  )
}
