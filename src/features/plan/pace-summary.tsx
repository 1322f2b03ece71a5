import { Link } from 'react-router'
import { useFactoryZone } from '../../api/core/app-config'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { formatFactoryTime } from '../../lib/factory-time'
import { percentOf, STATUS_ICON, STATUS_STYLE, statusWords } from './part-pace'
import { useShiftPlan } from './use-shift-plan'

/**
 * The running shift's pace in one line, for the board's summary and the wall density on a desk: "Early
 * shift until 14:00 · Pieces 3,420 · plan by now 3,600 · ▼ behind by 180 (5 %) · at this pace 7,650 of
 * 8,000 · OEE 48 %", and a link to the plan's page where every figure is explained. The line's room is
 * held while it loads (the caller's box), so nothing under it moves when it arrives.
 */
export function PaceSummary({ wall = false }: { wall?: boolean }) {
  const { t, number } = useT()
  const now = useNow()
  const timeZone = useFactoryZone()
  const { plan } = useShiftPlan(now)
  if (plan === undefined) return null
  const link = (
    <Link
      to="/pace"
      className="underline underline-offset-2 max-sm:inline-flex max-sm:min-h-11 max-sm:items-center"
    >
      {t('plan.summary.details')}
    </Link>
  )
  if (plan === null)
    return (
      <p className={wall ? 'text-[3vh]' : ''}>
        {t('plan.noShift')} {link}
      </p>
    )
  const end = formatFactoryTime(plan.span[1], timeZone, false)
  const of = plan.pieces ?? plan.stitches
  const { oee } = plan.oee
  // items of a list, each its own small box, and small type on a phone: one paragraph of four lines (then
  // one item of two) was the phone's largest text, and its arrival after the tiles the page's largest paint
  return (
    <ul
      className={`flex flex-wrap gap-x-[0.5em] tabular-nums ${wall ? 'text-[3vh] leading-snug' : 'text-sm sm:text-base'}`}
      data-pace="summary"
      aria-label={t('plan.summary.label')}
    >
      <li className="font-bold">{t('plan.summary.shift', { shift: plan.shift.name, end })}</li>
      {of ? (
        <>
          <li className="font-semibold">
            <Dot />
            {t('plan.pace.count', {
              unit: of === plan.pieces ? t('plan.unit.pieces') : t('plan.unit.stitches'),
              actual: number(Math.round(of.pace.actual)),
              plan: number(Math.round(of.pace.planByNow)),
            })}
          </li>
          <li className={`font-semibold ${STATUS_STYLE[of.pace.status]}`}>
            <Dot />
            <span aria-hidden="true">{STATUS_ICON[of.pace.status]} </span>
            {statusWords(of.pace, t, number)}
          </li>
          {of.pace.projected !== null && (
            <li>
              <Dot />
              {t('plan.summary.projected', {
                projected: number(Math.round(of.pace.projected)),
                target: number(Math.round(of.pace.target)),
              })}
            </li>
          )}
        </>
      ) : (
        <li>
          <Dot />
          {t('plan.summary.noTarget')}
        </li>
      )}
      <li>
        <Dot />
        {plan.oee.quality === null ? t('plan.oee.oeeNoQuality') : t('plan.oee.oee')} {percentOf(oee, number)}
      </li>
      <li>{link}</li>
    </ul>
  )
}

/** the separator between the line's items, as the other pace lines write it */
const Dot = () => <span aria-hidden="true">· </span>
