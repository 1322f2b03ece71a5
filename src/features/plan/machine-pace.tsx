import { useId } from 'react'
import { useFactoryZone } from '../../api/core/app-config'
import { HowComputed } from '../../components/how-computed'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { formatFactoryTime } from '../../lib/factory-time'
import { Factors } from './pace-panel'
import { PartPace } from './part-pace'
import { useShiftPlan } from './use-shift-plan'

/** The machine page's section: this machine in the running shift against its own target (or the default
 * from its set speed), with its availability, performance and OEE. Nothing outside every shift. */
export function MachinePace({ machineId }: { machineId: string }) {
  const { t } = useT()
  const headingId = useId()
  const now = useNow()
  const timeZone = useFactoryZone()
  const { plan } = useShiftPlan(now)
  const part = plan?.byMachine.get(machineId)
  if (!plan || !part) return null
  return (
    <section aria-labelledby={headingId} className="space-y-1">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('plan.machine.heading', {
          shift: plan.shift.name,
          end: formatFactoryTime(plan.span[1], timeZone, false),
        })}
      </h2>
      {part.pieces && (
        <p className="tabular-nums">
          <PartPace part={{ ...part, stitches: null }} />
        </p>
      )}
      {part.stitches && (
        <p className="tabular-nums">
          <PartPace part={{ ...part, pieces: null }} />
        </p>
      )}
      {!part.pieces && !part.stitches && <p>{t('plan.target.none')}</p>}
      <Factors oee={part.oee} large={false} />
      <HowComputed>
        <p>{t('plan.machine.how')}</p>
      </HowComputed>
    </section>
  )
}
