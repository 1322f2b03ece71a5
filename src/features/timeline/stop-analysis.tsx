import { useId } from 'react'
import { type DataColumn, DataTable } from '../../components/data-table'
import { FactoryTime } from '../../components/factory-time'
import { STATE_STYLES } from '../../components/status-badge'
import type { Machine } from '../../lib/domain'
import { type BoardState, durationInWords, STATE_ICONS, STATE_LABELS } from '../../lib/machine-state'
import type { StopAnalysis } from '../../lib/timeline'

/** The fill colour of a state alone (its badge style also sets the text colour). */
const fillOf = (state: BoardState) => STATE_STYLES[state].split(' ')[0]
const hours = (ms: number) => durationInWords(Math.round(ms / 1000))
const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)} %`
const BY_CODE_COLUMNS: readonly DataColumn[] = [
  { key: 'Cause', className: 'py-1 pr-2' },
  { key: 'Time', className: 'px-2 text-right' },
  { key: 'Stops', className: 'px-2 text-right' },
  { key: 'Running total', className: 'px-2 text-right' },
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
  const id = useId()
  const nameOf = (machineId: string) => machines.get(machineId)?.name ?? machineId
  const stopMs = analysis.byCode.reduce((sum, c) => sum + c.ms, 0)
  const rows = large ? 5 : 10
  const states = [...analysis.byState].sort((a, b) => b[1] - a[1])
  let cumulative = 0
  return (
    <div className={`space-y-3 ${large ? 'text-kiosk-base' : ''}`}>
      <p className={large ? 'text-kiosk-xl font-semibold' : 'text-lg'}>
        Availability <strong>{analysis.availability === null ? '—' : percent(analysis.availability)}</strong>
        <span className={large ? 'text-kiosk-base font-normal' : 'text-sm'}>
          {' '}
          (running share of {hours(analysis.recordedMs)} recorded machine time
          {unrecordedMs > 0 ? `; ${hours(unrecordedMs)} not recorded` : ''})
        </span>
      </p>
      {analysis.recordedMs > 0 && (
        <div>
          <div className="flex h-4 w-full overflow-hidden rounded" aria-hidden="true">
            {states.map(([state, ms]) => (
              <div
                key={state}
                className={fillOf(state)}
                style={{ width: `${(ms / analysis.recordedMs) * 100}%` }}
              />
            ))}
          </div>
          <ul className={`mt-1 flex flex-wrap gap-x-4 ${large ? '' : 'text-sm'}`} aria-label="Time per state">
            {states.map(([state, ms]) => (
              <li key={state}>
                <span aria-hidden="true">{STATE_ICONS[state as BoardState]} </span>
                {STATE_LABELS[state as BoardState]}: {hours(ms)} ({percent(ms / analysis.recordedMs)})
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby={`${id}-codes`}>
          <h3 id={`${id}-codes`} className="font-semibold">
            Stop time by cause ({hours(stopMs)} in all)
          </h3>
          {analysis.byCode.length === 0 ? (
            <p>No stops recorded in this range.</p>
          ) : (
            <DataTable
              className="w-full border-collapse text-left tabular-nums"
              caption="Stop time by status code, largest first, with the running total"
              headRowClassName="border-b border-gray-400"
              columns={BY_CODE_COLUMNS}
            >
              {analysis.byCode.slice(0, rows).map((c) => {
                cumulative += c.ms
                return (
                  <tr key={String(c.code)} className="border-b border-gray-200 dark:border-gray-800">
                    <th scope="row" className="py-1 pr-2 font-normal">
                      <span aria-hidden="true">{STATE_ICONS[c.state]} </span>
                      {c.label}
                      {c.code === null ? '' : ` (code ${c.code})`}
                      <div className="mt-0.5 h-1.5 rounded bg-gray-200 dark:bg-gray-700" aria-hidden="true">
                        <div
                          className={`h-full rounded ${fillOf(c.state)}`}
                          style={{ width: `${(c.ms / (analysis.byCode[0]?.ms || 1)) * 100}%` }}
                        />
                      </div>
                    </th>
                    <td className="px-2 text-right whitespace-nowrap">{hours(c.ms)}</td>
                    <td className="px-2 text-right">{c.count}</td>
                    <td className="px-2 text-right">{percent(cumulative / (stopMs || 1))}</td>
                  </tr>
                )
              })}
            </DataTable>
          )}
        </section>
        <section aria-labelledby={`${id}-machines`}>
          <h3 id={`${id}-machines`} className="font-semibold">
            Stop time by machine
          </h3>
          {analysis.byMachine.length === 0 ? (
            <p>No stops recorded in this range.</p>
          ) : (
            <ol className="space-y-0.5">
              {analysis.byMachine.slice(0, rows).map((m) => (
                <li key={m.machineId} className="flex justify-between gap-3 tabular-nums">
                  <span>{nameOf(m.machineId)}</span>
                  <span className="whitespace-nowrap">
                    {hours(m.ms)} in {m.count} {m.count === 1 ? 'stop' : 'stops'}
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
            Longest stops
          </h3>
          <ol className="list-decimal space-y-0.5 pl-[2.5em]">
            {analysis.longest.slice(0, rows).map((s) => (
              <li key={`${s.machineId}-${s.start}`}>
                {nameOf(s.machineId)}: {s.label} {s.atLeast ? 'at least ' : ''}
                {hours(s.end - s.start)} from <FactoryTime epochMs={s.start} withSeconds={false} />
                {s.ongoing ? ' (still stopped)' : ''}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  )
}
