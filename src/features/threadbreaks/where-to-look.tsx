import { useId, useState } from 'react'
import { Link } from 'react-router'
import { useT } from '../../components/i18n'
import { NotInKiosk, useKiosk } from '../../components/kiosk/kiosk-context'
import { machinePath } from '../../components/machine-path'
import { breaksAt, trendInWords } from '../../lib/breaks-trend'
import type { ThreadbreakCount } from '../../lib/domain'
import { type HotSpot, hotSpotInWords, hotSpotRule } from '../../lib/hot-spots'
import { COMPARING } from './comparing-style'
import { HEALTHY_BREAKS_PER_HEAD_HOUR, type threadbreakView } from './threadbreak-view'

const FIXED_2 = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const

/** The hot spots, most telling first, each against the range before, with the rule that finds them. */
export function WhereToLook({
  view,
  spots: found,
  longer,
  earlier,
  comparing,
}: {
  view: ReturnType<typeof threadbreakView>
  /** the hot spots (null while the longer range loads) */
  spots: readonly HotSpot[] | null
  /** the longer range the list looks at, in words, when it is not the page's */
  longer: string | null
  /** the rows of the range before the list's (undefined while they load) */
  earlier: readonly ThreadbreakCount[] | undefined
  comparing: boolean
}) {
  const { t, number } = useT()
  const [all, setAll] = useState(false)
  const ruleId = useId()
  const kiosk = useKiosk()
  const spots = found ?? []
  const shown = all ? spots : spots.slice(0, 12)
  // running hours are those of the page's range: per running hour only when the list looks at it
  const hoursOf = new Map(longer ? [] : view.machines.map((m) => [m.machineId, m.runningHours]))
  const rule = hotSpotRule(t)
  const trendOf = (spot: HotSpot, rows: readonly ThreadbreakCount[]) =>
    trendInWords(spot.count, breaksAt(rows, spot), t)
  return (
    <aside
      aria-labelledby={`${ruleId}-heading`}
      className={`rounded border border-gray-300 p-3 dark:border-gray-700 ${kiosk.on ? '' : 'xl:w-96 xl:shrink-0'}`}
    >
      <h2 id={`${ruleId}-heading`} className="text-lg font-semibold">
        {t('threadbreaks.where.title')}
      </h2>
      <NotInKiosk>
        <details className="text-sm">
          <summary className="cursor-help underline decoration-dotted" title={rule}>
            {t('threadbreaks.where.how')}
          </summary>
          <p className="mt-1">{rule}</p>
        </details>
      </NotInKiosk>
      {longer && (
        <p className="mt-1 text-sm">
          {t('threadbreaks.where.longer', { range: longer })}
          {!kiosk.on && ` ${t('threadbreaks.where.chooseRange')}`}
        </p>
      )}
      {found === null ? (
        <p className="mt-1" role="status">
          {t('threadbreaks.where.reading')}
        </p>
      ) : spots.length === 0 ? (
        <p className="mt-1">{t('threadbreaks.where.nothing')}</p>
      ) : (
        <ol className="mt-1 list-decimal space-y-1 pl-[2em]">
          {shown.map((spot) => {
            const hours = hoursOf.get(spot.machineId)
            return (
              <li key={`${spot.machineId}|${spot.head}|${spot.needle}`}>
                {kiosk.on ? (
                  hotSpotInWords(spot, t)
                ) : (
                  <Link className="underline" to={machinePath(spot.machineId)}>
                    {hotSpotInWords(spot, t)}
                  </Link>
                )}
                {earlier && (
                  <span className="text-sm">
                    {' '}
                    {longer
                      ? t('threadbreaks.where.trendWeek', { trend: trendOf(spot, earlier) })
                      : t('threadbreaks.where.trendRange', { trend: trendOf(spot, earlier) })}
                  </span>
                )}
                {!earlier && comparing && (
                  <span className={`text-sm ${COMPARING}`}>
                    {' '}
                    {longer ? t('threadbreaks.where.comparingWeek') : t('threadbreaks.where.comparingRange')}
                  </span>
                )}
                {hours && spot.needle === null && spot.head !== null ? (
                  <span className="text-sm">
                    {' '}
                    {t('threadbreaks.where.perRunningHour', { rate: number(spot.count / hours, FIXED_2) })}
                  </span>
                ) : null}
              </li>
            )
          })}
        </ol>
      )}
      {spots.length > shown.length && (
        <button type="button" className="mt-2 underline" onClick={() => setAll(true)}>
          {t('threadbreaks.where.showAll', { count: spots.length })}
        </button>
      )}
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        {t('threadbreaks.where.ruleOfThumb', { rate: number(HEALTHY_BREAKS_PER_HEAD_HOUR, FIXED_2) })}
      </p>
    </aside>
  )
}
