import { type RefObject, useId } from 'react'
import { useLocations } from '../../api/locations'
import { useMachines } from '../../api/machines'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import { MAX_TARGET, type TargetRow, type TargetScope } from '../../lib/plan-targets'

/** The longest name the server takes for who made a change (server/stops/settings.ts personName). */
export const MAX_NAME = 60
/** The history's rows shown before "show all". */
export const HISTORY_SHOWN = 50

export const FIELD = `${CONTROL} min-h-11 max-w-full`
export const BUTTON = 'min-h-11 rounded border border-gray-400 px-3 disabled:opacity-60 dark:border-gray-600'
export const PRIMARY =
  'min-h-11 rounded bg-gray-900 px-4 font-semibold text-white disabled:opacity-60 dark:bg-gray-100 dark:text-gray-950'
export const ERROR = 'text-red-700 dark:text-red-300'
export const HINT = 'text-sm text-gray-700 dark:text-gray-300'
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

/** The targets in force, by shift (in the factory's order), day and place. */

/** Who makes a change: the name kept with it and the admin token (the plan's forms that need both);
 * `hint` says under them what the name is for. */
export function WhoFields({
  name,
  setName,
  token,
  setToken,
  nameRef,
  tokenRef,
  hint,
}: {
  name: string
  setName: (name: string) => void
  token: string
  setToken: (token: string) => void
  nameRef: RefObject<HTMLInputElement | null>
  tokenRef?: RefObject<HTMLInputElement | null>
  hint?: string
}) {
  const { t } = useT()
  const hintId = useId()
  return (
    <fieldset className="flex min-w-0 flex-wrap items-end gap-3">
      <legend className="mb-2 font-semibold">{t('planTargets.who')}</legend>
      <label className="flex min-w-0 flex-col">
        {t('planTargets.field.name')}
        <input
          ref={nameRef}
          className={FIELD}
          value={name}
          maxLength={MAX_NAME}
          autoComplete="name"
          {...(hint ? { 'aria-describedby': hintId } : {})}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="flex min-w-0 flex-col">
        {t('planTargets.field.token')}
        <input
          ref={tokenRef}
          type="password"
          autoComplete="current-password"
          className={FIELD}
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
      </label>
      {hint && (
        <p id={hintId} className={`basis-full ${HINT}`}>
          {hint}
        </p>
      )}
    </fieldset>
  )
}
