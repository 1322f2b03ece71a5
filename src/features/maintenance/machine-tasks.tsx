import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { useFactoryZone } from '../../api/core/app-config'
import { maintenanceQueryOptions, reliabilityQueryOptions } from '../../api/maintenance/maintenance'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { durationInWords } from '../../lib/duration'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import { EntryRow } from './entry-row'
import type { Said } from './task-words'
import { useTaskWords } from './task-words'

const RANK = { overdue: 0, soon: 1, ok: 2 } as const
/** Sign-offs a machine's page lists: the latest. */
const DONE_SHOWN = 5
/** The days the reliability figures look back. */
const RELIABILITY_DAYS = 30

/** The machine page's maintenance: its tasks, overdue first, each signed off from here, and what was done on
 * it lately; nothing when the server keeps no tasks. */
export function MachineTasks({
  machineId,
  machineName,
  heads,
}: {
  machineId: string
  machineName: string
  heads: number | null
}) {
  const { t } = useT()
  const id = useId()
  const words = useTaskWords()
  const timeZone = useFactoryZone()
  const board = useQuery(maintenanceQueryOptions())
  const reliability = useQuery(reliabilityQueryOptions(machineId, RELIABILITY_DAYS))
  const [said, setSaid] = useState<(Said & { task: string; machine: string }) | null>(null)
  const data = board.data
  const now = useNow() * 1000
  if (!data?.available) return null
  const tasks = new Map(data.tasks.map((task) => [task.id, task]))
  const entries = data.entries
    .filter((e) => e.machineId === machineId && tasks.has(e.taskId))
    .sort((a, b) => RANK[a.progress.state] - RANK[b.progress.state] || b.progress.share - a.progress.share)
  const done = data.done.filter((s) => s.machineId === machineId && s.counted)
  const latest = done.filter(
    (s, i) => i === 0 || s.at !== done[i - 1]!.at || s.taskId !== done[i - 1]!.taskId,
  )
  if (entries.length === 0) return null
  // what is due gets its row and button; the rest one line each
  const due = entries.filter((e) => e.progress.state !== 'ok')
  const later = entries.filter((e) => e.progress.state === 'ok')
  const when = (at: number, today: number) =>
    formatFactoryDate(at, timeZone) === formatFactoryDate(today, timeZone)
      ? formatFactoryTime(at, timeZone, false)
      : t('maintenance.when', {
          date: formatFactoryDate(at, timeZone),
          time: formatFactoryTime(at, timeZone, false),
        })
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-xl font-semibold">
        {t('maintenance.machine.heading')}
      </h2>
      {reliability.data && (
        <p>
          {reliability.data.failures === 0
            ? t('maintenance.machine.noFault', { days: RELIABILITY_DAYS })
            : t('maintenance.machine.reliability', {
                days: RELIABILITY_DAYS,
                count: reliability.data.failures,
                mtbf: durationInWords((reliability.data.mtbfMs ?? 0) / 1000),
                mttr: durationInWords((reliability.data.mttrMs ?? 0) / 1000),
              })}
        </p>
      )}
      {said && (
        <p role="status" className="font-semibold">
          {words.said(said)}
        </p>
      )}
      {due.length === 0 && <p>{t('maintenance.machine.noneDue')}</p>}
      <ul className="divide-y divide-gray-300 border-y border-gray-300 empty:hidden dark:divide-gray-700 dark:border-gray-700">
        {due.map((entry) => (
          <EntryRow
            key={`${entry.taskId} ${entry.heads?.join(',') ?? ''}`}
            entry={entry}
            task={tasks.get(entry.taskId)!}
            machineName={machineName}
            heads={heads}
            canSignOff={data.canSignOff}
            canPlan={data.canChange}
            onSaid={setSaid}
            showMachine={false}
          />
        ))}
      </ul>
      {later.length > 0 && (
        <>
          <h3 className="font-semibold">{t('maintenance.machine.later')}</h3>
          <ul className="space-y-1">
            {later.map((entry) => {
              const task = tasks.get(entry.taskId)!
              return (
                <li key={`${entry.taskId} ${entry.heads?.join(',') ?? ''}`}>
                  <span className="font-semibold">{task.name}</span>
                  {entry.heads && words.heads(entry.heads, heads) && ` (${words.heads(entry.heads, heads)})`}:{' '}
                  {words.progress(task.interval, entry.progress)}{' '}
                  {t('maintenance.machine.since', { when: when(entry.since, now) })}
                </li>
              )
            })}
          </ul>
        </>
      )}
      {latest.length > 0 && (
        <>
          <h3 className="font-semibold">{t('maintenance.machine.done')}</h3>
          <ul className="space-y-1">
            {latest.slice(0, DONE_SHOWN).map((s) => (
              <li key={s.id}>
                {t('maintenance.machine.doneLine', {
                  when: t('maintenance.when', {
                    date: formatFactoryDate(s.at, timeZone),
                    time: formatFactoryTime(s.at, timeZone, false),
                  }),
                  task: tasks.get(s.taskId)?.name ?? t('maintenance.done.removedTask'),
                  by: s.by,
                })}
                {s.note && ` “${s.note}”`}
              </li>
            ))}
          </ul>
        </>
      )}
      <Link className="inline-flex min-h-11 items-center underline" to="/maintenance">
        {t('maintenance.machine.all')}
      </Link>
    </section>
  )
}
