import { useId } from 'react'
import { useAppConfig, useFactoryZone } from '../../api/core/app-config'
import { useLocations } from '../../api/machines/locations'
import { HowComputed } from '../../components/how-computed'
import { useT } from '../../components/i18n'
import { useRowsInBox } from '../../components/kiosk/rows-in-box'
import { useNow } from '../../components/now'
import { QueriesProblems } from '../../components/query-state'
import { formatFactoryDate, formatFactoryTime, localDateKey } from '../../lib/factory-time'
import type { Translator } from '../../lib/i18n/translator'
import type { Oee, Pace } from '../../lib/plan'
import { previousShift, type ShiftSpan } from '../../lib/time-range'
import { PaceWords, PartPace, percentOf } from './part-pace'
import { RejectsForm } from './rejects-form'
import { type PaceOf, type PartPlan, type ShiftPlan, useShiftPlan } from './use-shift-plan'

type T = Translator['t']
type NumberFormat = Translator['number']

/** "At this pace 7,650 of 8,000 by 14:00 · to catch up 780 an hour" */
function outlookWords(pace: Pace, end: string, t: T, number: NumberFormat): string {
  const parts: string[] = []
  if (pace.projected !== null)
    parts.push(
      t('plan.pace.projected', {
        projected: number(Math.round(pace.projected)),
        target: number(Math.round(pace.target)),
        end,
      }),
    )
  if (pace.catchUpPerHour !== null)
    parts.push(
      pace.catchUpPerHour === 0
        ? t('plan.pace.reached')
        : pace.status === 'behind'
          ? t('plan.pace.catchUp', { rate: number(Math.round(pace.catchUpPerHour)) })
          : t('plan.pace.needed', { rate: number(Math.round(pace.catchUpPerHour)) }),
    )
  return parts.join(' · ')
}

function targetWords(of: PaceOf, t: T, timeZone: string): string {
  if (of.target.source === 'default')
    return of.target.withoutSetSpeed > 0
      ? t('plan.target.defaultWithout', { count: of.target.withoutSetSpeed })
      : t('plan.target.default')
  const row = of.target.row
  if (row && of.target.source === 'locations')
    return t('plan.target.locations', {
      count: of.target.locations,
      name: row.by,
      when: `${formatFactoryDate(row.at, timeZone)} ${formatFactoryTime(row.at, timeZone, false)}`,
    })
  return row
    ? t('plan.target.set', {
        name: row.by,
        when: `${formatFactoryDate(row.at, timeZone)} ${formatFactoryTime(row.at, timeZone, false)}`,
      })
    : ''
}

/** The words under OEE: how it is computed and what it leaves out. */
export function oeeNotes(oee: Oee, t: T, noHistory = false): string[] {
  const notes: string[] = []
  if (noHistory) notes.push(t('plan.oee.noHistory'))
  else if (oee.missing.includes('no-planned-time')) notes.push(t('plan.oee.noPlannedTime'))
  if (oee.missing.includes('no-rejects') && oee.oee !== null) notes.push(t('plan.oee.noRejects'))
  if (oee.withoutSetSpeed > 0) notes.push(t('plan.oee.noSetSpeed', { count: oee.withoutSetSpeed }))
  return notes
}

