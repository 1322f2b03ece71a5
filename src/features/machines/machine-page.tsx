import { lazy, type ReactNode, Suspense } from 'react'
import { Link, useLocation, useParams, useSearchParams } from 'react-router'
import { useCurrentShift, useStatusCodes } from '../../api/core/app-config'
import { HttpError } from '../../api/core/errors'
import { designLabel, useDesignsById } from '../../api/machines/designs'
import { useLocations } from '../../api/machines/locations'
import { useMachine } from '../../api/machines/machines'
import { usePace } from '../../api/plan/pace'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { FactoryTime } from '../../components/factory-time'
import { useT } from '../../components/i18n'
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

import { withNodes } from '../../components/message-nodes'
import { lazyPart } from '../../components/with-messages'
import { boardParams } from './board-params'

// the stand's reason, and why the machine stood this shift (issue 35)
const TileReason = lazyPart(
  'src/features/stops/tile-reason.tsx',
  () => import('../stops/tile-reason'),
  (module) => module.TileReason,
)
// this machine in the running shift against its target (issue 36), with its messages
const MachinePace = lazyPart(
  'src/features/plan/machine-pace.tsx',
  () => import('../plan/machine-pace'),
  (module) => module.MachinePace,
)
// the orders scheduled on this machine (issue 52), with their finish
const MachineOrder = lazyPart(
  'src/features/orders/machine-order.tsx',
  () => import('../orders/machine-order'),
  (module) => module.MachineOrder,
)
const MachineTasks = lazyPart(
  'src/features/maintenance/machine-tasks.tsx',
  () => import('../maintenance/machine-tasks'),
  (module) => module.MachineTasks,
)
const ReasonsOfRange = lazyPart(
  'src/features/stops/reasons-of-range.tsx',
  () => import('../stops/reasons-of-range'),
  (module) => module.ReasonsOfRange,
)

/** Why one machine stood in the current shift (the last 8 hours without shifts). */
function ShiftReasons({ machineId }: { machineId: string }) {
  const now = useNow()
  const shift = useCurrentShift(now)
  if (shift === undefined) return null
  const params = { from: shift ? shift.span[0] : now - 8 * 3600, till: now, machineIds: [machineId] }
  return (
    <Suspense fallback={<Skeleton />}>
      <ReasonsOfRange params={params} />
    </Suspense>
  )
}

