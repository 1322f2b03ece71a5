import { useQuery } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useMemo, useRef } from 'react'
import { Link } from 'react-router'
import { appConfigQueryOptions, useStatusCodes } from '../../api/app-config'
import { designLabel, useDesignsById } from '../../api/designs'
import { type FactoryTimeline, useFactoryTimeline } from '../../api/history'
import { useLocations } from '../../api/locations'
import { useMachines } from '../../api/machines'
import { FilterBar } from '../../components/filters/filter-bar'
import { useReportScope } from '../../components/filters/use-filters'
import { DataAge, QueryState } from '../../components/query-state'
import { Skeleton } from '../../components/skeleton'
import { StateTimeline, TimeAxis } from '../../components/state-timeline'
import type { Machine } from '../../lib/domain'
import { formatFactoryRange } from '../../lib/factory-time'
import type { StatusDictionary } from '../../lib/machine-state'
import { naturalCompare } from '../../lib/natural-order'
import { stopAnalysis, timelineSegments, unrecorded } from '../../lib/timeline'
import { ticksOf } from '../machines/machine-timeline'
import { StopAnalysisView } from './stop-analysis'

/** The longest range the factory timeline draws (the server's limit). */
const MAX_DAYS = 7
const ROW = 30

/** Every machine as a row of states over one shift or day (issue 18), with the shared filters in the
 * URL, and the stop analysis of the machines shown. Rows are drawn as they scroll into view, so a
 * thousand machines cost what a screenful does. */
export function TimelinePage() {
  const scope = useReportScope()
  return (
    <div className="space-y-4 p-4">
      <h1 className="text-2xl font-semibold">Factory timeline</h1>
      <p className="max-w-3xl text-gray-700 dark:text-gray-300">
        What every machine did, from stitchboard’s own record of the portal’s live status (the portal says
        what a machine does now, never since when). Point at a row, or focus it and use the arrow keys, to
        read each part.
      </p>
      <FilterBar show={['range', 'location', 'machines']} />
      {scope.status === 'loading' && <Skeleton />}
      {scope.status === 'error' && <p role="alert">{scope.error}</p>}
      {scope.status === 'ready' &&
        (scope.range.till - scope.range.from > MAX_DAYS * 86_400 ? (
          <p role="alert">The factory timeline shows at most {MAX_DAYS} days: choose a shorter range.</p>
        ) : (
          <Timeline
            from={scope.range.from * 1000}
            till={scope.range.till * 1000}
            machineIds={scope.params.machineIds}
            locationId={scope.params.locationId ?? null}
          />
        ))}
    </div>
  )
}

function Timeline({
  from,
  till,
  machineIds,
  locationId,
}: {
  from: number
  till: number
  machineIds: readonly string[] | 'all' | undefined
  locationId: number | null
}) {
  // the range's open end moves with the minute; the query's key with it
  const timeline = useFactoryTimeline(from, Math.ceil(till / 60_000) * 60_000)
  const machines = useMachines()
  const codes = useStatusCodes()
  const timeZone = useQuery(appConfigQueryOptions()).data?.timeZone
  return (
    <QueryState query={timeline} empty={null}>
      {(data) =>
        codes && timeZone && machines.data ? (
          <TimelineBody
            data={data}
            machines={machines.data.records}
            machineIds={machineIds}
            locationId={locationId}
            codes={codes}
            timeZone={timeZone}
            updatedAt={timeline.dataUpdatedAt}
          />
        ) : (
          <Skeleton />
        )
      }
    </QueryState>
  )
}

function TimelineBody({
  data,
  machines,
  machineIds,
  locationId,
  codes,
  timeZone,
  updatedAt,
}: {
  data: FactoryTimeline
  machines: readonly Machine[]
  machineIds: readonly string[] | 'all' | undefined
  locationId: number | null
  codes: StatusDictionary
  timeZone: string
  updatedAt: number
}) {
  const { nameOf } = useLocations()
  const designs = useDesignsById().data
  const chosen = Array.isArray(machineIds) && machineIds.length > 0 ? new Set(machineIds) : null
  const shown = useMemo(
    () =>
      machines
        .filter((m) => (!chosen || chosen.has(m.id)) && (locationId === null || m.locationId === locationId))
        .sort(
          (a, b) =>
            naturalCompare(nameOf(a.locationId) ?? '', nameOf(b.locationId) ?? '') ||
            naturalCompare(a.name, b.name),
        ),
    [machines, chosen, locationId, nameOf],
  )
  const byId = useMemo(() => new Map(machines.map((m) => [m.id, m])), [machines])
  const missing = unrecorded(data.from, data.till, data.recordingSince, data.gaps)
  const missingMs = missing.reduce((sum, m) => sum + m.end - m.start, 0) * shown.length
  const analysis = useMemo(
    () =>
      stopAnalysis(
        new Map(shown.map((m) => [m.id, data.machines.get(m.id) ?? []])),
        data.from,
        data.till,
        codes,
      ),
    [shown, data, codes],
  )
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 10,
    initialRect: { width: 1200, height: 600 },
  })
  const ticks = ticksOf(data.from, data.till, timeZone)
  const name = (id: string) => designLabel(designs, id)
  return (
    <div className="space-y-4">
      <p>
        {shown.length} {shown.length === 1 ? 'machine' : 'machines'},{' '}
        {formatFactoryRange(data.from / 1000, data.till / 1000, timeZone)}
        {missing.length > 0 && ` · not recorded: ${[...new Set(missing.map((m) => m.reason))].join('; ')}`}
      </p>
      <DataAge updatedAt={updatedAt} />
      <div
        ref={scroller}
        className="max-h-[70vh] overflow-auto rounded border border-gray-300 dark:border-gray-700"
      >
        <div className="sticky top-0 z-10 grid grid-cols-[10rem_1fr] gap-2 bg-gray-100 px-2 py-1 dark:bg-gray-800">
          <span className="text-sm font-semibold">Machine</span>
          <TimeAxis from={data.from} till={data.till} ticks={ticks} />
        </div>
        <ul
          aria-label="Machines and their states"
          className="m-0 list-none p-0"
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const m = shown[item.index]!
            const intervals = data.machines.get(m.id) ?? []
            return (
              <li
                key={m.id}
                className="absolute left-0 grid w-full grid-cols-[10rem_1fr] items-center gap-2 px-2"
                style={{ top: item.start, height: ROW }}
              >
                <Link
                  to={`/machines/${encodeURIComponent(m.id)}`}
                  className="truncate text-sm underline"
                  title={m.name}
                >
                  {m.name}
                </Link>
                <StateTimeline
                  segments={timelineSegments(
                    intervals,
                    data.from,
                    data.till,
                    codes,
                    name,
                    Number.POSITIVE_INFINITY,
                    missing,
                  )}
                  from={data.from}
                  till={data.till}
                  timeZone={timeZone}
                  label={`${m.name}: states`}
                  height={20}
                  compact
                />
              </li>
            )
          })}
        </ul>
      </div>
      <section aria-labelledby="stops-heading" className="space-y-2">
        <h2 id="stops-heading" className="text-xl font-semibold">
          Stops and availability
        </h2>
        <StopAnalysisView analysis={analysis} machines={byId} unrecordedMs={missingMs} />
      </section>
    </div>
  )
}
