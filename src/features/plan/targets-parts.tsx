import { useLocations } from '../../api/machines/locations'
import { useMachines } from '../../api/machines/machines'
import { useT } from '../../components/i18n'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import { MAX_TARGET, type TargetRow, type TargetScope } from '../../lib/plan-targets'

/** The history's rows shown before "show all". */
export const HISTORY_SHOWN = 50

export const BOX = 'rounded border border-gray-300 p-3 dark:border-gray-700'

/** ISO weekday 1 (Monday) … 7 (Sunday), in words. */
export const WEEKDAYS = [
  'planTargets.weekday.monday',
  'planTargets.weekday.tuesday',
  'planTargets.weekday.wednesday',
  'planTargets.weekday.thursday',
  'planTargets.weekday.friday',
  'planTargets.weekday.saturday',
  'planTargets.weekday.sunday',
] as const

export const scopeValue = (scope: TargetScope) => (scope.kind === 'all' ? 'all' : `${scope.kind}:${scope.id}`)
export const scopeOf = (value: string): TargetScope => {
  if (value.startsWith('location:')) return { kind: 'location', id: Number(value.slice(9)) }
  if (value.startsWith('machine:')) return { kind: 'machine', id: value.slice(8) }
  return { kind: 'all' }
}
export const SCOPE_ORDER = { all: 0, location: 1, machine: 2 } as const
export const keyOf = (shift: string, weekday: number | null, scope: string) =>
  `${shift}|${weekday ?? ''}|${scope}`

/** Every target in force: the latest row of each shift, weekday and scope, unless it has neither figure
 * (a removal). Each row holds from the moment the server saved it, so none lies ahead. */
export function inForce(rows: readonly TargetRow[]): TargetRow[] {
  const latest = new Map<string, TargetRow>()
  for (const row of rows) {
    const key = keyOf(row.shift, row.weekday, scopeValue(row.scope))
    const seen = latest.get(key)
    if (!seen || row.validFrom > seen.validFrom || (row.validFrom === seen.validFrom && row.id > seen.id))
      latest.set(key, row)
  }
  return [...latest.values()].filter((row) => row.pieces !== null || row.stitches !== null)
}

/** A count as typed: empty is none, otherwise a whole number 0 … MAX_TARGET (digits and spaces only). */
export function countOf(text: string): number | null | 'wrong' {
  const digits = text.replace(/\s/g, '')
  if (digits === '') return null
  return /^\d+$/.test(digits) && Number(digits) <= MAX_TARGET ? Number(digits) : 'wrong'
}

/**
 * /pace/targets (issue 36): what each shift is meant to make, in pieces and/or stitches, on every day or
 * one weekday, for all machines, a location or one machine; the targets in force and every change made.
 * Read by everyone; set only with the server's ADMIN_TOKEN, each change kept with who made it.
 */
export function useWords(shiftNames: readonly string[], timeZone: string) {
  const { t } = useT()
  const machines = useMachines().data?.records ?? []
  const { locations, nameOf } = useLocations()
  const shift = (name: string) =>
    shiftNames.includes(name) ? name : t('planTargets.notAShift', { shift: name })
  const day = (weekday: number | null) => {
    const key = weekday === null ? undefined : WEEKDAYS[weekday - 1]
    return key ? t(key) : t('planTargets.everyDay')
  }
  const where = (scope: TargetScope) =>
    scope.kind === 'all'
      ? t('planTargets.allMachines')
      : scope.kind === 'location'
        ? (nameOf(scope.id) ?? String(scope.id))
        : (machines.find((m) => m.id === scope.id)?.name ?? scope.id)
  const figures = ({ pieces, stitches }: Pick<TargetRow, 'pieces' | 'stitches'>) =>
    [
      pieces === null ? '' : t('planTargets.piecesCount', { pieces }),
      stitches === null ? '' : t('planTargets.stitchesCount', { stitches }),
    ]
      .filter(Boolean)
      .join(' · ')
  const when = (at: number) =>
    t('planTargets.when', {
      date: formatFactoryDate(at, timeZone),
      time: formatFactoryTime(at, timeZone, false),
    })
  return { shift, day, where, figures, when, locations, machines }
}

export interface Props {
  rows: TargetRow[]
  shiftNames: string[]
  words: ReturnType<typeof useWords>
}
