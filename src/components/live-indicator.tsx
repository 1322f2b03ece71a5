import { useLiveStatus } from '../api/live-status'
import { MACHINE_REFRESH_MS } from '../api/machines'

/** Whether machine changes arrive live from the server or by polling, in words (never by colour alone). */
export function LiveIndicator() {
  const live = useLiveStatus()
  // the line is held while the stream connects, so that what follows does not move when it says "Live"
  if (live.status === 'connecting')
    return (
      <p className="text-sm text-gray-700 dark:text-gray-300">
        <span aria-hidden="true">○ </span>Connecting to live updates…
      </p>
    )
  if (live.status === 'live')
    return (
      <p className="text-sm text-gray-700 dark:text-gray-300">
        <span aria-hidden="true">● </span>Live: changes show as the server sees them
      </p>
    )
  return (
    <p className="text-sm font-medium text-amber-900 dark:text-amber-200">
      <span aria-hidden="true">⚠ </span>
      Live updates off ({live.reason}): refreshing every {MACHINE_REFRESH_MS / 1000} s
    </p>
  )
}
