import { Link } from 'react-router'
import { useT } from '../../components/i18n'
import { NotInKiosk } from '../../components/kiosk/kiosk-context'
import { machinePath } from '../../components/machine-path'
import { trendInWords } from '../../lib/breaks-trend'
import { COMPARING } from './comparing-style'
import { inactiveHeadsNote } from './inactive-heads'
import { HEALTHY_BREAKS_PER_HEAD_HOUR, type MachineBreaks } from './threadbreak-view'

const FIXED_1 = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const
const FIXED_2 = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const

/** The words under a machine's heatmap: its breaks against the range before, running hours, heads
 * switched off, breaks per head-hour against the rule of thumb. */
export function MachineNote({
  machine,
  before,
}: {
  machine: MachineBreaks
  /** the machine's breaks in the range before; 'comparing' while they load */
  before: number | 'comparing' | null
}) {
  const { t, number } = useT()
  const inactive = inactiveHeadsNote(machine.heads, machine.activeHeads ?? null, t)
  const trend =
    before === null ? null : before === 'comparing' ? (
      <span className={COMPARING}> {t('threadbreaks.note.comparing')}</span>
    ) : (
      <> ({trendInWords(machine.total, before, t)})</>
    )
  if (machine.total === 0)
    return (
      <p>
        {t('threadbreaks.note.noBreaks')}
        {trend}.{inactive && <> {inactive}.</>}
      </p>
    )
  const hours = machine.runningHours
  const perHour = hours && hours > 0 ? machine.total / hours : null
  const perHeadHour = perHour !== null ? perHour / machine.heads : null
  return (
    <p>
      {t('threadbreaks.common.breaks', { count: machine.total })}
      {trend}
      {hours !== null && (
        <> · {t('threadbreaks.note.runningHours', { hours: number(hours, { maximumFractionDigits: 1 }) })}</>
      )}
      {inactive && <> · {inactive}</>}
      {perHour !== null && perHeadHour !== null && (
        <>
          {' '}
          ·{' '}
          {t('threadbreaks.note.rates', {
            perHour: number(perHour, FIXED_1),
            perHeadHour: number(perHeadHour, FIXED_2),
          })}
          {perHeadHour > HEALTHY_BREAKS_PER_HEAD_HOUR && (
            <strong className="font-semibold"> {t('threadbreaks.note.aboveRule')}</strong>
          )}
        </>
      )}
      <NotInKiosk>
        {' · '}
        <Link className="underline" to={machinePath(machine.machineId)}>
          {t('threadbreaks.note.machineLink')}
        </Link>
      </NotInKiosk>
    </p>
  )
}
