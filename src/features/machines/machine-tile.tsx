import { memo, Suspense } from 'react'
import { Link } from 'react-router'
import { designLabel } from '../../api/machines/designs'
import { FactoryTime } from '../../components/factory-time'
import { useT } from '../../components/i18n'
import { useKiosk } from '../../components/kiosk/kiosk-context'
import { machinePath } from '../../components/machine-path'
import { withNodes } from '../../components/message-nodes'
import { StatusBadge } from '../../components/status-badge'
import { lazyPart } from '../../components/with-messages'
import { alertCause } from '../../lib/alert-words'
import type { Alert, Design, Machine } from '../../lib/domain'
import {
  boardState,
  designProgress,
  durationInWords,
  finishAt,
  finishAtPace,
  needsAttention,
  type StatusDictionary,
  secondsInState,
  stateLabel,
  timeInStateWords,
} from '../../lib/machine-state'

// what a standing machine stands for, and the button to say why (issue 35): loaded once a machine stands
const TileReason = lazyPart(
  'src/features/stops/tile-reason.tsx',
  () => import('../stops/tile-reason'),
  (module) => module.TileReason,
)

// the order the machine sews now (issue 52): loaded with the first tile that has a design
const TileOrder = lazyPart(
  'src/features/orders/tile-order.tsx',
  () => import('../orders/tile-order'),
  (module) => module.TileOrder,
)

/** One machine on the board: what it does, since when, what it sews and when it will be done. Memoised:
 * when a location name or another machine changes, the other tiles are not drawn again. */
