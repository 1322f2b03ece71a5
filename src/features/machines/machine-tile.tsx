import { Link } from 'react-router'
import type { Machine } from '../../api/contract/machine'
import { FactoryTime } from '../../components/factory-time'
import { StatusBadge } from '../../components/status-badge'
import {
  boardState,
  designProgress,
  durationInWords,
  finishAt,
  needsAttention,
  secondsInState,
  stateLabel,
} from '../../lib/machine-state'

export type Density = 'desk' | 'wall'

/** One machine on the board: what it does, since when, what it sews and when it will be done. */
export function MachineTile({
  machine,
  now,
  attentionMinutes,
  density,
  linkSearch,
}: {
  machine: Machine
  now: number
  attentionMinutes: number
  density: Density
  linkSearch: string
}) {
  const state = boardState(machine, now)
  const label = stateLabel(machine, state)
  const age = secondsInState(machine, state, now)
  const attention = needsAttention(machine, now, attentionMinutes)
  const silent = state === 'not-reporting'
  const progress = silent ? null : designProgress(machine)
  const finish = finishAt(machine, state, now * 1000)
  const frame = silent
    ? 'border-2 border-dashed border-status-offline bg-gray-100 dark:bg-gray-900'
    : attention
      ? 'border-4 border-status-stopped bg-red-50 dark:bg-red-950'
      : 'border border-gray-300 bg-white dark:border-gray-700 dark:bg-gray-900'
  const wall = density === 'wall'
  const since = silent
    ? `Silent${age === null ? '' : ` for ${durationInWords(age)}`}`
    : age === null
      ? 'since: unknown'
      : `${attention ? 'needs attention: ' : ''}for ${durationInWords(age)}`
  const details = [
    `${machine.heads} × ${machine.needles}`,
    !silent && typeof machine.rpm === 'number' && machine.rpm > 0 ? `${machine.rpm} rpm` : null,
    !silent && machine.operator ? machine.operator : null,
  ].filter(Boolean)
  return (
    <article
      className={`flex h-full flex-col rounded-lg ${wall ? 'gap-0.5 p-1.5 text-sm' : 'gap-1 p-2'} ${frame}`}
      aria-label={`${machine.machine_name}: ${label}`}
    >
      <h3 className={`truncate font-semibold ${wall ? 'text-base' : 'text-lg'}`} title={machine.machine_name}>
        <Link
          to={{ pathname: `/machines/${encodeURIComponent(machine.machine_id)}`, search: linkSearch }}
          className="hover:underline"
        >
          {machine.machine_name}
        </Link>
      </h3>
      <p
        className={`flex flex-wrap items-center gap-x-2 ${attention ? 'font-semibold text-red-800 dark:text-red-300' : ''}`}
      >
        <StatusBadge state={state} label={label} className="text-sm" />
        <span>
          {attention && <span aria-hidden="true">⚠ </span>}
          {since}
        </span>
      </p>
      {silent ? (
        <p className="text-gray-700 dark:text-gray-300">
          Last report{' '}
          {machine.last_seen ? (
            <FactoryTime epochMs={Date.parse(machine.last_seen)} withSeconds={false} />
          ) : (
            'never'
          )}{' '}
          — live values hidden
        </p>
      ) : machine.design ? (
        <div className={wall ? 'flex items-center gap-2' : ''}>
          <p className={`truncate ${wall ? 'min-w-0 flex-1' : ''}`} title={machine.design.name}>
            {machine.design.name}
          </p>
          {progress !== null && (
            <div className={`flex items-center gap-2 ${wall ? 'w-24 shrink-0' : ''}`}>
              <div
                role="progressbar"
                aria-label={`${machine.design.name} progress`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress * 100)}
                className="h-2 flex-1 overflow-hidden rounded bg-gray-200 dark:bg-gray-700"
              >
                <div className="h-full bg-status-running" style={{ width: `${progress * 100}%` }} />
              </div>
              <span className="tabular-nums">{Math.round(progress * 100)} %</span>
            </div>
          )}
        </div>
      ) : (
        <p className="text-gray-700 dark:text-gray-300">No design loaded</p>
      )}
      <p className="mt-auto truncate text-gray-700 tabular-nums dark:text-gray-300">
        {finish !== null && (
          <>
            done ≈ <FactoryTime epochMs={finish} withSeconds={false} />
            {' · '}
          </>
        )}
        {details.join(' · ')}
      </p>
    </article>
  )
}
