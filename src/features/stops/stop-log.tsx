import { useQuery } from '@tanstack/react-query'
import { useFactoryZone } from '../../api/core/app-config'
import { describeError } from '../../api/core/errors'
import { stopLogQueryOptions } from '../../api/stops/stops'
import { useT } from '../../components/i18n'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import { reasonName } from '../../lib/stop-reasons'
import { useStopSettings } from './use-stops'

/** Every change of one stop's parts: who, when, the reason before and after, a split. */
export function StopLogList({ machineId, from, till }: { machineId: string; from: number; till: number }) {
  const { t } = useT()
  const log = useQuery(stopLogQueryOptions(machineId, from, till))
  const settings = useStopSettings()
  const timeZone = useFactoryZone()
  const words = (value: unknown) => {
    const id = (value as { reason?: unknown } | null)?.reason
    if (typeof id !== 'string') return t('stops.log.none')
    const reason = settings?.reasons.find((r) => r.id === id)
    const comment = (value as { comment?: unknown }).comment
    return `${reason ? reasonName(reason, t) : id}${typeof comment === 'string' && comment ? ` (${comment})` : ''}`
  }
  if (log.isError) return <p role="alert">{describeError(log.error, t)}</p>
  if (!log.data) return <p>{t('stops.dialog.loading')}</p>
  if (log.data.length === 0) return <p className="text-sm">{t('stops.log.empty')}</p>
  return (
    <ol className="mt-1 space-y-1 text-sm">
      {log.data.map((entry) => {
        const when = `${formatFactoryDate(entry.at, timeZone)} ${formatFactoryTime(entry.at, timeZone, false)}`
        return (
          <li key={entry.id}>
            <time dateTime={new Date(entry.at).toISOString()}>{when}</time>{' '}
            {entry.action === 'split'
              ? t('stops.log.split', {
                  name: entry.by,
                  time: formatFactoryTime(
                    Number((entry.after as { at?: unknown } | null)?.at),
                    timeZone,
                    false,
                  ),
                })
              : t('stops.log.reason', {
                  name: entry.by,
                  before: words(entry.before),
                  after: words(entry.after),
                })}
          </li>
        )
      })}
    </ol>
  )
}