export const MachineTile = memo(function MachineTile({
  machine,
  designs,
  now,
  attentionMinutes,
  linkSearch,
  codes,
  pace,
  alert = null,
  location = null,
}: {
  machine: Machine
  designs: ReadonlyMap<string, Design> | undefined
  now: number
  attentionMinutes: number
  linkSearch: string
  codes: StatusDictionary
  /** the machine's stitches a minute over the last hours, stops included; null when unknown */
  pace: number | null
  /** the machine's open alert (issue 19): the tile flashes until someone is on it */
  alert?: Alert | null
  /** the machine's location, when the board is not grouped by location */
  location?: string | null
}) {
  const { t, number } = useT()
  // the wall has its own orders page: its tiles stay as quiet as they were
  const kiosk = useKiosk().on
  // an alert raised before stitchboard kept what it is about has its cause in English only
  const causeOf = (a: Alert) => (a.what ? alertCause(a.what, t) : a.cause)
  const state = boardState(machine, now, codes)
  const label = stateLabel(machine, state, codes, t)
  const age = secondsInState(machine, state, now)
  const inState = timeInStateWords(machine, state, now, t)
  const attention = needsAttention(machine, now, attentionMinutes, codes)
  const silent = state === 'not-reporting'
  const progress = silent ? null : designProgress(machine)
  const ownFinish = finishAtPace(machine, state, pace, now * 1000)
  const vendorFinish = finishAt(machine, state, now * 1000)
  const finishMoves =
    (state === 'stopped' || state === 'threadbreak' || state === 'error') && progress !== null && progress < 1
  const frame = silent
    ? 'border-2 border-dashed border-status-offline bg-gray-100 dark:bg-gray-900'
    : attention
      ? 'border-4 border-status-stopped bg-red-50 dark:bg-red-950'
      : 'border border-gray-300 bg-white dark:border-gray-700 dark:bg-gray-900'
  const since = silent
    ? age === null
      ? t('machines.tile.silent')
      : t('machines.tile.silentFor', { duration: durationInWords(age) })
    : inState === null
      ? attention
        ? t('machines.attention.needs')
        : ''
      : attention
        ? t('machines.attention.needsFor', { time: inState })
        : inState
  const design = machine.designId === null ? null : designLabel(designs, machine.designId)
  const heads =
    machine.activeHeads !== null && machine.heads !== null && machine.activeHeads < machine.heads
      ? t('machines.tile.activeHeads', { active: machine.activeHeads, count: machine.heads })
      : machine.heads === null
        ? null
        : t('machines.tile.heads', { count: machine.heads })
  const details = [
    location,
    heads && machine.needles !== null
      ? t('machines.tile.headsByNeedles', { heads, count: machine.needles })
      : heads,
    !silent && machine.liveRpm !== null && machine.liveRpm > 0
      ? t('machines.speed.rpm', { rpm: machine.liveRpm })
      : null,
    !silent && machine.repeats !== null && machine.repeats > 1 && machine.passes !== null
      ? t('machines.tile.pass', {
          pass: Math.min(machine.passes + 1, machine.repeats),
          passes: machine.repeats,
        })
      : null,
  ].filter(Boolean)
  return (
    <article
      className={`relative flex h-full flex-col rounded-lg gap-1 p-2 ${frame} ${alert && alert.acknowledgedAt === null ? 'alert-flash' : ''}`}
      aria-label={`${machine.name}: ${label}`}
    >
      {alert && (
        <p
          className={`rounded px-1.5 text-sm font-bold ${alert.acknowledgedAt === null ? 'bg-red-700 text-white' : 'bg-amber-300 text-gray-950'}`}
        >
          <span aria-hidden="true">{alert.acknowledgedAt === null ? '⚠ ' : '✔ '}</span>
          {alert.acknowledgedBy
            ? t('machines.tile.alertOnIt', { cause: causeOf(alert), name: alert.acknowledgedBy })
            : t('machines.tile.alertOpen', { cause: causeOf(alert) })}
        </p>
      )}
      <h3 className="font-semibold break-words text-lg">
        {/* the whole tile is the link's target (its ::after is stretched over the tile): a name alone is
            a 21 px line, too small a target on a phone; the tile holds no other control */}
        <Link
          to={{ pathname: machinePath(machine.id), search: linkSearch }}
          className="stretched-link after:absolute after:inset-0 after:rounded-lg hover:underline"
        >
          {machine.name}
        </Link>
      </h3>
      <p
        className={`flex flex-wrap items-center gap-x-2 ${attention ? 'font-semibold text-red-800 dark:text-red-300' : ''}`}
      >
        <StatusBadge state={state} label={label} className="text-sm" />
        {since && (
          <span>
            {attention && <span aria-hidden="true">⚠ </span>}
            {since}
          </span>
        )}
      </p>
      {state !== 'running' && (
        <Suspense fallback={null}>
          <TileReason machineId={machine.id} machineName={machine.name} />
        </Suspense>
      )}
      {silent ? (
        <p className="text-gray-700 dark:text-gray-300">
          {machine.lastSeen !== null
            ? withNodes((m) => t('machines.tile.lastReport', m), {
                time: <FactoryTime epochMs={machine.lastSeen} withSeconds={false} />,
              })
            : t('machines.tile.neverReported')}
        </p>
      ) : design ? (
        <div>
          <p className="break-words">{design}</p>
          {progress !== null && (
            <div className="flex items-center gap-2">
              <div
                role="progressbar"
                aria-label={t('machines.tile.progress', { design })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress * 100)}
                className="h-2 flex-1 overflow-hidden rounded bg-gray-200 dark:bg-gray-700"
              >
                <div className="h-full bg-status-running" style={{ width: `${progress * 100}%` }} />
              </div>
              <span className="tabular-nums">{number(Math.round(progress * 100))} %</span>
            </div>
          )}
          {machine.designId !== null && !kiosk && (
            <Suspense fallback={null}>
              <TileOrder machineId={machine.id} designId={machine.designId} />
            </Suspense>
          )}
        </div>
      ) : (
        <p className="text-gray-700 dark:text-gray-300">{t('machines.design.none')}</p>
      )}
      <p className="mt-auto text-gray-700 tabular-nums dark:text-gray-300">
        {ownFinish !== null ? (
          <>
            {/* with a mouse, above the tile's link, so that pointing at it shows what the estimate is */}
            <span className="pointer-fine:relative" title={t('machines.tile.ownEstimate')}>
              {withNodes((m) => t('machines.tile.doneAt', m), {
                time: <FactoryTime epochMs={ownFinish} withSeconds={false} />,
              })}
            </span>
            {' · '}
          </>
        ) : vendorFinish !== null ? (
          <>
            <span className="pointer-fine:relative" title={t('machines.tile.vendorEstimate')}>
              {withNodes((m) => t('machines.tile.doneAtSetSpeed', m), {
                time: <FactoryTime epochMs={vendorFinish} withSeconds={false} />,
              })}
            </span>
            {' · '}
          </>
        ) : finishMoves ? (
          <>
            {t('machines.tile.finishMoves')}
            {' · '}
          </>
        ) : null}
        {details.join(' · ')}
      </p>
    </article>
  )
})
