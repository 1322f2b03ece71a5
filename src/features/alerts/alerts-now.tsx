import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useAlerts } from '../../api/alerts'
import { appConfigQueryOptions } from '../../api/app-config'
import { machinePath } from '../../components/machine-path'
import { useNow } from '../../components/now'
import { QueryState } from '../../components/query-state'
import type { Alert } from '../../lib/domain'
import { formatFactoryTime } from '../../lib/factory-time'
import { AcknowledgeButton } from './acknowledge'
import { alertOrder, clearWords, onItWords, sinceWords } from './alert-words'

/** The server's alerts as the page lists them: the most urgent first, each with "I'm on it" while nobody is. */
export function AlertsNow() {
  const alerts = useAlerts()
  const config = useQuery(appConfigQueryOptions())
  const now = useNow() * 1000
  const timeZone = config.data?.timeZone
  return (
    <section aria-labelledby="alerts-now">
      <h2 id="alerts-now" className="mb-2 text-xl font-semibold">
        Now and the last quarter hour
      </h2>
      <QueryState query={alerts} empty={null}>
        {(list) =>
          !list.available ? (
            <p>No alerts: {list.reason}</p>
          ) : list.alerts.length === 0 || !timeZone ? (
            <p>No alert. Everything the rules watch is as it should be.</p>
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
  const time = (at: number) => formatFactoryTime(at, timeZone, false)
  const state =
    alert.clearedAt !== null
      ? 'All clear'
      : alert.acknowledgedAt !== null
        ? 'Someone is on it'
        : 'Needs someone'
  return (
    <li
      className={`rounded border-l-8 border-y border-r p-3 ${alert.clearedAt !== null ? 'border-emerald-600' : alert.acknowledgedAt !== null ? 'border-amber-500' : 'border-red-600'}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="font-bold">{state}:</span>
        <Link to={machinePath(alert.machineId)} className="font-semibold underline">
          {alert.machineName}
        </Link>
        <span>— {alert.cause}</span>
        {alert.clearedAt === null && <span>{sinceWords(alert, now, timeZone)}</span>}
      </p>
      <p className="text-sm">{alert.detail.replace(/ (since|First of them)$/, '')}.</p>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Raised {time(alert.raisedAt)}
        {alert.level >= 0 ? ` · escalation level ${alert.level + 1}` : ''}
        {onItWords(alert, timeZone) ? ` · ${onItWords(alert, timeZone)}` : ''}
        {clearWords(alert, timeZone) ? ` · ${clearWords(alert, timeZone)}` : ''}
      </p>
      {alert.clearedAt === null && alert.acknowledgedAt === null && (
        <div className="mt-1">
          <AcknowledgeButton alert={alert} />
        </div>
      )}
    </li>
  )
}
