import { lazy, Suspense, useCallback, useId, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { useKnownFactoryZone, useStatusCodes } from '../../api/core/app-config'
import { type FactoryTimeline, useFactoryTimeline } from '../../api/history/history'
import { designLabel, useDesignsById } from '../../api/machines/designs'
import { useLocations } from '../../api/machines/locations'
import { useMachines } from '../../api/machines/machines'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { FilterBar } from '../../components/filters/filter-bar'
import { useReportScope } from '../../components/filters/use-filters'
import { usePhone } from '../../components/fold-on-phone'
import { useT } from '../../components/i18n'
import { DataAge, QueryState, useAnsweredAt } from '../../components/query-state'
import { Skeleton } from '../../components/skeleton'
import { lazyPart } from '../../components/with-messages'
import type { Machine } from '../../lib/domain'
import { formatFactoryRange } from '../../lib/factory-time'
import type { StatusDictionary } from '../../lib/machine-state'
import { naturalCompare } from '../../lib/natural-order'
import { stopAnalysis, ticksOf, unrecorded, unrecordedMachineMs } from '../../lib/timeline'
import { BeforeRecording } from './before-recording'
import { STOP_ANALYSIS_HEIGHT, timelineRowsHeight } from './reserve'

/** The rows (drawn as they scroll into view) and the stop analysis: chunks of their own. */
const TimelineRows = lazy(() => import('./timeline-rows').then((m) => ({ default: m.TimelineRows })))
const StopAnalysisView = lazy(() => import('./stop-analysis').then((m) => ({ default: m.StopAnalysisView })))
// why the machines shown stood (issue 35), beside the stop time by status code
const ReasonsOfRange = lazyPart(
  'src/features/stops/reasons-of-range.tsx',
  () => import('../stops/reasons-of-range'),
  (module) => module.ReasonsOfRange,
)

/** The longest range the factory timeline draws (the server's limit). */
const MAX_DAYS = 7

/** Every machine as a row of states over one shift or day (issue 18), with the shared filters in the
 * URL, and the stop analysis of the machines shown. Rows are drawn as they scroll into view, so a
 * thousand machines cost what a screenful does. */
export function TimelinePage() {
  const { t } = useT()
  const scope = useReportScope()
  return (
    <div className="space-y-4 p-4">
      <h1 className="text-2xl font-semibold">{t('timeline.page.title')}</h1>
      <p className="max-w-3xl text-gray-700 dark:text-gray-300">{t('timeline.page.intro')}</p>
      <FilterBar show={['range', 'location', 'machines']} />
      {scope.status === 'loading' && <Skeleton />}
      {scope.status === 'error' && <p role="alert">{scope.error}</p>}
      {scope.status === 'ready' &&
        (scope.range.till - scope.range.from > MAX_DAYS * 86_400 ? (
          <p role="alert">{t('timeline.page.tooLong', { days: MAX_DAYS })}</p>
        ) : (
          <Timeline from={scope.range.from * 1000} till={scope.range.till * 1000} params={scope.params} />
        ))}
    </div>
  )
}

function Timeline({ from, till, params }: { from: number; till: number; params: ReportParams }) {
  // the range's open end moves with the minute; the query's key with it
  const timeline = useFactoryTimeline(from, Math.ceil(till / 60_000) * 60_000)
  const answeredAt = useAnsweredAt(timeline.dataUpdatedAt)
  const machines = useMachines()
  const codes = useStatusCodes()
  const timeZone = useKnownFactoryZone()
  return (
    <QueryState query={timeline} empty={null}>
      {(data) =>
        codes && timeZone && machines.data ? (
          <TimelineBody
            data={data}
            machines={machines.data.records}
            params={params}
            codes={codes}
            timeZone={timeZone}
            updatedAt={answeredAt}
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
  params,
  codes,
  timeZone,
  updatedAt,
}: {
  data: FactoryTimeline
  machines: readonly Machine[]
  params: ReportParams
  codes: StatusDictionary
  timeZone: string
  updatedAt: number
}) {
  const phone = usePhone()
  const { t } = useT()
  const { nameOf } = useLocations()
  const { machineIds } = params
  const locationId = params.locationId ?? null
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
  const missing = useMemo(
    () => unrecorded(data.from, data.till, data.recordingSince, data.gaps, t),
    [data, t],
  )
  const missingMs = unrecordedMachineMs(missing, shown.length)
  const analysis = useMemo(
    () =>
      stopAnalysis(
        new Map(shown.map((m) => [m.id, data.machines.get(m.id) ?? []])),
        data.from,
        data.till,
        codes,
        t,
      ),
    [shown, data, codes, t],
  )
  const ticks = ticksOf(data.from, data.till, timeZone)
  const name = useCallback((id: string) => designLabel(designs, id), [designs])
  // the stops' reasons over the rows, on demand (in the URL: a view to share)
  const [search, setSearch] = useSearchParams()
  const reasons = search.get('reasons') === '1'
  const reasonsId = useId()
  return (
    <div className="space-y-4">
      <p>
        {t('timeline.page.machines', {
          count: shown.length,
          range: formatFactoryRange(data.from / 1000, data.till / 1000, timeZone),
        })}
        {missing.length > 0 &&
          ` · ${t('timeline.page.notRecorded', { reasons: [...new Set(missing.map((m) => m.reason))].join('; ') })}`}
      </p>
      <DataAge updatedAt={updatedAt} />
      <p className="flex items-center gap-2">
        <input
          id={reasonsId}
          type="checkbox"
          className="size-5"
          checked={reasons}
          onChange={(event) => {
            const next = new URLSearchParams(search)
            if (event.target.checked) next.set('reasons', '1')
            else next.delete('reasons')
            setSearch(next, { replace: true })
          }}
        />
        <label htmlFor={reasonsId} className="min-h-11 content-center">
          {t('timeline.rows.showReasons')}
        </label>
      </p>
      <Suspense fallback={<Skeleton reserve={timelineRowsHeight(shown.length, phone)} />}>
        <TimelineRows
          machines={shown}
          data={data}
          codes={codes}
          timeZone={timeZone}
          ticks={ticks}
          designName={name}
          missing={missing}
          reasons={reasons}
        />
      </Suspense>
      <section aria-labelledby="stops-heading" className="space-y-2">
        <h2 id="stops-heading" className="text-xl font-semibold">
          {t('timeline.stops.title')}
        </h2>
        <Suspense fallback={<Skeleton />}>
          <ReasonsOfRange
            params={{ from: data.from / 1000, till: data.till / 1000, machineIds: shown.map((m) => m.id) }}
          />
        </Suspense>
        <Suspense fallback={<Skeleton reserve={STOP_ANALYSIS_HEIGHT} />}>
          <StopAnalysisView analysis={analysis} machines={byId} unrecordedMs={missingMs} />
        </Suspense>
        <BeforeRecording
          scope={params}
          from={data.from}
          till={data.till}
          recordingSince={data.recordingSince}
        />
      </section>
    </div>
  )
}
