import { Link } from 'react-router'
import { NotInKiosk } from '../../components/kiosk'
import { machinePath } from '../../components/machine-path'
import { trendInWords } from '../../lib/breaks-trend'
import { COMPARING } from './comparing-style'
import { inactiveHeadsNote } from './inactive-heads'
import { HEALTHY_BREAKS_PER_HEAD_HOUR, type MachineBreaks } from './threadbreak-view'

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
  const inactive = inactiveHeadsNote(machine.heads, machine.activeHeads ?? null)
  const trend =
    before === null ? null : before === 'comparing' ? (
      <span className={COMPARING}> (comparing…)</span>
    ) : (
      <> ({trendInWords(machine.total, before)})</>
    )
  if (machine.total === 0)
    return (
      <p>
        No thread breaks in this range{trend}.{inactive && <> {inactive}.</>}
      </p>
    )
  const hours = machine.runningHours
  const perHour = hours && hours > 0 ? machine.total / hours : null
  const perHeadHour = perHour !== null ? perHour / machine.heads : null
  return (
    <p>
      {machine.total.toLocaleString()} breaks{trend}
      {hours !== null && <> · {hours.toLocaleString(undefined, { maximumFractionDigits: 1 })} running h</>}
      {inactive && <> · {inactive}</>}
      {perHour !== null && perHeadHour !== null && (
        <>
          {' '}
          · {perHour.toFixed(1)}/h, {perHeadHour.toFixed(2)} per head-hour
          {perHeadHour > HEALTHY_BREAKS_PER_HEAD_HOUR && (
            <strong className="font-semibold"> (above the rule of thumb)</strong>
          )}
        </>
      )}
      <NotInKiosk>
        {' · '}
        <Link className="underline" to={machinePath(machine.machineId)}>
          machine
        </Link>
      </NotInKiosk>
    </p>
  )
}
