import { Suspense, useMemo } from 'react'
import { useStatusCodes } from '../../api/core/app-config'
import { useFactoryTimeline } from '../../api/history/history'
import { useMachines } from '../../api/machines/machines'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { FilterBar } from '../../components/filters/filter-bar'
import { useReportScope } from '../../components/filters/use-filters'
import { useT } from '../../components/i18n'
import { useKiosk } from '../../components/kiosk/kiosk-context'
import { DataAge, QueryState, useAnsweredAt } from '../../components/query-state'
import { Skeleton } from '../../components/skeleton'
import { lazyPart } from '../../components/with-messages'
import { stopAnalysis, unrecorded, unrecordedMachineMs } from '../../lib/timeline'
import { BeforeRecording } from './before-recording'
import { STOP_ANALYSIS_HEIGHT } from './reserve'
import { StopAnalysisView } from './stop-analysis'

// why the machines stood (issue 35), with its messages, loaded beside the analysis
const ReasonsOfRange = lazyPart(
  'src/features/stops/reasons-of-range.tsx',
  () => import('../stops/reasons-of-range'),
  (module) => module.ReasonsOfRange,
)

const MAX_DAYS = 7

/** Availability and where the stop time went, for the range and machines chosen: a page of its own for
 * the kiosk's rotation (`pages=stops`), and a section of the shift page. */
export function StopsPage() {
  const { t } = useT()
  const scope = useReportScope()
  const kiosk = useKiosk()
  return (
    <div className="space-y-4 p-4">
      <h1 className={kiosk.on ? 'text-kiosk-lg font-semibold' : 'text-2xl font-semibold'}>
        {t('timeline.stops.title')}
      </h1>
      <FilterBar />
      {scope.status === 'loading' && <Skeleton />}
      {scope.status === 'error' && <p role="alert">{scope.error}</p>}
      {scope.status === 'ready' && (
        <section aria-labelledby="stops-range-heading">
          {/* the analysis's parts are h3, as where it sits inside the timeline and shift pages */}
          <h2 id="stops-range-heading" className="sr-only">
            {t('timeline.stops.overRange')}
          </h2>
          <StopsOfRange params={scope.params} large={kiosk.on} />
        </section>
      )}
    </div>
  )
}

/** The stop analysis of the machines and range of `params`, from stitchboard's history (at most 7 days). */
export function StopsOfRange({
  params,
  large = false,
  reasons = true,
}: {
  params: ReportParams
  large?: boolean
  /** why the machines stood, before the analysis by status code */
  reasons?: boolean
}) {
  const { t } = useT()
  if (params.till - params.from > MAX_DAYS * 86_400)
    return <p>{t('timeline.stops.tooLong', { days: MAX_DAYS })}</p>
  return (
    <>
      {reasons && (
        <Suspense fallback={<Skeleton />}>
          <ReasonsOfRange params={params} large={large} />
        </Suspense>
      )}
      <Stops params={params} large={large} />
    </>
  )
}

function Stops({ params, large }: { params: ReportParams; large: boolean }) {
  const { t } = useT()
  const timeline = useFactoryTimeline(params.from * 1000, Math.ceil(params.till / 60) * 60_000)
  const answeredAt = useAnsweredAt(timeline.dataUpdatedAt)
  const machines = useMachines()
  const codes = useStatusCodes()
  const chosen = useMemo(() => {
    const all = machines.data?.records ?? []
    const ids =
      Array.isArray(params.machineIds) && params.machineIds.length > 0 ? new Set(params.machineIds) : null
    const at = params.locationMachineIds ? new Set(params.locationMachineIds) : null
    return all.filter((m) => (!ids || ids.has(m.id)) && (!at || at.has(m.id)))
  }, [machines.data, params.machineIds, params.locationMachineIds])
  return (
    <QueryState query={timeline} empty={null} loading={<Skeleton reserve={STOP_ANALYSIS_HEIGHT} />}>
      {(data) => {
        if (!codes || !machines.data) return <Skeleton reserve={STOP_ANALYSIS_HEIGHT} />
        const analysis = stopAnalysis(
          new Map(chosen.map((m) => [m.id, data.machines.get(m.id) ?? []])),
          data.from,
          data.till,
          codes,
          t,
        )
        const missing = unrecorded(data.from, data.till, data.recordingSince, data.gaps, t)
        const missingMs = unrecordedMachineMs(missing, chosen.length)
        return (
          <div className="space-y-2">
            <StopAnalysisView
              analysis={analysis}
              machines={new Map(chosen.map((m) => [m.id, m]))}
              large={large}
              unrecordedMs={missingMs}
            />
            <BeforeRecording
              scope={params}
              from={data.from}
              till={data.till}
              recordingSince={data.recordingSince}
              large={large}
            />
            <DataAge updatedAt={answeredAt} />
          </div>
        )
      }}
    </QueryState>
  )
}
