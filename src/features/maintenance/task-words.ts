import { useT } from '../../components/i18n'
import {
  type DueState,
  headRuns,
  type TaskInterval,
  type TaskProgress,
  type TaskScope,
  WHOLE_KINDS,
} from '../../lib/maintenance'

/** What a sign-off came to, as the row says it. */
export type Said = { kind: 'signed' } | { kind: 'already' }

/** The maintenance page's words for a task's state, interval, progress and scope. */
export function useTaskWords() {
  const { t, number } = useT()
  const amount = (kind: TaskInterval['kind'], value: number) =>
    kind === 'hours'
      ? t('maintenance.unit.hours', { count: value, value: number(value, { maximumFractionDigits: 1 }) })
      : kind === 'stitches'
        ? t('maintenance.unit.stitches', { count: value, value: number(Math.round(value)) })
        : kind === 'breaks'
          ? t('maintenance.unit.breaks', { count: value, value: number(Math.round(value)) })
          : t('maintenance.unit.days', { count: value, value: number(value, { maximumFractionDigits: 1 }) })
  const figure = (kind: TaskInterval['kind'], value: number) =>
    WHOLE_KINDS.has(kind) ? number(Math.round(value)) : number(value, { maximumFractionDigits: 1 })
  return {
    state: (state: DueState) =>
      state === 'overdue'
        ? t('maintenance.state.overdue')
        : state === 'soon'
          ? t('maintenance.state.soon')
          : t('maintenance.state.ok'),
    interval: (interval: TaskInterval) =>
      t(interval.kind === 'once' ? 'maintenance.once' : 'maintenance.every', {
        amount: amount(interval.kind, interval.value),
      }),
    progress: (interval: TaskInterval, progress: TaskProgress) =>
      t(progress.left < 0 ? 'maintenance.progress.over' : 'maintenance.progress.left', {
        used: figure(interval.kind, progress.used),
        of: amount(interval.kind, interval.value),
        left: figure(interval.kind, Math.abs(progress.left)),
      }),
    /** a task's use against its interval, in short ("5.2 of 4 running hours") */
    use: (kind: TaskInterval['kind'], used: number, interval: number) =>
      t('maintenance.use', { used: figure(kind, used), of: amount(kind, interval) }),
    /** the heads of an entry; all of a machine's heads said as such, nothing for a machine of one head */
    heads: (heads: readonly number[], of: number | null) =>
      of === 1
        ? null
        : heads.length === of
          ? t('maintenance.allHeads', { count: of })
          : t('maintenance.heads', { count: heads.length, heads: headRuns(heads) }),
    scope: (scope: TaskScope, locations: ReadonlyArray<{ id: number; name: string }>) =>
      'all' in scope
        ? t('maintenance.scope.all')
        : 'locationId' in scope
          ? t('maintenance.scope.location', {
              location: locations.find((l) => l.id === scope.locationId)?.name ?? String(scope.locationId),
            })
          : t('maintenance.scope.machines', { count: scope.machineIds.length }),
    said: (said: Said & { task: string; machine: string }) =>
      t(said.kind === 'signed' ? 'maintenance.signOff.done' : 'maintenance.signOff.already', {
        task: said.task,
        machine: said.machine,
      }),
  }
}
