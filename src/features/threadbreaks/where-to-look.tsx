import { useId, useState } from 'react'
import { Link } from 'react-router'
import { NotInKiosk, useKiosk } from '../../components/kiosk'
import { machinePath } from '../../components/machine-path'
import { breaksAt, trendInWords } from '../../lib/breaks-trend'
import type { ThreadbreakCount } from '../../lib/domain'
import { HOT_SPOT_RULE, type HotSpot, hotSpotInWords } from '../../lib/hot-spots'
import { COMPARING } from './comparing-style'
import { HEALTHY_BREAKS_PER_HEAD_HOUR, type threadbreakView } from './threadbreak-view'

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
  const [all, setAll] = useState(false)
  const ruleId = useId()
  const kiosk = useKiosk()
  const spots = found ?? []
  const shown = all ? spots : spots.slice(0, 12)
  // running hours are those of the page's range: per running hour only when the list looks at it
  const hoursOf = new Map(longer ? [] : view.machines.map((m) => [m.machineId, m.runningHours]))
  return (
    <aside
      aria-labelledby={`${ruleId}-heading`}
      className={`rounded border border-gray-300 p-3 dark:border-gray-700 ${kiosk.on ? '' : 'xl:w-96 xl:shrink-0'}`}
    >
      <h2 id={`${ruleId}-heading`} className="text-lg font-semibold">
        Where to look first
      </h2>
      <NotInKiosk>
        <details className="text-sm">
          <summary className="cursor-help underline decoration-dotted" title={HOT_SPOT_RULE}>
            How is this decided?
          </summary>
          <p className="mt-1">{HOT_SPOT_RULE}</p>
        </details>
      </NotInKiosk>
      {longer && (
        <p className="mt-1 text-sm">
          Over the last 7 days ({longer}): a day has too few breaks for the rule to single anything out.
          {!kiosk.on && ' Choose a time range to look at that range instead.'}
        </p>
      )}
      {found === null ? (
        <p className="mt-1" role="status">
          Reading the last 7 days…
        </p>
      ) : spots.length === 0 ? (
        <p className="mt-1">Nothing stands out: breaks are spread as evenly as chance allows.</p>
      ) : (
        <ol className="mt-1 list-decimal space-y-1 pl-[2em]">
          {shown.map((spot) => {
            const hours = hoursOf.get(spot.machineId)
            return (
              <li key={`${spot.machineId}|${spot.head}|${spot.needle}`}>
                {kiosk.on ? (
                  hotSpotInWords(spot)
                ) : (
                  <Link className="underline" to={machinePath(spot.machineId)}>
                    {hotSpotInWords(spot)}
                  </Link>
                )}
                {earlier && (
                  <span className="text-sm">
                    {' '}
                    ({trendInWords(spot.count, breaksAt(earlier, spot))} in the {longer ? '7 days' : 'range'}{' '}
                    before)
                  </span>
                )}
                {!earlier && comparing && (
                  <span className={`text-sm ${COMPARING}`}>
                    {' '}
                    (comparing with the {longer ? '7 days' : 'range'} before…)
                  </span>
                )}
                {hours && spot.needle === null && spot.head !== null ? (
                  <span className="text-sm"> ({(spot.count / hours).toFixed(2)} per running hour)</span>
                ) : null}
              </li>
            )
          })}
        </ol>
      )}
      {spots.length > shown.length && (
        <button type="button" className="mt-2 underline" onClick={() => setAll(true)}>
          Show all {spots.length}
        </button>
      )}
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        Rule of thumb: a healthy head breaks rarely; a 15-head machine around 2–3 breaks an hour in total (≈{' '}
        {HEALTHY_BREAKS_PER_HEAD_HOUR.toFixed(2)} per head-hour).
      </p>
    </aside>
  )
}
