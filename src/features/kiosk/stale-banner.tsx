import { useEffect, useState } from 'react'
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
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  if (now - lastGood <= 2 * intervalMs) return null
  const minutes = Math.floor((now - lastGood) / 60_000)
  return (
    <p role="alert" className="bg-amber-400 px-4 py-2 text-kiosk-lg font-semibold text-gray-950">
      ⚠ No new data since{' '}
      {timeZone ? formatFactoryTime(lastGood, timeZone) : new Date(lastGood).toLocaleTimeString()}
      {minutes > 0 ? ` (${minutes} min)` : ''}: what you see is older. Retrying every{' '}
      {Math.round(intervalMs / 1000)} s.
    </p>
  )
}
