import { type PollingReason, useLiveStatus } from '../api/live/live-status'
import { MACHINE_REFRESH_MS } from '../api/machines/machines'
import type { MessageKey } from '../lib/i18n/translator'
import { useT } from './i18n'

const WHY: Record<Exclude<PollingReason, 'unavailable'>, MessageKey> = {
  unsupported: 'app.live.unsupported',
  silent: 'app.live.silent',
  unreadable: 'app.live.unreadable',
  interrupted: 'app.live.interrupted',
}

/** Whether machine changes arrive live from the server or by polling, in words (never by colour alone). */
export function LiveIndicator() {
  const { t } = useT()
  const live = useLiveStatus()
  // the line is held while the stream connects, so that what follows does not move when it says "Live"
  if (live.status === 'connecting')
    return (
      <p className="text-sm text-gray-700 dark:text-gray-300">
        <span aria-hidden="true">○ </span>
        {t('app.live.connecting')}
      </p>
    )
  if (live.status === 'live')
    return (
      <p className="text-sm text-gray-700 dark:text-gray-300">
        <span aria-hidden="true">● </span>
        {t('app.live.on')}
      </p>
    )
  return (
    <p className="text-sm font-medium text-amber-900 dark:text-amber-200">
      <span aria-hidden="true">⚠ </span>
      {t('app.live.off', {
        reason:
          live.reason === 'unavailable'
            ? t('app.live.unavailable', { detail: live.detail ?? '' })
            : t(WHY[live.reason]),
        seconds: MACHINE_REFRESH_MS / 1000,
      })}
    </p>
  )
}