/** Everything about one machine (GET /machines/{machineId}, myzsk-api.md 1.2). */
export function MachinePage() {
  const { t } = useT()
  const { machineId = '' } = useParams()
  const machine = useMachine(machineId)
  const location = useLocation()
  const back = { pathname: '/machines', search: filterSearch(new URLSearchParams(location.search)) }
  if (machine.error instanceof HttpError && machine.error.status === 404 && !machine.data) {
    return (
      <section className="p-4" aria-labelledby="machine-heading">
        <h1 id="machine-heading" className="text-2xl font-semibold">
          {t('machines.machine.notFound')}
        </h1>
        <p className="mt-2">
          {t('machines.machine.notFoundText', { id: machineId, error: machine.error.message })}
        </p>
        <div className="mt-2">
          <Link className="underline" to={back}>
            {t('machines.machine.backToBoard')}
          </Link>
        </div>
      </section>
    )
  }
  return (
    <section className="space-y-4 p-4" aria-labelledby="machine-heading">
      <div>
        <Link className="underline" to={back}>
          ← {t('machines.machine.board')}
        </Link>
      </div>
      <QueryState query={machine} empty={null}>
        {(m) => (
          <>
            <MachineSummary machine={m} />
            <Suspense fallback={null}>
              <TileReason machineId={m.id} machineName={m.name} />
            </Suspense>
            <DataAge updatedAt={machine.dataUpdatedAt} />
            <LiveIndicator />
            <WidgetErrorBoundary name={t('plan.page.title')}>
              <Suspense fallback={null}>
                <MachinePace machineId={m.id} />
              </Suspense>
            </WidgetErrorBoundary>
            <WidgetErrorBoundary name={t('orders.machine.heading')}>
              <Suspense fallback={null}>
                <MachineOrder machineId={m.id} designId={m.designId ?? null} />
              </Suspense>
            </WidgetErrorBoundary>
            <WidgetErrorBoundary name={t('maintenance.machine.heading')}>
              <Suspense fallback={null}>
                <MachineTasks machineId={m.id} machineName={m.name} heads={m.heads ?? null} />
              </Suspense>
            </WidgetErrorBoundary>
            <WidgetErrorBoundary name={t('machines.machine.timelineWidget')}>
              <Suspense fallback={<Skeleton reserve={TIMELINE_SECTION_HEIGHT} />}>
                <MachineTimeline machine={m} />
              </Suspense>
            </WidgetErrorBoundary>
            <WidgetErrorBoundary name={t('stops.range.title')}>
              <ShiftReasons machineId={m.id} />
            </WidgetErrorBoundary>
            <WidgetErrorBoundary name={t('machines.machine.heatmapWidget')}>
              <Suspense fallback={<Skeleton reserve={BREAKS_SECTION_HEIGHT} />}>
                <MachineThreadbreaks machine={m} />
              </Suspense>
            </WidgetErrorBoundary>
            <details className="rounded border border-gray-300 p-2 dark:border-gray-700">
              <summary className="cursor-pointer">{t('machines.machine.record')}</summary>
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
  const { t } = useT()
  const now = useNow()
  const state = boardState(machine, now, codes)
  const inState = timeInStateWords(machine, state, now, t)
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
        ? t('machines.machine.activeHeads', { active: machine.activeHeads, count: machine.heads })
        : t('machines.tile.heads', { count: machine.heads })
  const facts: Array<[string, ReactNode]> = [
    [t('machines.machine.location'), nameOf(machine.locationId) ?? '—'],
    [
      t('machines.machine.collector'),
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
    [t('machines.machine.heads'), heads],
    [t('machines.machine.needles'), machine.needles ?? '—'],
    [
      t('machines.machine.activeNeedle'),
      silent || machine.activeNeedle === null ? '—' : machine.activeNeedle,
    ],
    [
      t('machines.machine.speedNow'),
      silent || machine.liveRpm === null ? '—' : t('machines.speed.rpm', { rpm: machine.liveRpm }),
    ],
    [
      t('machines.machine.speedSet'),
      machine.configuredRpm === null ? '—' : t('machines.speed.rpm', { rpm: machine.configuredRpm }),
    ],
    [t('machines.machine.statusCode'), machine.statusCode ?? '—'],
    [
      t('machines.machine.lastReport'),
      machine.lastSeen !== null ? (
        <FactoryTime key="last" epochMs={machine.lastSeen} />
      ) : (
        t('machines.machine.never')
      ),
    ],
  ]
  return (
    <>
      <header className="flex flex-wrap items-center gap-3">
        <h1 id="machine-heading" className="text-2xl font-semibold break-all">
          {machine.name}
        </h1>
        <StatusBadge state={state} label={stateLabel(machine, state, codes, t)} />
        {inState !== null && <span>{inState}</span>}
        {attention && (
          <span className="font-semibold text-red-800 dark:text-red-300">
            ⚠ {t('machines.attention.needs')}
          </span>
        )}
      </header>
      <div className="grid gap-4 md:grid-cols-2">
        <section
          aria-label={t('machines.design.title')}
          className="rounded border border-gray-300 p-3 dark:border-gray-700"
        >
          <h2 className="font-semibold">{t('machines.design.title')}</h2>
          {silent ? (
            <p>{t('machines.design.silent')}</p>
          ) : design ? (
            <>
              <p className="text-lg">{design}</p>
              {machine.designId !== null && (
                <div className="text-sm">
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
                    {t('machines.design.whereBreaks')}
                  </Link>
                </div>
              )}
              {machine.stitch !== null && machine.designStitches !== null && (
                <p className="tabular-nums">
                  {progress !== null
                    ? t('machines.design.stitchOfPercent', {
                        stitch: machine.stitch,
                        total: machine.designStitches,
                        percent: Math.round(progress * 100),
                      })
                    : t('machines.design.stitchOf', {
                        stitch: machine.stitch,
                        total: machine.designStitches,
                      })}
                </p>
              )}
              {machine.repeats !== null && machine.repeats > 1 && machine.passes !== null && (
                <p>
                  {t('machines.design.pass', {
                    pass: Math.min(machine.passes + 1, machine.repeats),
                    passes: machine.repeats,
                    done: machine.passes,
                  })}
                </p>
              )}
              {remaining !== null && (
                <p className="tabular-nums">
                  {remaining.passesAfterThis > 0
                    ? t('machines.design.leftMorePasses', {
                        count: remaining.stitches,
                        more: remaining.passesAfterThis,
                      })
                    : t('machines.design.leftThisPass', { count: remaining.stitches })}
                </p>
              )}
              {state !== 'running' ? (
                <p className="font-medium">{t('machines.design.finishMoves')}</p>
              ) : (
                <>
                  {ownFinish !== null && stitchesPerMinute !== null && pace ? (
                    <p>
                      {withNodes(
                        (m) =>
                          t('machines.design.atPace', {
                            ...m,
                            count: Math.round(stitchesPerMinute),
                            duration: durationInWords(pace.window[1] - pace.window[0]),
                          }),
                        {
                          time: <FactoryTime epochMs={ownFinish} withSeconds={false} />,
                          since: <FactoryTime epochMs={pace.window[0] * 1000} withSeconds={false} />,
                        },
                      )}
                    </p>
                  ) : (
                    <p>{t('machines.design.paceUnknown')}</p>
                  )}
                  {vendorFinish !== null && machine.vendorRemainingSeconds !== null && (
                    <p>
                      {withNodes(
                        (m) =>
                          t('machines.design.atSetSpeed', {
                            ...m,
                            duration: durationInWords(machine.vendorRemainingSeconds!),
                          }),
                        { time: <FactoryTime epochMs={vendorFinish} withSeconds={false} /> },
                      )}
                    </p>
                  )}
                </>
              )}
            </>
          ) : (
            <p>{t('machines.design.none')}</p>
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
