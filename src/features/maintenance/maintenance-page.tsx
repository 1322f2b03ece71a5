import { useQuery } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useFactoryZone } from '../../api/core/app-config'
import { useLocations } from '../../api/machines/locations'
import { useMachines } from '../../api/machines/machines'
import { type MaintenanceBoard, maintenanceQueryOptions } from '../../api/maintenance/maintenance'
import { FoldOnPhone } from '../../components/fold-on-phone'
import { HowComputed } from '../../components/how-computed'
import { useT } from '../../components/i18n'
import { QueryState } from '../../components/query-state'
import { Button } from '../../components/ui/button'
import { SelectField } from '../../components/ui/select-field'
import { lazyPart } from '../../components/with-messages'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import type { MaintenanceTask } from '../../lib/maintenance'
import { EntryRow } from './entry-row'
import { type Said, useTaskWords } from './task-words'

// the tasks' form: a supervisor's, loaded when opened
const TaskForm = lazyPart(
  'src/features/maintenance/task-form.tsx',
  () => import('./task-form'),
  (module) => module.TaskForm,
)

const SHOWS = ['due', 'all', 'done'] as const
type Show = (typeof SHOWS)[number]
const RANK = { overdue: 0, soon: 1, ok: 2 } as const

/** /maintenance: what is overdue and due soon on each machine, by its use since the task was last signed
 * off; a sign-off in two taps; what was done lately; and the tasks themselves (a supervisor's to change). */
export function MaintenancePage() {
  const { t } = useT()
  const board = useQuery(maintenanceQueryOptions())
  const [params, setParams] = useSearchParams()
  const show: Show = (SHOWS as readonly string[]).includes(params.get('show') ?? '')
    ? (params.get('show') as Show)
    : 'due'
  const { locations } = useLocations()
  const locationText = params.get('location') ?? ''
  const locationId =
    locations.length > 1 && locations.some((l) => String(l.id) === locationText) ? Number(locationText) : null
  const setParam = (name: string, value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        if (value === '') next.delete(name)
        else next.set(name, value)
        return next
      },
      { replace: true },
    )
  return (
    <section className="space-y-4 p-4" aria-labelledby="maintenance-heading">
      <h1 id="maintenance-heading" className="text-2xl font-semibold">
        {t('maintenance.title')}
      </h1>
      <p className="max-w-3xl">{t('maintenance.intro')}</p>
      <HowComputed summary={t('maintenance.how.summary')}>
        <p className="max-w-3xl">{t('maintenance.how.counted')}</p>
        <p className="max-w-3xl">{t('maintenance.how.heads')}</p>
        <p className="max-w-3xl">{t('maintenance.how.uncertain')}</p>
      </HowComputed>
      <FoldOnPhone set={(show === 'due' ? 0 : 1) + (locationId === null ? 0 : 1)}>
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label={t('maintenance.filter.show')}
            value={show}
            onChange={(value) => setParam('show', value === 'due' ? '' : value)}
          >
            <option value="due">{t('maintenance.filter.due')}</option>
            <option value="all">{t('maintenance.filter.all')}</option>
            <option value="done">{t('maintenance.filter.done')}</option>
          </SelectField>
          {locations.length > 1 && (
            <SelectField
              label={t('app.filters.location')}
              value={locationId === null ? '' : String(locationId)}
              onChange={(value) => setParam('location', value)}
            >
              <option value="">{t('app.filters.allLocations')}</option>
              {locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </SelectField>
          )}
        </div>
      </FoldOnPhone>
      <QueryState query={board} empty={null} isEmpty={() => false}>
        {(data) =>
          data.available ? (
            <Board data={data} show={show} locationId={locationId} />
          ) : (
            <p>{t('maintenance.unavailable', { reason: data.reason ?? '' })}</p>
          )
        }
      </QueryState>
    </section>
  )
}

