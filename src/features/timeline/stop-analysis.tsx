import { useId } from 'react'
import { type DataColumn, DataTable } from '../../components/data-table'
import { FactoryTime } from '../../components/factory-time'
import { useT } from '../../components/i18n'
import { withNodes } from '../../components/message-nodes'
import { ScrollArea } from '../../components/scroll-area'
import { STATE_STYLES } from '../../components/status-badge'
import type { Machine } from '../../lib/domain'
import type { Translator } from '../../lib/i18n/translator'
import { type BoardState, durationInWords, STATE_ICONS, STATE_KEYS } from '../../lib/machine-state'
import type { StopAnalysis } from '../../lib/timeline'

/** The fill colour of a state alone (its badge style also sets the text colour). */
const fillOf = (state: BoardState) => STATE_STYLES[state].split(' ')[0]
const hours = (ms: number) => durationInWords(Math.round(ms / 1000))
/** "12 %", "4.5 %" below a tenth, in the screen's language */
const percent = (share: number, number: Translator['number']) => {
  const digits = share < 0.1 ? 1 : 0
  return `${number(share * 100, { minimumFractionDigits: digits, maximumFractionDigits: digits })} %`
}
const byCodeColumns = (t: Translator['t']): DataColumn[] => [
  { key: 'cause', label: t('timeline.analysis.cause'), className: 'py-1 pr-2' },
  { key: 'time', label: t('timeline.analysis.time'), className: 'px-2 text-right' },
  { key: 'stops', label: t('timeline.analysis.stops'), className: 'px-2 text-right' },
  { key: 'running-total', label: t('timeline.analysis.runningTotal'), className: 'px-2 text-right' },
]

/**
 * Availability, time per state and where the stop time went (issue 18): a Pareto by status code and by
 * machine, and the longest stops in words ("North 07: Stop switch 48 min from 10:12"). From stitchboard's
 * own history: what the portal cannot say (it says what a machine does now, never since when).
 */
