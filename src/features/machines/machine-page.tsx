import { lazy, type ReactNode, Suspense } from 'react'
import { Link, useLocation, useParams, useSearchParams } from 'react-router'
import { useStatusCodes } from '../../api/app-config'
import { designLabel, useDesignsById } from '../../api/designs'
import { HttpError } from '../../api/errors'
import { useLocations } from '../../api/locations'
import { useMachine } from '../../api/machines'
import { usePace } from '../../api/pace'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { FactoryTime } from '../../components/factory-time'
import { LiveIndicator } from '../../components/live-indicator'
import { useNow } from '../../components/now'
import { DataAge, QueryState } from '../../components/query-state'
import { Skeleton } from '../../components/skeleton'
import { StatusBadge } from '../../components/status-badge'
import type { Machine } from '../../lib/domain'
import { filterSearch, withParam } from '../../lib/filters'
import {
  boardState,
  designProgress,
  durationInWords,
  finishAt,
  finishAtPace,
  needsAttention,
  remainingStitches,
  type StatusDictionary,
  stateLabel,
  timeInStateWords,
} from '../../lib/machine-state'

/** The state timeline: loaded with the page, drawn once it is there (not on the first paint's path). */
// below the first screen: loaded with the page's data, not before it
/** The room the lazily arriving sections take (desk width), so the page does not jump when they come:
 * the state strip with its axis and stops; thread breaks' controls and the start of the heatmap. */
const TIMELINE_SECTION_HEIGHT = '11.75rem'
const BREAKS_SECTION_HEIGHT = '24rem'
const MachineThreadbreaks = lazy(() =>
  import('./machine-threadbreaks').then((m) => ({ default: m.MachineThreadbreaks })),
)
const MachineTimeline = lazy(() => import('./machine-timeline').then((m) => ({ default: m.MachineTimeline })))

import { boardParams } from './board-params'

/** Everything about one machine (GET /machines/{machineId}, myzsk-api.md 1.2). */
export function MachinePage() {
  const { machineId = '' } = useParams()
  const machine = useMachine(machineId)
  const location = useLocation()
  const back = { pathname: '/machines', search: filterSearch(new URLSearchParams(location.search)) }
  if (machine.error instanceof HttpError && machine.error.status === 404 && !machine.data) {
    return (
      <section className="p-4" aria-labelledby="machine-heading">
        <h1 id="machine-heading" className="text-2xl font-semibold">
          Machine not found
        </h1>
        <p className="mt-2">
          There is no machine “{machineId}” for this API key: it does not exist or belongs to another company.
          ({machine.error.message})
        </p>
        <p className="mt-2">
          <Link className="underline" to={back}>
            Back to the machine status
          </Link>
        </p>
      </section>
    )
  }
  return (
    <section className="space-y-4 p-4" aria-labelledby="machine-heading">
      <p>
        <Link className="underline" to={back}>
          ← Machine status
        </Link>
      </p>
      <QueryState query={machine} empty={null}>
        {(m) => (
          <>
            <MachineSummary machine={m} />
            <DataAge updatedAt={machine.dataUpdatedAt} />
            <LiveIndicator />
            <WidgetErrorBoundary name="The state timeline">
              <Suspense fallback={<Skeleton reserve={TIMELINE_SECTION_HEIGHT} />}>
                <MachineTimeline machine={m} />
              </Suspense>
            </WidgetErrorBoundary>
            <WidgetErrorBoundary name="The thread-break heatmap">
              <Suspense fallback={<Skeleton reserve={BREAKS_SECTION_HEIGHT} />}>
                <MachineThreadbreaks machine={m} />
              </Suspense>
            </WidgetErrorBoundary>
            <details className="rounded border border-gray-300 p-2 dark:border-gray-700">
              <summary className="cursor-pointer">The machine record as stitchboard reads it</summary>
              <pre className="mt-2 overflow-x-auto text-sm">{JSON.stringify(m, null, 2)}</pre>
            </details>
          </>
        )}
      </QueryState>
    </section>
  )
}

function MachineSummary({ machine }: { machine: Machine }) {
  const codes = useStatusCodes()
  return codes ? <MachineFacts machine={machine} codes={codes} /> : <Skeleton />
}

