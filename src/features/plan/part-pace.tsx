import { useT } from '../../components/i18n'
import type { Translator } from '../../lib/i18n/translator'
import type { Pace } from '../../lib/plan'
import type { PartPlan } from './use-shift-plan'

type T = Translator['t']
type NumberFormat = Translator['number']

export const STATUS_ICON: Record<Pace['status'], string> = {
  ahead: '▲',
  'on-track': '●',
  behind: '▼',
  'not-started': '○',
}
export const STATUS_STYLE: Record<Pace['status'], string> = {
  ahead: 'text-green-800 dark:text-green-300',
  'on-track': 'text-gray-900 dark:text-gray-100',
  behind: 'text-red-800 dark:text-red-300',
  'not-started': 'text-gray-700 dark:text-gray-300',
}

/** "Behind by 180 (5 %)", "Ahead by 40 (1 %)", "On track". */
export function statusWords(pace: Pace, t: T, number: NumberFormat): string {
  const amount = number(Math.round(Math.abs(pace.variance)))
  const part =
    pace.variancePart === null ? '—' : number(Math.abs(pace.variancePart) * 100, { maximumFractionDigits: 0 })
  if (pace.status === 'not-started') return t('plan.pace.notStarted')
  if (pace.status === 'on-track') return t('plan.pace.onTrack')
  return pace.status === 'ahead'
    ? t('plan.pace.ahead', { amount, percent: part })
    : t('plan.pace.behind', { amount, percent: part })
}

/** "45 %", or a dash for a figure that cannot be worked out: the plan's pages' one way of writing a share. */
export const percentOf = (share: number | null, number: NumberFormat) =>
  share === null ? '—' : `${number(share * 100, { maximumFractionDigits: 0 })} %`

/** "Pieces 1,200 · plan by now 1,100 · ▲ ahead by 100 (9 %)": the count against the plan by now, and the
 * status in words and icon. */
export function PaceWords({ unit, pace }: { unit: string; pace: Pace }) {
  const { t, number } = useT()
  return (
    <>
      {t('plan.pace.count', {
        unit,
        actual: number(Math.round(pace.actual)),
        plan: number(Math.round(pace.planByNow)),
      })}{' '}
      <span className={STATUS_STYLE[pace.status]}>
        <span aria-hidden="true">{STATUS_ICON[pace.status]} </span>
        {statusWords(pace, t, number)}
      </span>
    </>
  )
}

/** A part's pace in one line: "Pieces 1,200 · plan by now 1,100 · ▲ ahead by 100 (9 %)", in pieces when
 * it has a piece target, else in stitches; "(default)" when its target is made from set speeds. */
export function PartPace({ part }: { part: PartPlan }) {
  const { t } = useT()
  const of = part.pieces ?? part.stitches
  if (!of) return <>{t('plan.target.none')}</>
  return (
    <>
      <PaceWords unit={of === part.pieces ? t('plan.unit.pieces') : t('plan.unit.stitches')} pace={of.pace} />
      {of.target.source === 'default' && ` ${t('plan.byLocation.defaultTarget')}`}
    </>
  )
}
