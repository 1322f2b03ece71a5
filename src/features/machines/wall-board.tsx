import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { useFactoryZone } from '../../api/core/app-config'
import { designLabel } from '../../api/machines/designs'
import { useT } from '../../components/i18n'
import { useKiosk } from '../../components/kiosk/kiosk-context'
import { machinePath } from '../../components/machine-path'
import { STATE_STYLES } from '../../components/status-badge'
import { lazyPart, withMessages } from '../../components/with-messages'
import type { Design, Machine } from '../../lib/domain'
import { formatFactoryTime } from '../../lib/factory-time'
import {
  boardState,
  callsOut,
  STATE_ICONS,
  type StatusDictionary,
  sortMachines,
  stateLabel,
  stateTimeWords,
} from '../../lib/machine-state'
import { reasonWords, useCurrentStops, useStopSettings, useStopsRead } from '../stops/use-stops'
import { QuietMachines } from './quiet-machines'

// the shift's pace against its plan (issue 36): the wall's page when nothing needs attention
const LivePace = lazy(withMessages('src/features/plan/pace-panel.tsx', () => import('../plan/pace-panel')))

const PaceSummary = lazyPart(
  'src/features/plan/pace-summary.tsx',
  () => import('../plan/pace-summary'),
  (module) => module.PaceSummary,
)

/**
 * The status board on a wall (issue 20), in the spirit of ISA-101: machines that need someone are large
 * cards in colour with icon and words (name, state, time in state, where and what) in one urgency order
 * across locations; every other machine is a small neutral chip. Type is sized on the screen's height
 * (5 vh: 54 px at 1080 px, the same share on 4K), so it is read from across a hall. Nothing is cut off:
 * cards that do not fit are split into screens that take turns in the kiosk's rotation, and the chips are
 * condensed to counts when even small type would not fit.
 */
export function WallBoard({
  machines,
  attentionMinutes,
  codes,
  designs,
  now,
  linkSearch,
  locationName,
}: {
  machines: readonly Machine[]
  attentionMinutes: number
  codes: StatusDictionary
  designs: ReadonlyMap<string, Design> | undefined
  now: number
  linkSearch: string
  locationName: (machine: Machine) => string | null
}) {
  const { t } = useT()
  const kiosk = useKiosk()
  // what each standing machine stands for (issue 35): a planned stop calls nobody, and says until when
  const stops = useCurrentStops()
  const settings = useStopSettings()
  const stopsRead = useStopsRead()
  const timeZone = useFactoryZone()
  const reasonOf = (m: Machine) => {
    const part = stops.get(m.id)
    const words = part ? reasonWords(part, settings, t) : null
    if (!part || !words) return null
    const planned = words.reason?.planned === true && part.plannedUntil !== null
    return {
      planned,
      line: planned
        ? t('stops.words.plannedUntil', {
            reason: words.name,
            till: formatFactoryTime(part.plannedUntil!, timeZone, false),
          })
        : words.line,
    }
  }
  const urgent = sortMachines(
    machines.filter((m) => callsOut(m, now, attentionMinutes, codes) && !reasonOf(m)?.planned),
    'urgency',
    now,
    codes,
  )
  const urgentIds = new Set(urgent.map((m) => m.id))
  const quiet = sortMachines(
    machines.filter((m) => !urgentIds.has(m.id)),
    'urgency',
    now,
    codes,
  )
  const running = quiet.filter((m) => boardState(m, now, codes) === 'running').length

  const box = useRef<HTMLDivElement>(null)
  const measure = useRef<HTMLUListElement>(null)
  // the cards' order and their reason lines (a line makes a card taller) decide where each screen ends
  const starts = useScreenStarts(
    box,
    measure,
    kiosk.on,
    urgent.map((m) => `${m.id}:${reasonOf(m)?.line ?? ''}`).join('\n'),
  )
  const { setScreens } = kiosk
  useEffect(() => setScreens?.(starts.length), [setScreens, starts.length])
  const screen = Math.min(kiosk.screen ?? 0, starts.length - 1)
  const shown = kiosk.on ? urgent.slice(starts[screen], starts[screen + 1]) : urgent
  const card = (m: Machine) => (
    <WallCard
      key={m.id}
      machine={m}
      codes={codes}
      now={now}
      design={m.designId === null ? null : designLabel(designs, m.designId)}
      location={locationName(m)}
      linkSearch={linkSearch}
      reason={reasonOf(m)?.line ?? null}
    />
  )
  const grid = 'grid grid-cols-[repeat(auto-fill,minmax(min(100%,30vw),1fr))] gap-[1.2vh]'
  // the other machines' chips when more than three cards call out: on the kiosk less, so that the cards'
  // box under the alerts' band holds the tallest card (a German thread-break card with its rule reason
  // was 398 px in a box of 378, and every screen cut it)
  const manyRoom = kiosk.on ? 'max-h-[14vh]' : 'max-h-[22vh]'
  // one to three cards (one row on a wall) take the room they need, and the chips what is left (a fixed
  // half of the screen for the chips cut a German "not reporting" card at its foot, and split one card
  // over two screens); the shift's pace, when no card calls out, takes what the chips leave, and the chips
  // a quarter of the screen at most (given 70 %, four lines of 44 machines' chips cut the Spanish pace's
  // last line; what does not fit of the pace's locations is counted)
  const few = urgent.length > 0 && urgent.length <= 3
  return (
    <div className={`flex flex-col gap-[1vh] ${kiosk.on ? 'min-h-0 flex-1' : ''}`}>
      <p className="flex flex-wrap items-baseline gap-x-[2vw] text-[3vh] leading-tight">
        <strong className={urgent.length > 0 ? 'text-[4vh]' : ''}>
          {t('machines.attention.count', { count: urgent.length })}
        </strong>
        <span>{t('machines.wall.running', { running, total: machines.length })}</span>
        {kiosk.on && starts.length > 1 && (
          <span>
            {t('machines.wall.showing', {
              first: starts[screen]! + 1,
              last: starts[screen]! + shown.length,
              count: urgent.length,
              screens: starts.length - 1,
            })}
          </span>
        )}
      </p>
      <div
        ref={box}
        className={`relative ${kiosk.on ? `min-h-0 overflow-hidden ${few ? 'flex-[0_1_auto]' : 'flex-1'}` : ''}`}
      >
        {urgent.length === 0 ? (
          <>
            <p className="text-[3vh] text-gray-700 dark:text-gray-300">
              {t('machines.wall.noneNeedAttention')}
            </p>
            {/* the wall's page is the shift's pace in its largest type; in a desk's window, under the
                navigation, one line of it leaves every machine on the screen */}
            <Suspense fallback={null}>{kiosk.on ? <LivePace large /> : <PaceSummary wall />}</Suspense>
          </>
        ) : (
          // busy until the reasons are read: the screens are counted again when their lines arrive
          <ul className={grid} aria-label={t('machines.wall.attentionList')} aria-busy={!stopsRead}>
            {shown.map(card)}
          </ul>
        )}
        {kiosk.on && (
          // every card laid out once, out of sight (and clipped, so the box never scrolls), to find where
          // each screen ends
          <div
            className="invisible absolute inset-x-0 top-0 h-0 overflow-hidden"
            aria-hidden="true"
            inert
            data-measure-only=""
          >
            <ul ref={measure} className={grid}>
              {urgent.map(card)}
            </ul>
          </div>
        )}
      </div>
      <QuietMachines
        machines={quiet}
        codes={codes}
        now={now}
        linkSearch={linkSearch}
        reasonOf={reasonOf}
        fit={kiosk.on}
        room={few ? null : urgent.length === 0 ? 'max-h-[24vh]' : manyRoom}
      />
    </div>
  )
}

