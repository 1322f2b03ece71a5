import { useAlerts } from '../../api/alerts'
import { useNow } from '../../components/now'
import { alertOrder, isOpen, onItWords, sinceWords } from './alert-words'
import { useAlertSignals } from './signals'

/** Alerts the wall lists in full; more are counted. */
const SHOWN = 3
/** How long an all clear stays on the wall. */
const ALL_CLEAR_MS = 2 * 60_000

/**
 * The wall calls for help (issue 19): a band above every page, in the wall's largest type, for each alert —
 * the machine, what is wrong and since when, and who is on it once someone is (amber then, red before).
 * An all clear shows for two minutes in green. Nothing when all is well: normal is quiet.
 */
export function WallAlerts({ timeZone }: { timeZone: string | undefined }) {
  const { data } = useAlerts()
  const now = useNow() * 1000
  useAlertSignals(data, timeZone)
  if (!data || !timeZone) return null
  const ordered = alertOrder(data.alerts)
  const waiting = ordered.filter((a) => isOpen(a) && a.acknowledgedAt === null)
  const onIt = ordered.filter((a) => isOpen(a) && a.acknowledgedAt !== null)
  const clear = ordered.filter((a) => a.clearedAt !== null && now - a.clearedAt < ALL_CLEAR_MS)
  if (waiting.length === 0 && onIt.length === 0 && clear.length === 0) return null
  return (
    <section aria-label="Alerts" className="border-b-4 border-gray-700 px-4 py-2">
      <ul className="flex flex-col gap-2">
        {waiting.slice(0, SHOWN).map((alert) => (
          <li
            key={alert.id}
            className="alert-flash flex flex-wrap items-baseline gap-x-6 rounded-lg bg-red-700 px-4 py-2 text-white"
          >
            <span className="text-kiosk-2xl font-bold">
              <span aria-hidden="true">⚠ </span>
              {alert.machineName}
            </span>
            <span className="text-kiosk-xl font-bold">{alert.cause}</span>
            <span className="text-kiosk-xl">{sinceWords(alert, now, timeZone)}</span>
            <span className="text-kiosk-xl font-semibold">Needs someone</span>
          </li>
        ))}
        {waiting.length > SHOWN && (
          <li className="text-kiosk-lg font-semibold">and {waiting.length - SHOWN} more needing someone</li>
        )}
        {/* someone is on these: one calm line each, amber, with who and since when */}
        {onIt.slice(0, SHOWN).map((alert) => (
          <li key={alert.id} className="rounded-lg bg-amber-300 px-4 py-1 text-kiosk-lg text-gray-950">
            <span aria-hidden="true">✋ </span>
            <span className="font-bold">{alert.machineName}</span> — {alert.cause}:{' '}
            {onItWords(alert, timeZone)}
          </li>
        ))}
        {onIt.length > SHOWN && (
          <li className="text-kiosk-base">and {onIt.length - SHOWN} more with someone on them</li>
        )}
        {waiting.length === 0 &&
          onIt.length === 0 &&
          clear.slice(0, 1).map((alert) => (
            <li key={alert.id} className="rounded-lg border-4 border-emerald-500 px-4 py-1 text-kiosk-lg">
              <span aria-hidden="true">✓ </span>All clear: {alert.machineName} — {alert.cause}
            </li>
          ))}
      </ul>
    </section>
  )
}
