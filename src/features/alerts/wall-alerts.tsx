import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { alertOrder, causeWords, clearWords, isOpen, onItWords, sinceWords } from './alert-words'
import { useFloorAlerts } from './floor-alerts'
import { useAlertSignals } from './signals'

/** How long an all clear stays on the wall. */
const ALL_CLEAR_MS = 2 * 60_000

/**
 * The wall calls for help (issue 19): a band above every page (at most about a seventh of the screen, so the
 * page below keeps its room): the newest alert nobody is on in the type of the wall's attention cards —
 * the machine, what is wrong and since when, and who is on it once someone is (amber then, red before).
 * An all clear shows for two minutes in green. Nothing when all is well: normal is quiet.
 */
export function WallAlerts({ timeZone }: { timeZone: string | undefined }) {
  const { t } = useT()
  const data = useFloorAlerts()
  const now = useNow() * 1000
  useAlertSignals(data, timeZone)
  if (!data || !timeZone) return null
  const ordered = alertOrder(data.alerts)
  const waiting = ordered.filter((a) => isOpen(a) && a.acknowledgedAt === null)
  const onIt = ordered.filter((a) => isOpen(a) && a.acknowledgedAt !== null)
  const clear = ordered.filter((a) => a.clearedAt !== null && now - a.clearedAt < ALL_CLEAR_MS)
  if (waiting.length === 0 && onIt.length === 0 && clear.length === 0) return null
  const first = waiting[0]
  // beside the red card, or alone: who is on what
  const onItShown = onIt.slice(0, first ? 1 : 2)
  const more = [
    waiting.length > 1 ? t('alertBar.wall.moreWaiting', { count: waiting.length - 1 }) : null,
    onIt.length > onItShown.length
      ? t('alertBar.wall.moreOnIt', { count: onIt.length - onItShown.length })
      : null,
  ].filter(Boolean)
  const side = first ? 'col-start-2' : ''
  return (
    <section aria-label={t('alertBar.bar.label')} className="border-b-4 border-gray-700 px-4 py-2">
      <ul
        className={
          first ? 'grid grid-cols-[minmax(0,1fr)_minmax(0,32%)] gap-x-4 gap-y-1' : 'flex flex-col gap-1'
        }
      >
        {first && (
          // the newest alert nobody is on, in the attention cards' type, three lines of their own: what (it
          // changes only with the cause), since when (it grows with the clock and must never re-wrap the
          // band and move the page below), and that nobody is on it yet
          <li className="alert-flash row-span-3 rounded-lg bg-red-700 px-4 py-1 text-kiosk-xl text-white">
            <p className="font-bold">
              <span aria-hidden="true">⚠ </span>
              {first.machineName} — {causeWords(first, t)}
            </p>
            <p className="whitespace-nowrap">{sinceWords(first, now, timeZone, t)}</p>
            <p className="font-semibold">
              {clearWords(first, timeZone, t) ?? t('alertBar.state.needsSomeone')}
            </p>
          </li>
        )}
        {onItShown.map((alert) => (
          <li
            key={alert.id}
            className={`${side} rounded-lg bg-amber-300 px-3 py-1 text-kiosk-lg text-gray-950`}
          >
            <span aria-hidden="true">✔ </span>
            <span className="font-bold">{alert.machineName}</span> — {causeWords(alert, t)}:{' '}
            {onItWords(alert, timeZone, t)}
          </li>
        ))}
        {more.length > 0 && (
          <li className={`${side} text-kiosk-lg font-semibold`}>
            {t('alertBar.wall.more', { list: more.join(', ') })}
          </li>
        )}
        {!first &&
          onIt.length === 0 &&
          clear.slice(0, 1).map((alert) => (
            <li key={alert.id} className="rounded-lg border-4 border-emerald-500 px-4 py-1 text-kiosk-lg">
              <span aria-hidden="true">✓ </span>
              {t('alertBar.wall.allClear', { machine: alert.machineName, cause: causeWords(alert, t) })}
            </li>
          ))}
      </ul>
    </section>
  )
}