function Board({
  data,
  show,
  locationId,
}: {
  data: MaintenanceBoard
  show: Show
  locationId: number | null
}) {
  const { t } = useT()
  const machines = useMachines()
  const records = machines.data?.records ?? []
  const byId = new Map(records.map((m) => [m.id, m]))
  const tasks = new Map(data.tasks.map((task) => [task.id, task]))
  const atLocation = (machineId: string) =>
    locationId === null || byId.get(machineId)?.locationId === locationId
  const [editing, setEditing] = useState<MaintenanceTask | 'new' | null>(null)
  // what the last sign-off came to (its row may have left the list of what is due)
  const [said, setSaid] = useState<(Said & { task: string; machine: string }) | null>(null)
  const words = useTaskWords()
  const entries = data.entries
    .filter(
      (e) => tasks.has(e.taskId) && atLocation(e.machineId) && (show !== 'due' || e.progress.state !== 'ok'),
    )
    .sort((a, b) => RANK[a.progress.state] - RANK[b.progress.state] || b.progress.share - a.progress.share)
  const overdue = entries.filter((e) => e.progress.state === 'overdue').length
  const soon = entries.filter((e) => e.progress.state === 'soon').length
  const machineName = (id: string) => byId.get(id)?.name ?? id
  return (
    <>
      {show === 'done' ? (
        <DoneList data={data} tasks={tasks} machineName={machineName} atLocation={atLocation} />
      ) : (
        <section aria-labelledby="maintenance-due" className="space-y-2">
          <h2 id="maintenance-due" className="text-xl font-semibold">
            {show === 'due' ? t('maintenance.due.heading') : t('maintenance.all.heading')}
          </h2>
          <p>{t('maintenance.due.count', { overdue, soon })}</p>
          {said && (
            <p role="status" className="font-semibold">
              {words.said(said)}
            </p>
          )}
          {entries.length === 0 ? (
            <p>{t('maintenance.due.none')}</p>
          ) : (
            <ul className="divide-y divide-gray-300 border-y border-gray-300 dark:divide-gray-700 dark:border-gray-700">
              {entries.map((entry) => (
                <EntryRow
                  key={`${entry.taskId} ${entry.machineId} ${entry.heads?.join(',') ?? ''}`}
                  entry={entry}
                  task={tasks.get(entry.taskId)!}
                  machineName={machineName(entry.machineId)}
                  heads={byId.get(entry.machineId)?.heads ?? null}
                  canSignOff={data.canSignOff}
                  canPlan={data.canChange}
                  onSaid={setSaid}
                />
              ))}
            </ul>
          )}
        </section>
      )}
      <section aria-labelledby="maintenance-tasks" className="space-y-2">
        <h2 id="maintenance-tasks" className="text-xl font-semibold">
          {t('maintenance.tasks.heading')}
        </h2>
        <TaskList tasks={data.tasks} canChange={data.canChange} onEdit={setEditing} />
        {data.canChange && editing === null && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('maintenance.tasks.new')}
          </Button>
        )}
        {editing !== null && (
          <Suspense fallback={<p>{t('maintenance.loading')}</p>}>
            <TaskForm
              key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
              task={editing === 'new' ? null : editing}
              machines={records}
              onClose={() => setEditing(null)}
            />
          </Suspense>
        )}
      </section>
    </>
  )
}

function TaskList({
  tasks,
  canChange,
  onEdit,
}: {
  tasks: readonly MaintenanceTask[]
  canChange: boolean
  onEdit: (task: MaintenanceTask) => void
}) {
  const { t } = useT()
  const words = useTaskWords()
  const { locations } = useLocations()
  if (tasks.length === 0) return <p>{t('maintenance.tasks.none')}</p>
  return (
    <ul className="space-y-2">
      {tasks.map((task) => (
        <li key={task.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-semibold">{task.name}</span>
          <span>{words.interval(task.interval)}</span>
          <span>{task.per === 'head' ? t('maintenance.per.head') : t('maintenance.per.machine')}</span>
          <span>{words.scope(task.scope, locations)}</span>
          {task.note && <span className="text-sm">{task.note}</span>}
          {canChange && (
            <Button
              variant="link"
              onClick={() => onEdit(task)}
              aria-label={t('maintenance.tasks.changeOne', { task: task.name })}
            >
              {t('maintenance.tasks.change')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  )
}

function DoneList({
  data,
  tasks,
  machineName,
  atLocation,
}: {
  data: MaintenanceBoard
  tasks: ReadonlyMap<number, MaintenanceTask>
  machineName: (id: string) => string
  atLocation: (machineId: string) => boolean
}) {
  const { t } = useT()
  const words = useTaskWords()
  const timeZone = useFactoryZone()
  // one row for the heads signed off together
  const rows: Array<{ first: (typeof data.done)[number]; heads: number[] }> = []
  for (const s of data.done) {
    if (!atLocation(s.machineId)) continue
    const last = rows.at(-1)
    if (
      last &&
      last.first.taskId === s.taskId &&
      last.first.machineId === s.machineId &&
      last.first.at === s.at &&
      last.first.by === s.by &&
      s.head !== null
    )
      last.heads.push(s.head)
    else rows.push({ first: s, heads: s.head === null ? [] : [s.head] })
  }
  return (
    <section aria-labelledby="maintenance-done" className="space-y-2">
      <h2 id="maintenance-done" className="text-xl font-semibold">
        {t('maintenance.done.heading')}
      </h2>
      {rows.length === 0 ? (
        <p>{t('maintenance.done.none')}</p>
      ) : (
        <ul className="divide-y divide-gray-300 border-y border-gray-300 dark:divide-gray-700 dark:border-gray-700">
          {rows.map(({ first, heads }) => (
            <li key={first.id} className="flex flex-wrap gap-x-3 gap-y-1 py-2">
              <time dateTime={new Date(first.at).toISOString()}>
                {t('maintenance.when', {
                  date: formatFactoryDate(first.at, timeZone),
                  time: formatFactoryTime(first.at, timeZone, false),
                })}
              </time>
              <span className="font-semibold">
                {tasks.get(first.taskId)?.name ?? t('maintenance.done.removedTask')}
              </span>
              <span>{machineName(first.machineId)}</span>
              {heads.length > 0 && (
                <span>
                  {words.heads(
                    heads.sort((a, b) => a - b),
                    null,
                  )}
                </span>
              )}
              <span>{t('maintenance.done.by', { by: first.by })}</span>
              {first.note && <span>“{first.note}”</span>}
              {!first.counted && <span className="font-semibold">{t('maintenance.done.notCounted')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