function MachineFacts({ machine, codes }: { machine: Machine; codes: StatusDictionary }) {
  const now = useNow()
  const state = boardState(machine, now, codes)
  const inState = timeInStateWords(machine, state, now)
  const progress = designProgress(machine)
  const silent = state === 'not-reporting'
  const pace = usePace()
  const stitchesPerMinute = pace?.byMachine.get(machine.id) ?? null
  const ownFinish = finishAtPace(machine, state, stitchesPerMinute, now * 1000)
  const vendorFinish = finishAt(machine, state, now * 1000)
  const remaining = remainingStitches(machine)
  // the same flag as on the board, with the board's threshold when the link carried it
  const [search] = useSearchParams()
  const attention = needsAttention(machine, now, boardParams(search).attentionMinutes, codes)
  const { nameOf } = useLocations()
  const designs = useDesignsById().data
  const design = machine.designId === null ? null : designLabel(designs, machine.designId)
  const heads =
    machine.heads === null
      ? '—'
      : machine.activeHeads !== null && machine.activeHeads < machine.heads
        ? `${machine.activeHeads} of ${machine.heads} heads active`
        : `${machine.heads} ${machine.heads === 1 ? 'head' : 'heads'}`
  const facts: Array<[string, ReactNode]> = [
    ['Location', nameOf(machine.locationId) ?? '—'],
    [
      'Collector unit',
      machine.collectorId ? (
        <Link
          key="collector"
          className="underline"
          to={`/collectors/${encodeURIComponent(machine.collectorId)}`}
        >
          {machine.collectorId}
        </Link>
      ) : (
        '—'
      ),
    ],
    ['Heads', heads],
    ['Needles per head', machine.needles ?? '—'],
    ['Active needle', silent || machine.activeNeedle === null ? '—' : machine.activeNeedle],
    ['Speed now', silent || machine.liveRpm === null ? '—' : `${machine.liveRpm} rpm`],
    ['Speed set', machine.configuredRpm === null ? '—' : `${machine.configuredRpm} rpm`],
    ['Status code', machine.statusCode ?? '—'],
    [
      'Last report',
      machine.lastSeen !== null ? <FactoryTime key="last" epochMs={machine.lastSeen} /> : 'never',
    ],
  ]
  return (
    <>
      <header className="flex flex-wrap items-center gap-3">
        <h1 id="machine-heading" className="text-2xl font-semibold break-all">
          {machine.name}
        </h1>
        <StatusBadge state={state} label={stateLabel(machine, state, codes)} />
        {inState !== null && <span>{inState}</span>}
        {attention && <span className="font-semibold text-red-800 dark:text-red-300">⚠ needs attention</span>}
      </header>
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-label="Design" className="rounded border border-gray-300 p-3 dark:border-gray-700">
          <h2 className="font-semibold">Design</h2>
          {silent ? (
            <p>The machine is not reporting; its last design and progress are not shown as if live.</p>
          ) : design ? (
            <>
              <p className="text-lg">{design}</p>
              {machine.designId !== null && (
                <p className="text-sm">
                  <Link
                    className="underline"
                    to={{
                      pathname: '/design-breaks',
                      search: withParam(
                        new URLSearchParams(filterSearch(search)),
                        'design',
                        machine.designId,
                      ).toString(),
                    }}
                  >
                    Where in this design threads break
                  </Link>
                </p>
              )}
              {machine.stitch !== null && machine.designStitches !== null && (
                <p className="tabular-nums">
                  stitch {machine.stitch.toLocaleString()} of {machine.designStitches.toLocaleString()}
                  {progress !== null && ` (${Math.round(progress * 100)} %)`}
                </p>
              )}
              {machine.repeats !== null && machine.repeats > 1 && machine.passes !== null && (
                <p>
                  Pass {Math.min(machine.passes + 1, machine.repeats)} of {machine.repeats} ({machine.passes}{' '}
                  done)
                </p>
              )}
              {remaining !== null && (
                <p className="tabular-nums">
                  {remaining.stitches.toLocaleString()} stitches left
                  {remaining.passesAfterThis > 0
                    ? ` (this pass and ${remaining.passesAfterThis} more)`
                    : ' in this pass'}
                </p>
              )}
              {state !== 'running' ? (
                <p className="font-medium">Not running: the finish time moves until it sews again.</p>
              ) : (
                <>
                  {ownFinish !== null && stitchesPerMinute !== null && pace ? (
                    <p>
                      At its pace (stitchboard’s estimate): done ≈{' '}
                      <FactoryTime epochMs={ownFinish} withSeconds={false} />, at{' '}
                      {Math.round(stitchesPerMinute).toLocaleString()} stitches a minute, stops included, over{' '}
                      {durationInWords(pace.window[1] - pace.window[0])} since{' '}
                      <FactoryTime epochMs={pace.window[0] * 1000} withSeconds={false} />
                    </p>
                  ) : (
                    <p>At its pace: not known yet (nothing sewn in the last hours to measure it by).</p>
                  )}
                  {vendorFinish !== null && machine.vendorRemainingSeconds !== null && (
                    <p>
                      At the set speed, without stops (the machine’s own estimate): done ≈{' '}
                      <FactoryTime epochMs={vendorFinish} withSeconds={false} />,{' '}
                      {durationInWords(machine.vendorRemainingSeconds)} left
                    </p>
                  )}
                </>
              )}
            </>
          ) : (
            <p>No design loaded</p>
          )}
        </section>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded border border-gray-300 p-3 dark:border-gray-700">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-gray-700 dark:text-gray-300">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </>
  )
}
