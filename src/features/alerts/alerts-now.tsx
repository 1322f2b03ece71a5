import { Link } from 'react-router'
import { useAlerts } from '../../api/alerts/alerts'
import { useKnownFactoryZone } from '../../api/core/app-config'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { QueryState } from '../../components/query-state'
import type { Alert } from '../../lib/domain'
import { formatFactoryTime } from '../../lib/factory-time'
import { AcknowledgeButton } from './acknowledge'
import {
  alertOrder,
  alertPath,
  causeWords,
  clearWords,
  detailWords,
  onItWords,
  sinceWords,
} from './alert-words'

/** The server's alerts as the page lists them: the most urgent first, each with "I'm on it" while nobody is. */
export function AlertsNow() {
  const { t } = useT()
  const alerts = useAlerts()
  const timeZone = useKnownFactoryZone()
  const now = useNow() * 1000
  return (
    <section aria-labelledby="alerts-now">
      <h2 id="alerts-now" className="mb-2 text-xl font-semibold">
        {t('alerts.now.heading')}
      </h2>
      <QueryState query={alerts} empty={null}>
        {(list) =>
          !list.available ? (
            <p>{t('alerts.now.unavailable', { reason: list.reason ?? '' })}</p>
          ) : list.alerts.length === 0 || !timeZone ? (
            <p>{t('alerts.now.none')}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {alertOrder(list.alerts).map((alert) => (
                <AlertRecord key={alert.id} alert={alert} now={now} timeZone={timeZone} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  )
}

function AlertRecord({ alert, now, timeZone }: { alert: Alert; now: number; timeZone: string }) {
  const { t } = useT()
  const time = (at: number) => formatFactoryTime(at, timeZone, false)
  const state =
    alert.clearedAt !== null
      ? t('alerts.now.allClear')
      : alert.acknowledgedAt !== null
        ? t('alerts.now.someoneOnIt')
        : t('alerts.now.needsSomeone')
  // raised, the escalation level told, who is on it, the all clear
  const facts = [
    t('alerts.now.raised', { time: time(alert.raisedAt) }),
    alert.level >= 0 ? t('alerts.now.level', { level: alert.level + 1 }) : null,
    onItWords(alert, timeZone, t),
    clearWords(alert, timeZone, t),
  ].filter((fact) => fact !== null)
  return (
    <li
      className={`rounded border-l-8 border-y border-r p-3 ${alert.clearedAt !== null ? 'border-emerald-600' : alert.acknowledgedAt !== null ? 'border-amber-500' : 'border-red-600'}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="font-bold">{state}:</span>
        <Link
          to={alertPath(alert)}
          className="font-semibold underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center"
        >
          {alert.machineName}
        </Link>
        <span>— {causeWords(alert, t)}</span>
        {alert.clearedAt === null && <span>{sinceWords(alert, now, timeZone, t)}</span>}
      </p>
      <p className="text-sm">{detailWords(alert, timeZone, t)}.</p>
      <p className="text-sm text-gray-700 dark:text-gray-300">{facts.join(' · ')}</p>
      {alert.clearedAt === null && alert.acknowledgedAt === null && (
        <div className="mt-1">
          <AcknowledgeButton alert={alert} />
        </div>
      )}
    </li>
  )
}
