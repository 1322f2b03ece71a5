import { useState } from 'react'
import { Link } from 'react-router'
import { useFactoryZone } from '../../api/core/app-config'
import { useT } from '../../components/i18n'
import { machinePath } from '../../components/machine-path'
import { useNow } from '../../components/now'
import { Button } from '../../components/ui/button'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import type { MaintenanceTask, TaskEntry } from '../../lib/maintenance'
import { SignOffForm } from './sign-off'
import { type Said, useTaskWords } from './task-words'

const STATE_LOOK = {
  overdue: 'border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100',
  soon: 'border-amber-600 bg-amber-50 text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100',
  ok: 'border-gray-400 text-gray-800 dark:border-gray-600 dark:text-gray-200',
} as const

/** One task on one machine (or a group of its heads): how far it is, since when, and its sign-off. */
export function EntryRow({
  entry,
  task,
  machineName,
  heads,
  canSignOff,
  onSaid,
  showMachine = true,
  canPlan = false,
}: {
  entry: TaskEntry
  task: MaintenanceTask
  machineName: string
  /** the machine's heads, when known */
  heads: number | null
  canSignOff: boolean
  onSaid: (said: Said & { task: string; machine: string }) => void
  /** the machine's name as a link to its page (not on its own page) */
  showMachine?: boolean
  /** the asker may plan stops: the task can be booked as one */
  canPlan?: boolean
}) {
  const { t } = useT()
  const words = useTaskWords()
  const timeZone = useFactoryZone()
  const [signing, setSigning] = useState(false)
  const { progress } = entry
  const now = useNow() * 1000
  // the time alone today, else with its date
  const when = (at: number) =>
    formatFactoryDate(at, timeZone) === formatFactoryDate(now, timeZone)
      ? formatFactoryTime(at, timeZone, false)
      : t('maintenance.when', {
          date: formatFactoryDate(at, timeZone),
          time: formatFactoryTime(at, timeZone, false),
        })
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={`rounded border px-2 py-0.5 text-sm font-semibold ${STATE_LOOK[progress.state]}`}>
          {progress.state === 'overdue' ? '▲ ' : ''}
          {words.state(progress.state)}
        </span>
        <span className="font-semibold">{task.name}</span>
        {showMachine && (
          <Link className="inline-flex min-h-11 items-center underline" to={machinePath(entry.machineId)}>
            {machineName}
          </Link>
        )}
        {entry.heads && words.heads(entry.heads, heads) && <span>{words.heads(entry.heads, heads)}</span>}
      </div>
      <p>
        {words.progress(task.interval, progress)}{' '}
        {entry.lastSignOff?.start
          ? t('maintenance.since.taskSet', { when: when(entry.since) })
          : entry.lastSignOff
            ? t('maintenance.since.signedOff', { when: when(entry.since), by: entry.lastSignOff.by })
            : t('maintenance.since.counting', { when: when(entry.since) })}
      </p>
      {progress.uncertain && entry.lastSignOff && <p className="text-sm">{t('maintenance.uncertain')}</p>}
      {(canSignOff || canPlan) && !signing && (
        <div className="flex flex-wrap items-center gap-3">
          {canSignOff && (
            <Button
              variant={progress.state === 'ok' ? 'secondary' : 'primary'}
              onClick={() => setSigning(true)}
              aria-label={t('maintenance.signOff.openFor', { task: task.name, machine: machineName })}
            >
              {t('maintenance.signOff.open')}
            </Button>
          )}
          {canPlan && (
            <Link
              className="inline-flex min-h-11 items-center underline"
              aria-label={t('maintenance.bookFor', { task: task.name, machine: machineName })}
              to={`/stops/settings?${new URLSearchParams({ plan: `machine:${entry.machineId}`, reason: 'planned-maintenance', note: task.name })}`}
            >
              {t('maintenance.book')}
            </Link>
          )}
        </div>
      )}
      {signing && (
        <SignOffForm
          entry={entry}
          task={task}
          machineName={machineName}
          onDone={(result) => {
            setSigning(false)
            onSaid({ ...result, task: task.name, machine: machineName })
          }}
          onCancel={() => setSigning(false)}
        />
      )}
    </li>
  )
}
