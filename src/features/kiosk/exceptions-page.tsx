import { useStatusCodes } from '../../api/core/app-config'
import { useLocations } from '../../api/machines/locations'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { StatusBadge } from '../../components/status-badge'
import { boardState, stateLabel } from '../../lib/machine-state'
import type { Exception } from './schedule'

/** The machines that need someone now, in large type: what, where, why. */
export function ExceptionsPage({ exceptions }: { exceptions: readonly Exception[] }) {
  const { t } = useT()
  const now = useNow()
  const { nameOf } = useLocations()
  const codes = useStatusCodes()
  if (!codes) return null
  if (exceptions.length === 0) return <p className="p-6 text-kiosk-lg">{t('kiosk.exceptions.none')}</p>
  return (
    <ul className="grid grid-cols-2 gap-4 p-4">
      {exceptions.map(({ machine, reason }) => {
        const state = boardState(machine, now, codes)
        return (
          <li key={machine.id} className="rounded-lg border-4 border-amber-400 p-4">
            <p className="text-kiosk-xl font-bold break-all">{machine.name}</p>
            <p className="mt-2 flex flex-wrap items-center gap-3 text-kiosk-lg">
              <StatusBadge state={state} label={stateLabel(machine, state, codes, t)} />
              <span>{reason}</span>
            </p>
            <p className="mt-1 text-kiosk-base text-gray-300">{nameOf(machine.locationId) ?? ''}</p>
          </li>
        )
      })}
    </ul>
  )
}
