import type { ReactNode } from 'react'
import { useLocations } from '../../api/machines/locations'
import { useT } from '../../components/i18n'
import { StatusBadge } from '../../components/status-badge'
import type { Exception } from './schedule'

/** The machines that need someone now, in large type: which, its state once and how long, where. More
 * than a screen holds are shown a screen at a time (the wall's pager). `children`: what follows them, quietly
 * (the overdue maintenance). */
export function ExceptionsPage({
  exceptions,
  children,
}: {
  exceptions: readonly Exception[]
  children?: ReactNode
}) {
  const { t } = useT()
  const { nameOf } = useLocations()
  if (exceptions.length === 0)
    return (
      <>
        <p className="p-6 text-kiosk-lg">{t('kiosk.exceptions.none')}</p>
        {children}
      </>
    )
  return (
    <>
      <ul className="grid grid-cols-2 gap-4 p-4">
        {exceptions.map(({ machine, state, label, time }) => (
          <li key={machine.id} className="rounded-lg border-[0.4vh] border-amber-400 p-4">
            <p className="text-kiosk-xl font-bold break-all">{machine.name}</p>
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-kiosk-lg">
              <StatusBadge state={state} label={label} />
              <span>{time}</span>
            </p>
            <p className="mt-1 text-kiosk-base text-gray-300">{nameOf(machine.locationId) ?? ''}</p>
          </li>
        ))}
      </ul>
      {children}
    </>
  )
}
