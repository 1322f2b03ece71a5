import { useEffect, useState } from 'react'
import { useT } from '../../components/i18n'
import { formatFactoryTime } from '../../lib/factory-time'

/** Never stale in silence: after two missed refreshes, since when data is missing, and that it retries. */
export function StaleBanner({
  lastGood,
  intervalMs,
  timeZone,
}: {
  lastGood: number
  intervalMs: number
  timeZone: string | undefined
}) {
  const { t, language } = useT()
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  if (now - lastGood <= 2 * intervalMs) return null
  const minutes = Math.floor((now - lastGood) / 60_000)
  return (
    <p role="alert" className="bg-amber-400 px-4 py-2 text-kiosk-lg font-semibold text-gray-950">
      ⚠{' '}
      {t(minutes > 0 ? 'kiosk.stale.sinceMinutes' : 'kiosk.stale.since', {
        time: timeZone
          ? formatFactoryTime(lastGood, timeZone)
          : new Date(lastGood).toLocaleTimeString(language),
        minutes,
        seconds: Math.round(intervalMs / 1000),
      })}
    </p>
  )
}
