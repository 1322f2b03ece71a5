import { queryOptions } from '@tanstack/react-query'
import type {
  CheckVerdict,
  MaintenanceTask,
  SignOff,
  TaskEntry,
  TaskInterval,
  TaskScope,
} from '../../lib/maintenance'
import type { OverdueTask } from '../../lib/shift-report-figures'
import { postJson } from '../alerts/alerts'
import { getJson, lazySchemas } from '../core/http'

/** Maintenance by use (server/maintenance/routes.ts): where every task stands on every machine, what was
 * done lately, and the changes. */

export const MAINTENANCE_KEY = ['maintenance'] as const

const schemas = lazySchemas(async (z) => (await import('./schemas')).maintenanceSchemas(z))

export interface MaintenanceBoard {
  available: boolean
  reason?: string | undefined
  tasks: MaintenanceTask[]
  entries: TaskEntry[]
  /** sign-offs of the last 30 days, newest first */
  done: SignOff[]
  canChange: boolean
  canSignOff: boolean
}

export const maintenanceQueryOptions = () =>
  queryOptions({
    queryKey: [...MAINTENANCE_KEY, 'board'],
    queryFn: ({ signal }): Promise<MaintenanceBoard> =>
      getJson('/api/maintenance', () => schemas().then((s) => s.board), signal),
    // the counters move with every poll; a minute is close enough for a task due in hours
    refetchInterval: 60_000,
    placeholderData: (previous) => previous,
  })

/** What is overdue now, the most overdue first (at most 50), and how many in all: the wall's quiet list. */
export const overdueQueryOptions = () =>
  queryOptions({
    queryKey: [...MAINTENANCE_KEY, 'overdue'],
    queryFn: ({ signal }): Promise<{ available: boolean; overdue: OverdueTask[]; count: number }> =>
      getJson('/api/maintenance/overdue', () => schemas().then((s) => s.overdue), signal),
    refetchInterval: 60_000,
    placeholderData: (previous) => previous,
  })

/** A task as a person writes it. */
export interface TaskBody {
  name: string
  scope: TaskScope
  per: MaintenanceTask['per']
  interval: TaskInterval
  note: string
  by: string
}

const authorised = (token: string): Record<string, string> =>
  token ? { Authorization: `Bearer ${token}` } : {}

/** A new task (id null) or a change of one made on `version`. */
export const saveTask = async (
  { id, version, body }: { id: number | null; version: number | null; body: TaskBody },
  token: string,
): Promise<MaintenanceTask> =>
  (
    await postJson(
      id === null ? '/api/maintenance/tasks' : `/api/maintenance/tasks/${id}`,
      id === null ? body : { ...body, version },
      () => schemas().then((s) => s.saved),
      authorised(token),
    )
  ).task

export const removeTask = async (
  { id, version, by }: { id: number; version: number; by: string },
  token: string,
): Promise<void> => {
  await postJson(
    `/api/maintenance/tasks/${id}`,
    { remove: true, version, by },
    () => schemas().then((s) => s.removed),
    authorised(token),
  )
}

/** Signs a task off on a machine (its heads, or all of them); `seen`: the last sign-off the person saw. */
export const signOffTask = async (body: {
  taskId: number
  machineId: string
  heads: number[] | null
  note: string
  seen: number | null
  by: string
  /** on a floor device: the PIN of who signs off */
  pin?: string
}): Promise<SignOff[]> =>
  (await postJson('/api/maintenance/sign-off', body, () => schemas().then((s) => s.signed))).signOffs

/** The verdicts of the last year, newest first, and the score: how many checks were right, how many wrong. */
export const checksQueryOptions = () =>
  queryOptions({
    queryKey: [...MAINTENANCE_KEY, 'checks'],
    queryFn: ({
      signal,
    }): Promise<{ verdicts: CheckVerdict[]; right: number; wrong: number; canMark: boolean }> =>
      getJson('/api/maintenance/checks', () => schemas().then((s) => s.checks), signal),
  })

export const markCheck = async (
  body: Omit<CheckVerdict, 'id' | 'at'> & { pin?: string },
): Promise<CheckVerdict> =>
  (await postJson('/api/maintenance/checks', body, () => schemas().then((s) => s.marked))).verdict

/** A check of the thread-break assistant made a task, once, on its machine, within a day: `made` false when
 * the same check waits as a task already. */
export const makeCheckTask = async (body: {
  machineId: string
  check: string
  evidence: string
  by: string
  pin?: string
}): Promise<{ task: MaintenanceTask; made: boolean }> =>
  postJson('/api/maintenance/checks/task', body, () => schemas().then((s) => s.checkTask))

export interface Reliability {
  machineId: string
  from: number
  till: number
  failures: number
  repairMs: number
  runningMs: number
  /** mean time between failures (ms of running), null without a failure */
  mtbfMs: number | null
  /** mean time to repair (ms), null without a failure */
  mttrMs: number | null
}

/** A machine's reliability over the last `days` (src/lib/stop-figures.ts reliabilityOf). */
export const reliabilityQueryOptions = (machineId: string, days = 30) =>
  queryOptions({
    queryKey: [...MAINTENANCE_KEY, 'reliability', machineId, days],
    queryFn: ({ signal }): Promise<Reliability> =>
      getJson(
        `/api/maintenance/reliability?machineId=${encodeURIComponent(machineId)}&days=${days}`,
        () => schemas().then((s) => s.reliability),
        signal,
      ),
    staleTime: 5 * 60_000,
  })