export function StopAnalysisView({
  analysis,
  machines,
  large = false,
  unrecordedMs = 0,
}: {
  analysis: StopAnalysis
  machines: ReadonlyMap<string, Machine>
  /** the kiosk: fewer rows, larger type */
  large?: boolean
  /** machine time in the range that nothing recorded (before recording began, gaps) */
  unrecordedMs?: number
}) {
  const { t, number } = useT()
  const id = useId()
  const nameOf = (machineId: string) => machines.get(machineId)?.name ?? machineId
  const stopMs = analysis.byCode.reduce((sum, c) => sum + c.ms, 0)
  const rows = large ? 5 : 10
  const states = [...analysis.byState].sort((a, b) => b[1] - a[1])
  let cumulative = 0
  return (
    <div className={`space-y-3 ${large ? 'text-kiosk-base' : ''}`}>
      <p className={large ? 'text-kiosk-xl font-semibold' : 'text-lg'}>
        {withNodes((m) => t('timeline.analysis.availability', m), {
          value: (
            <strong>{analysis.availability === null ? '—' : percent(analysis.availability, number)}</strong>
          ),
        })}
        <span className={large ? 'text-kiosk-base font-normal' : 'text-sm'}>
          {' '}
          {unrecordedMs > 0
            ? t('timeline.analysis.runningShareUnrecorded', {
                recorded: hours(analysis.recordedMs),
                unrecorded: hours(unrecordedMs),
              })
            : t('timeline.analysis.runningShare', { recorded: hours(analysis.recordedMs) })}
        </span>
      </p>
      {analysis.recordedMs > 0 && (
        // the states' shares as one bar, named by the list under it (data-chart: a chart, as the desk
        // pages' first-screen measure counts them)
        <div data-chart="">
          <div className="flex h-4 w-full overflow-hidden rounded" aria-hidden="true">
            {states.map(([state, ms]) => (
              <div
                key={state}
                className={fillOf(state)}
                style={{ width: `${(ms / analysis.recordedMs) * 100}%` }}
              />
            ))}
          </div>
          <ul
            className={`mt-1 flex flex-wrap gap-x-4 ${large ? '' : 'text-sm'}`}
            aria-label={t('timeline.analysis.perState')}
          >
            {states.map(([state, ms]) => {
              const share = percent(ms / analysis.recordedMs, number)
              return (
                <li key={state}>
                  <span aria-hidden="true">{STATE_ICONS[state as BoardState]} </span>
                  {t(STATE_KEYS[state as BoardState])}: {hours(ms)} ({share})
                </li>
              )
            })}
          </ul>
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby={`${id}-codes`} className="min-w-0">
          <h3 id={`${id}-codes`} className="font-semibold">
            {t('timeline.analysis.byCause', { time: hours(stopMs) })}
          </h3>
          {analysis.byCode.length === 0 ? (
            <p>{t('timeline.analysis.noStops')}</p>
          ) : (
            // German and Spanish headings are longer: on a phone the table scrolls, the page does not
            <ScrollArea label={t('app.table.label')}>
              <DataTable
                className="w-full border-collapse text-left tabular-nums"
                caption={t('timeline.analysis.byCodeCaption')}
                headRowClassName="border-b border-gray-400"
                columns={byCodeColumns(t)}
              >
                {analysis.byCode.slice(0, rows).map((c) => {
                  cumulative += c.ms
                  return (
                    <tr key={String(c.code)} className="border-b border-gray-200 dark:border-gray-800">
                      <th scope="row" className="py-1 pr-2 font-normal">
                        <span aria-hidden="true">{STATE_ICONS[c.state]} </span>
                        {c.code === null
                          ? c.label
                          : t('timeline.analysis.labelCode', { label: c.label, code: c.code })}
                        <div className="mt-0.5 h-1.5 rounded bg-gray-200 dark:bg-gray-700" aria-hidden="true">
                          <div
                            className={`h-full rounded ${fillOf(c.state)}`}
                            style={{ width: `${(c.ms / (analysis.byCode[0]?.ms || 1)) * 100}%` }}
                          />
                        </div>
                      </th>
                      <td className="px-2 text-right whitespace-nowrap">{hours(c.ms)}</td>
                      <td className="px-2 text-right">{number(c.count)}</td>
                      <td className="px-2 text-right">{percent(cumulative / (stopMs || 1), number)}</td>
                    </tr>
                  )
                })}
              </DataTable>
            </ScrollArea>
          )}
        </section>
        <section aria-labelledby={`${id}-machines`} className="min-w-0">
          <h3 id={`${id}-machines`} className="font-semibold">
            {t('timeline.analysis.byMachine')}
          </h3>
          {analysis.byMachine.length === 0 ? (
            <p>{t('timeline.analysis.noStops')}</p>
          ) : (
            <ol className="space-y-0.5">
              {analysis.byMachine.slice(0, rows).map((m) => (
                <li key={m.machineId} className="flex justify-between gap-3 tabular-nums">
                  <span>{nameOf(m.machineId)}</span>
                  <span className="whitespace-nowrap">
                    {t('timeline.analysis.machineStops', { time: hours(m.ms), count: m.count })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      {analysis.longest.length > 0 && (
        <section aria-labelledby={`${id}-longest`}>
          <h3 id={`${id}-longest`} className="font-semibold">
            {t('timeline.analysis.longest')}
          </h3>
          <ol className="list-decimal space-y-0.5 pl-[2.5em]">
            {/* on the wall the three longest: with the alerts' band above, the page still fits two screens */}
            {analysis.longest.slice(0, large ? 3 : rows).map((s) => (
              <li key={`${s.machineId}-${s.start}`}>
                {withNodes(
                  (m) =>
                    t(s.atLeast ? 'timeline.analysis.stopAtLeast' : 'timeline.analysis.stop', {
                      ...m,
                      machine: nameOf(s.machineId),
                      label: s.label,
                      duration: hours(s.end - s.start),
                    }),
                  { time: <FactoryTime epochMs={s.start} withSeconds={false} /> },
                )}
                {s.ongoing ? ` ${t('timeline.analysis.stillStopped')}` : ''}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  )
}