/** The factors in a row: "Availability 82 % · Performance 64 % · Quality 98 % · OEE 51 % · TEEP 17 %". */
export function Factors({ oee, large }: { oee: Oee; large: boolean }) {
  const { t, number } = useT()
  const items: Array<[string, number | null, string]> = [
    [t('plan.oee.availability'), oee.availability, 'availability'],
    [t('plan.oee.performance'), oee.performance, 'performance'],
    [t('plan.oee.quality'), oee.quality, 'quality'],
    [oee.quality === null ? t('plan.oee.oeeNoQuality') : t('plan.oee.oee'), oee.oee, 'oee'],
    [t('plan.oee.teep'), oee.teep, 'teep'],
  ]
  return (
    <dl className={`flex flex-wrap gap-x-[2em] gap-y-1 ${large ? 'text-[4vh] leading-tight' : 'text-base'}`}>
      {items.map(([label, value, key]) => (
        <div key={key} className="flex items-baseline gap-2" data-figure={key}>
          <dt>{label}</dt>
          <dd className="font-bold tabular-nums">{percentOf(value, number)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** the locations on the wall, furthest behind first; the rest are on the desk page */
const WALL_LOCATIONS = 6

/** Each location's pace against its own target, on the wall under the factory's: furthest behind first; as
 * many as show whole where the panel is drawn (on the status board, over the other machines' chips), the
 * rest counted. */
function LocationsPace({ plan, large }: { plan: ShiftPlan; large: boolean }) {
  const { t } = useT()
  const { nameOf } = useLocations()
  const headingId = useId()
  const behind = (part: PartPlan) => (part.pieces ?? part.stitches)?.pace.variancePart ?? 0
  const rows = [...plan.byLocation].sort(([, a], [, b]) => behind(a) - behind(b))
  const listed = large ? rows.slice(0, WALL_LOCATIONS) : rows
  // measured again when the locations listed change (not at every new figure: a row is one line)
  const fit = useRowsInBox<HTMLUListElement>(large, listed.length, listed.map(([id]) => String(id)).join())
  if (rows.length < 2) return null
  const shown = listed.slice(0, fit.shown)
  const more = rows.length - listed.length + fit.more
  // no row shows whole: the heading and a count alone say nothing; the part stays, hidden, to be measured
  // again when its box grows
  return (
    <section aria-labelledby={headingId} hidden={large && shown.length === 0}>
      <h3 id={headingId} className={large ? 'text-[3vh] font-semibold' : 'text-lg font-semibold'}>
        {t('plan.byLocation.paceHeading')}
      </h3>
      <ul ref={fit.ref} className={large ? 'text-[3.6vh] leading-snug' : 'text-base'}>
        {shown.map(([id, part]) => (
          <li key={String(id)} className="tabular-nums" data-wall-item="">
            <span className="font-semibold">
              {id === null ? t('plan.byLocation.none') : (nameOf(id) ?? t('plan.byLocation.id', { id }))}
            </span>
            {': '}
            <PartPace part={part} />
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p ref={fit.lineRef} className="text-[2.8vh]">
          {t('plan.byLocation.more', { count: more })}
        </p>
      )}
    </section>
  )
}

/** One unit's pace: the count and the plan by now, the status in words and icon, the outlook. */
function PaceLine({
  label,
  of,
  end,
  large,
  primary,
}: {
  label: string
  of: PaceOf
  end: string
  large: boolean
  primary: boolean
}) {
  const { t, number } = useT()
  const { pace } = of
  const main = large ? (primary ? 'text-[6vh]' : 'text-[4vh]') : primary ? 'text-2xl' : 'text-lg'
  const sub = large ? (primary ? 'text-[3.6vh]' : 'text-[2.8vh]') : 'text-base'
  return (
    <div data-pace={primary ? 'primary' : 'secondary'}>
      <p className={`${main} leading-tight font-bold tabular-nums`} data-wall={primary ? 'pace' : undefined}>
        <PaceWords unit={label} pace={pace} />
      </p>
      <p className={`${sub} leading-snug tabular-nums`}>{outlookWords(pace, end, t, number)}</p>
    </div>
  )
}

/** The shift against its plan: pace in pieces and stitches, OEE and its factors; per location below. */
export function PacePanel({
  plan,
  large,
  timeZone,
  previous = null,
}: {
  plan: ShiftPlan
  large: boolean
  timeZone: string
  /** the shift that ended before this one (its rejects may be entered here too) */
  previous?: ShiftSpan | null
}) {
  const { t } = useT()
  const headingId = useId()
  const end = formatFactoryTime(plan.span[1], timeZone, false)
  const first = plan.pieces ?? plan.stitches
  const second = plan.pieces ? plan.stitches : null
  const figures = (
    <>
      {first ? (
        <PaceLine
          label={first === plan.pieces ? t('plan.unit.pieces') : t('plan.unit.stitches')}
          of={first}
          end={end}
          large={large}
          primary
        />
      ) : (
        <p className={large ? 'text-[4vh]' : 'text-lg'}>{t('plan.target.none')}</p>
      )}
      {second && (
        <PaceLine label={t('plan.unit.stitches')} of={second} end={end} large={large} primary={false} />
      )}
      <Factors oee={plan.oee} large={large} />
    </>
  )
  if (large)
    return (
      <section aria-labelledby={headingId} className="space-y-[1.5vh]">
        <h2 id={headingId} className="text-[3vh] font-semibold">
          {t('plan.heading', { shift: plan.shift.name, end })}
        </h2>
        {figures}
        <LocationsPace plan={plan} large />
      </section>
    )
  // at a desk the figures, what they leave out, and how they are made (folded); the rejects beside them
  // (a form, not an answer: below them it pushed why the machines stood off the first screen)
  const rejectsSaid = t('plan.oee.noRejects')
  const notes = oeeNotes(plan.oee, t, plan.noHistory).filter((note) => note !== rejectsSaid)
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('plan.heading', { shift: plan.shift.name, end })}
      </h2>
      <div className="grid gap-x-8 gap-y-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className="space-y-2">
          {figures}
          {notes.length > 0 && (
            <ul className="list-disc space-y-1 pl-5 text-sm text-gray-700 dark:text-gray-300">
              {notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
          <HowComputed>
            <ul className="list-disc space-y-1 pl-5">
              {first && <li>{targetWords(first, t, timeZone)}</li>}
              {second && second.target.row !== first?.target.row && (
                <li>{targetWords(second, t, timeZone)}</li>
              )}
              <li>{t('plan.how.availability')}</li>
              <li>{t('plan.how.performance')}</li>
              <li>{t('plan.how.quality')}</li>
              <li>{t('plan.how.pace')}</li>
              {plan.judgedFrom !== null && (
                <li>
                  {t('plan.oee.judgedFrom', { time: formatFactoryTime(plan.judgedFrom, timeZone, false) })}
                </li>
              )}
            </ul>
          </HowComputed>
        </div>
        <RejectsForm
          shifts={[
            {
              shift: plan.shift.name,
              day: plan.day,
              label: `${plan.shift.name} · ${formatFactoryDate(plan.span[0], timeZone)}`,
            },
            ...(previous
              ? [
                  {
                    shift: previous.shift.name,
                    day: localDateKey(previous.span[0], timeZone),
                    label: `${previous.shift.name} · ${formatFactoryDate(previous.span[0] * 1000, timeZone)}`,
                  },
                ]
              : []),
          ]}
          timeZone={timeZone}
        />
      </div>
    </section>
  )
}

/** The running shift's pace, read live; says when outside every shift and how old its figures are. */
export default function LivePace({ large }: { large: boolean }) {
  const { t } = useT()
  const now = useNow()
  const config = useAppConfig().data
  const timeZone = useFactoryZone()
  const previous = config ? previousShift(now, config.timeZone, config.shifts) : null
  const { plan, queries } = useShiftPlan(now)
  return (
    <div className={large ? 'space-y-[1vh]' : 'space-y-2'}>
      <QueriesProblems
        queries={[
          { name: t('plan.source.machines'), query: queries.machines },
          { name: t('plan.source.settings'), query: queries.settings },
          { name: t('plan.source.targets'), query: queries.targets },
          { name: t('plan.source.rejects'), query: queries.rejects },
          { name: t('plan.source.timeline'), query: queries.timeline },
          { name: t('plan.source.summary'), query: queries.summary },
        ]}
      />
      {plan === undefined ? (
        <p className={large ? 'text-[3vh]' : ''}>{t('plan.loading')}</p>
      ) : plan === null ? (
        <p className={large ? 'text-[3vh]' : ''}>{t('plan.noShift')}</p>
      ) : (
        <PacePanel plan={plan} large={large} timeZone={timeZone} previous={previous} />
      )}
    </div>
  )
}
