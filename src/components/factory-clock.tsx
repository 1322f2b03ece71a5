import { useEffect, useState } from 'react'
import { formatFactoryTime } from '../lib/factory-time'
import { useT } from './i18n'

/** The time in the factory's timezone and clock format, updated every second. */
export function FactoryClock({ timeZone, className = '' }: { timeZone: string; className?: string }) {
  const { t } = useT()
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000)
    return () => clearInterval(timer)
  }, [])
  const time = formatFactoryTime(now.getTime(), timeZone)
  return (
    <p className={`tabular-nums ${className}`}>
      <span className="sr-only">{t('app.clock.factoryTime')} </span>
      <time dateTime={now.toISOString()}>{time}</time>{' '}
      <span className="text-sm text-gray-600 dark:text-gray-400">{timeZone}</span>
    </p>
  )
}
