import { useFactoryZone } from '../api/core/app-config'
import { formatFactoryDate, formatFactoryTime } from '../lib/factory-time'

/** A moment shown as a factory clock time (the factory's timezone, the browser's locale). */
export function FactoryTime({
  epochMs,
  withSeconds = true,
  format = 'time',
}: {
  epochMs: number
  withSeconds?: boolean
  format?: 'time' | 'date'
}) {
  const timeZone = useFactoryZone()
  return (
    <time dateTime={new Date(epochMs).toISOString()}>
      {format === 'date'
        ? formatFactoryDate(epochMs, timeZone)
        : formatFactoryTime(epochMs, timeZone, withSeconds)}
    </time>
  )
}
