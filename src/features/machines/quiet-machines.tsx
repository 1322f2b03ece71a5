import { useLayoutEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { useT } from '../../components/i18n'
import { machinePath } from '../../components/machine-path'
import type { Machine } from '../../lib/domain'
import type { MessageKey } from '../../lib/i18n/translator'
import {
  type BoardState,
  boardState,
  durationInWords,
  STATE_ICONS,
  type StatusDictionary,
  secondsInState,
  stateLabel,
} from '../../lib/machine-state'

const CHIP_SIZES = ['text-[2.2vh]', 'text-[1.6vh]'] as const
const LEVELS = 4

/** A quiet machine that is not running keeps its state's colour on one edge of its chip. */
const EDGE: Record<BoardState, string> = {
  running: 'border-l-gray-400',
  stopped: 'border-l-status-stopped',
  threadbreak: 'border-l-status-threadbreak',
  idle: 'border-l-status-idle',
  setup: 'border-l-status-setup',
  error: 'border-l-status-error',
  'not-reporting': 'border-l-status-offline',
  unknown: 'border-l-status-unknown',
}

/** "3 stopped": how many quiet machines are in each state, when the wall has room for counts only. */
const STATE_COUNTS: Record<BoardState, MessageKey> = {
  running: 'machines.wall.countRunning',
  stopped: 'machines.wall.countStopped',
  threadbreak: 'machines.wall.countThreadbreak',
  idle: 'machines.wall.countIdle',
  setup: 'machines.wall.countSetup',
  error: 'machines.wall.countError',
  'not-reporting': 'machines.wall.countNotReporting',
  unknown: 'machines.wall.countUnknown',
}

/** Every machine that needs nobody: small, neutral, not-running ones first with their state in words.
 * On the wall the chips shrink when they would not fit, and give way to counts per state at last. */
export function QuietMachines({
  machines,
  codes,
  now,
  linkSearch,
  reasonOf,
  fit,
  room,
}: {
  machines: readonly Machine[]
  codes: StatusDictionary
  now: number
  linkSearch: string
  reasonOf: (m: Machine) => { planned: boolean; line: string } | null
  fit: boolean
  /** the chips' largest height on the wall, or null for what the cards above leave */
  room: string | null
}) {
  const { t } = useT()
  const list = useRef<HTMLUListElement>(null)
  // how far the chips are condensed on the wall: every machine at 2.2 vh, then 1.6 vh; then only the
  // machines not running as chips (the running ones counted), at 2.2 vh, then 1.6 vh; then counts only
  const [level, setLevel] = useState(0)
  const count = machines.length
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new number of machines, or more room, measures again from the largest size
  useLayoutEffect(() => setLevel(0), [count, room])
  useLayoutEffect(() => {
    const el = list.current
    if (!fit || !el || level >= LEVELS) return
    if (el.scrollHeight > el.clientHeight + 1) setLevel(level + 1)
  })
  if (count === 0) return null
  const states = machines.map((m) => boardState(m, now, codes))
  const running = states.filter((state) => state === 'running').length
  if (fit && level >= LEVELS) {
    const byState = new Map<BoardState, number>()
    for (const state of states) byState.set(state, (byState.get(state) ?? 0) + 1)
    return (
      <p className="text-[2.6vh] text-gray-700 dark:text-gray-300">
        {t('machines.wall.others', { count })}{' '}
        {[...byState].map(([state, n]) => t(STATE_COUNTS[state], { count: n })).join(' · ')}
      </p>
    )
  }
  const onlyStopped = fit && level >= 2
  const chips = onlyStopped ? machines.filter((_, i) => states[i] !== 'running') : machines
  return (
    <section
      aria-label={t('machines.wall.otherMachines')}
      className={fit && room === null ? 'flex min-h-0 flex-1 flex-col' : ''}
    >
      {onlyStopped && (
        <p className="text-[2.2vh] text-gray-700 dark:text-gray-300">
          {t('machines.wall.moreRunning', { count: running })}
        </p>
      )}
      <ul
        ref={list}
        className={`flex flex-wrap gap-[0.6vh] leading-snug ${CHIP_SIZES[level % 2]} ${fit ? `${room ?? 'min-h-0 flex-1 content-start'} overflow-hidden` : ''}`}
      >
        {chips.map((m) => {
          const state = boardState(m, now, codes)
          const label = stateLabel(m, state, codes, t)
          const age = state === 'running' ? null : secondsInState(m, state, now)
          const reason = state === 'running' ? null : reasonOf(m)
          return (
            <li key={m.id}>
              <Link
                to={{ pathname: machinePath(m.id), search: linkSearch }}
                className={`inline-block rounded border px-[0.8vh] text-gray-800 dark:text-gray-200 ${state === 'running' ? 'border-gray-400 dark:border-gray-600' : `border-y-gray-400 border-r-gray-400 border-l-[0.8vh] dark:border-y-gray-600 dark:border-r-gray-600 ${EDGE[state]}`}`}
              >
                {m.name}
                {state !== 'running' && (
                  <span className="font-semibold">
                    {' '}
                    <span aria-hidden="true">{STATE_ICONS[state]}</span> {label}
                    {age !== null && ` ${durationInWords(age)}`}
                  </span>
                )}
                {reason?.planned && ` · ${reason.line}`}
                {state === 'running' && <span className="sr-only">: {label}</span>}
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
