import { Suspense, useState } from 'react'
import { useFactoryZone } from '../../api/core/app-config'
import { useT } from '../../components/i18n'
import { lazyPart } from '../../components/with-messages'
import { formatFactoryTime } from '../../lib/factory-time'
import { needsReason } from '../../lib/stop-parts'
import { reasonWords, useCurrentStops, useStopSettings } from './use-stops'

const ReasonDialog = lazyPart(
  'src/features/stops/reason-dialog.tsx',
  () => import('./reason-dialog'),
  (module) => module.ReasonDialog,
)

/**
 * What a standing machine stands for, on its tile and its page: the reason and who gave it ("Waiting for
 * garments · Ana"), a planned stop and until when, and the button that gives or changes it (above the
 * tile's link). Nothing while the machine runs.
 */
export function TileReason({ machineId, machineName }: { machineId: string; machineName: string }) {
  const { t } = useT()
  const part = useCurrentStops().get(machineId)
  const settings = useStopSettings()
  const timeZone = useFactoryZone()
  const [open, setOpen] = useState(false)
  if (!part) return null
  const words = reasonWords(part, settings, t)
  const planned = words?.reason?.planned && part.plannedUntil !== null
  const asks = settings ? needsReason(part, settings.thresholdMinutes) : false
  const action = words ? t('stops.tile.change') : t('stops.explain.giveReason')
  return (
    // above the tile's link only where its button is: a tap on the words still opens the machine
    <p className="pointer-events-none relative z-10 flex flex-wrap items-center gap-x-2 text-sm">
      {words && (
        <span className="font-semibold">
          {planned
            ? t('stops.words.plannedUntil', {
                reason: words.name,
                till: formatFactoryTime(part.plannedUntil!, timeZone, false),
              })
            : words.line}
        </span>
      )}
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('stops.tile.label', { action: action, machine: machineName })}
        className={`pointer-events-auto min-h-11 rounded px-2 underline ${asks ? 'bg-amber-200 font-semibold text-gray-950' : ''}`}
      >
        {action}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReasonDialog part={part} machineName={machineName} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </p>
  )
}