/** Where each screen of cards starts: rows of the grid as laid out, as many as fit the box's height. */
function useScreenStarts(
  box: React.RefObject<HTMLDivElement | null>,
  measure: React.RefObject<HTMLUListElement | null>,
  on: boolean,
  key: string,
): number[] {
  const [starts, setStarts] = useState<number[]>([0])
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` (the cards' order) is what re-measures
  useLayoutEffect(() => {
    if (!on) return
    const find = () => {
      const height = box.current?.clientHeight ?? 0
      const items = [...(measure.current?.children ?? [])] as HTMLElement[]
      const next = [0]
      let top = items[0]?.offsetTop ?? 0
      items.forEach((item, i) => {
        if (i > next.at(-1)! && item.offsetTop + item.offsetHeight - top > height) {
          next.push(i)
          top = item.offsetTop
        }
      })
      setStarts((previous) => (previous.join() === next.join() ? previous : next))
    }
    find()
    // a wall's browser has it; a test's DOM may not
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(find)
    if (box.current) observer.observe(box.current)
    // and when a card grows or shrinks as the clock moves on ("for 59 min" to "for 1 h 0 min" may take
    // a line more in German): the cards laid out out of sight are the ones measured
    if (measure.current) observer.observe(measure.current)
    return () => observer.disconnect()
  }, [on, key])
  return starts
}

function WallCard({
  machine,
  codes,
  now,
  design,
  location,
  linkSearch,
  reason,
}: {
  machine: Machine
  codes: StatusDictionary
  now: number
  design: string | null
  location: string | null
  linkSearch: string
  /** why it stands ("Waiting for garments · Ana"), when someone or a rule said */
  reason: string | null
}) {
  const { t } = useT()
  const state = boardState(machine, now, codes)
  const label = stateLabel(machine, state, codes, t)
  const time = stateTimeWords(machine, state, now, t)
  const context = [
    location,
    state === 'not-reporting' ? null : design,
    machine.statusCode === null ? null : t('machines.wall.code', { code: String(machine.statusCode) }),
  ].filter(Boolean)
  return (
    <li>
      <article
        aria-label={`${machine.name}: ${label}, ${time}${reason ? `, ${reason}` : ''}`}
        className={`h-full rounded-lg border-[0.5vh] border-gray-950 px-[1.2vh] py-[1vh] break-words dark:border-white ${STATE_STYLES[state]}`}
      >
        <h3 className="text-[5vh] leading-tight font-bold" data-wall="name">
          <Link to={{ pathname: machinePath(machine.id), search: linkSearch }} className="hover:underline">
            {machine.name}
          </Link>
        </h3>
        <p className="flex flex-wrap gap-x-[1.5vh] text-[5vh] leading-tight">
          <span className="font-bold" data-wall="state">
            <span aria-hidden="true">{STATE_ICONS[state]} </span>
            {label}
          </span>
          <span data-wall="time">{time}</span>
        </p>
        {reason && <p className="text-[3.2vh] leading-tight font-semibold">{reason}</p>}
        {context.length > 0 && <p className="text-[2.6vh] leading-snug">{context.join(' · ')}</p>}
      </article>
    </li>
  )
}
