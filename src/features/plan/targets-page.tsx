import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useAppConfig, useFactoryZone } from '../../api/core/app-config'
import { targetsQueryOptions } from '../../api/plan/plan'
import { DataTable } from '../../components/data-table'
import { useT } from '../../components/i18n'
import { QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { Button } from '../../components/ui/button'
import { HINT_TEXT } from '../../components/ui/field-styles'
import { SetTarget } from './targets-form'
import { BOX, HISTORY_SHOWN, inForce, type Props, SCOPE_ORDER, useWords } from './targets-parts'

export function TargetsPage() {
  const { t } = useT()
  const targets = useQuery(targetsQueryOptions())
  const config = useAppConfig()
  const shiftNames = config.data?.shifts.map((s) => s.name) ?? []
  const timeZone = useFactoryZone()
  const words = useWords(shiftNames, timeZone)
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4">
      <h1 className="text-2xl font-bold">{t('planTargets.title')}</h1>
      <p>{t('planTargets.intro')}</p>
      <p>{t('planTargets.how')}</p>
      <QueryState query={config} empty={null}>
        {() => (
          <QueryState query={targets} empty={null}>
            {({ targets: rows, canChange }) => (
              <>
                {!canChange && (
                  <p className="rounded border border-gray-400 p-2">
                    <span aria-hidden="true">🔒 </span>
                    {t('planTargets.readOnly')}
                  </p>
                )}
                <p className={HINT_TEXT}>{t('planTargets.factoryTime', { zone: timeZone })}</p>
                <InForce rows={rows} shiftNames={shiftNames} words={words} />
                {canChange && <SetTarget rows={rows} shiftNames={shiftNames} words={words} />}
                <History rows={rows} shiftNames={shiftNames} words={words} />
              </>
            )}
          </QueryState>
        )}
      </QueryState>
    </div>
  )
}

/** How a row is written: its shift, day, place, figures and time. */
function InForce({ rows, shiftNames, words }: Props) {
  const { t } = useT()
  const id = useId()
  const rank = (name: string) => (shiftNames.includes(name) ? shiftNames.indexOf(name) : shiftNames.length)
  const list = inForce(rows).sort(
    (a, b) =>
      rank(a.shift) - rank(b.shift) ||
      a.shift.localeCompare(b.shift) ||
      (a.weekday ?? 0) - (b.weekday ?? 0) ||
      SCOPE_ORDER[a.scope.kind] - SCOPE_ORDER[b.scope.kind] ||
      words.where(a.scope).localeCompare(words.where(b.scope)),
  )
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {t('planTargets.inForce.heading')}
      </h2>
      {list.length === 0 && <p>{t('planTargets.inForce.none')}</p>}
      {list.length > 0 && (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((row) => (
            <li key={row.id} className={`min-w-0 break-words ${BOX}`}>
              <p className="font-semibold">
                {words.shift(row.shift)} · {words.day(row.weekday)} · {words.where(row.scope)}
              </p>
              <p className="tabular-nums">{words.figures(row)}</p>
              <p className={HINT_TEXT}>
                {t('planTargets.setBy', { name: row.by, when: words.when(row.at) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Every change, newest first: the latest HISTORY_SHOWN, or all of them on request. */
function History({ rows, words }: Props) {
  const { t, number } = useT()
  const id = useId()
  const [all, setAll] = useState(false)
  const sorted = [...rows].sort((a, b) => b.at - a.at || b.id - a.id)
  const shown = all ? sorted : sorted.slice(0, HISTORY_SHOWN)
  const count = (value: number | null) => (value === null ? '—' : number(value))
  const column = (key: string, label: string, align = 'text-left') => ({
    key,
    label,
    className: `px-2 ${align}`,
  })
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {t('planTargets.history.heading')}
      </h2>
      <p>{sorted.length === 0 ? t('planTargets.history.none') : t('planTargets.history.intro')}</p>
      {sorted.length > 0 && (
        <ScrollArea label={t('planTargets.history.label')}>
          <DataTable
            className="w-full tabular-nums"
            caption={t('planTargets.history.label')}
            columns={[
              column('when', t('planTargets.col.when')),
              column('shift', t('planTargets.field.shift')),
              column('day', t('planTargets.field.day')),
              column('where', t('planTargets.field.where')),
              column('pieces', t('planTargets.field.pieces'), 'text-right'),
              column('stitches', t('planTargets.field.stitches'), 'text-right'),
              column('by', t('planTargets.col.by')),
            ]}
          >
            {shown.map((row) => (
              <tr key={row.id} className="border-t border-gray-200 dark:border-gray-800">
                <th scope="row" className="px-2 text-left font-normal whitespace-nowrap">
                  {words.when(row.validFrom)}
                </th>
                <td className="px-2">{words.shift(row.shift)}</td>
                <td className="px-2">{words.day(row.weekday)}</td>
                <td className="px-2">{words.where(row.scope)}</td>
                {row.pieces === null && row.stitches === null ? (
                  <td colSpan={2} className="px-2 text-right">
                    {t('planTargets.history.removed')}
                  </td>
                ) : (
                  <>
                    <td className="px-2 text-right">{count(row.pieces)}</td>
                    <td className="px-2 text-right">{count(row.stitches)}</td>
                  </>
                )}
                <td className="px-2">{row.by}</td>
              </tr>
            ))}
          </DataTable>
        </ScrollArea>
      )}
      {sorted.length > HISTORY_SHOWN && (
        <div className="flex flex-wrap items-center gap-3">
          <p>{t('planTargets.history.showing', { shown: shown.length, count: sorted.length })}</p>
          <Button onClick={() => setAll(!all)}>
            {all
              ? t('planTargets.history.showFewer', { shown: HISTORY_SHOWN })
              : t('planTargets.history.showAll', { count: sorted.length })}
          </Button>
        </div>
      )}
    </section>
  )
}
