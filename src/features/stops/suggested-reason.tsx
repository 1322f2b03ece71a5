import { useQuery } from '@tanstack/react-query'
import { useFactoryZone, useStatusCodes } from '../../api/core/app-config'
import { maintenanceQueryOptions } from '../../api/maintenance/maintenance'
import { threadbreakEventsQueryOptions } from '../../api/vendor-reports/reports'
import { useT } from '../../components/i18n'
import { formatFactoryTime } from '../../lib/factory-time'
import type { StopPart } from '../../lib/stop-parts'
import { reasonName, type StopReason } from '../../lib/stop-reasons'
import { RUN_MS, suggestReason } from '../../lib/stop-suggestion'
import { ReasonSwatch } from './reason-swatch'

/** The reason dialog's "Suggested": the reason a stop's own signs point at (src/lib/stop-suggestion.ts),
 * with why, given in one tap; nothing when they point nowhere. */
export function SuggestedReason({
  part,
  inUse,
  className,
  headingId,
  disabled,
  onChoose,
}: {
  part: StopPart
  inUse: readonly StopReason[]
  className: string
  headingId: string
  disabled: boolean
  onChoose: (reason: StopReason) => void
}) {
  const { t } = useT()
  const codes = useStatusCodes()
  const timeZone = useFactoryZone()
  const maintenance = useQuery(maintenanceQueryOptions())
  // the machine's breaks just before the stop began (a run on one needle), whole seconds as the API asks
  const breaks = useQuery({
    ...threadbreakEventsQueryOptions({
      from: Math.floor((part.start - RUN_MS) / 1000),
      till: Math.ceil(part.start / 1000) + 60,
      machineIds: [part.machineId],
    }),
    enabled: part.source !== 'person',
  })
  const tasks = new Map((maintenance.data?.tasks ?? []).map((task) => [task.id, task.name]))
  const suggestion = suggestReason(
    part,
    inUse,
    (code) => codes?.get(code)?.label ?? null,
    (maintenance.data?.done ?? []).map((s) => ({ ...s, task: tasks.get(s.taskId) ?? '' })),
    breaks.data?.records ?? [],
  )
  const suggested = suggestion ? inUse.find((r) => r.id === suggestion.reason) : undefined
  if (!suggestion || !suggested) return null
  return (
    <section
      aria-labelledby={headingId}
      className="mt-3 rounded border-2 border-blue-700 p-2 dark:border-blue-400"
    >
      <h3 id={headingId} className="font-semibold">
        {t('stops.dialog.suggested')}
      </h3>
      <button
        type="button"
        className={`${className} mt-1`}
        aria-pressed={part.reason === suggested.id}
        disabled={disabled}
        onClick={() => onChoose(suggested)}
      >
        <ReasonSwatch reason={suggested} />
        {reasonName(suggested, t)}
      </button>
      <p className="mt-1 text-sm">
        {suggestion.why === 'code'
          ? t('stops.dialog.suggestedCode', { code: String(suggestion.code), label: suggestion.label })
          : suggestion.why === 'breaks'
            ? t('stops.dialog.suggestedBreaks', {
                count: suggestion.count,
                needle: suggestion.needle,
                minutes: suggestion.minutes,
              })
            : t('stops.dialog.suggestedSignOff', {
                by: suggestion.by,
                task: suggestion.task,
                time: formatFactoryTime(suggestion.at, timeZone, false),
              })}
      </p>
    </section>
  )
}
