import { useState } from 'react'
import { type DataColumn, DataTable } from '../../components/data-table'
import { useT } from '../../components/i18n'
import type { Translator } from '../../lib/i18n/translator'
import type { Grouping } from './threadbreak-params'
import type { MachineBreaks } from './threadbreak-view'

const FIRST_ROWS = 15
const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const

/** The headings: a dimension the grouping folded away has no column. */
const columnsOf = (grouping: Grouping, t: Translator['t']): DataColumn[] => [
  ...(grouping !== 'N'
    ? [{ key: 'head', label: t('threadbreaks.rows.head'), className: 'px-2 text-right' }]
    : []),
  ...(grouping !== 'H'
    ? [{ key: 'needle', label: t('threadbreaks.rows.needle'), className: 'px-2 text-right' }]
    : []),
  { key: 'breaks', label: t('threadbreaks.rows.breaks'), className: 'px-2 text-right' },
  { key: 'share', label: t('threadbreaks.rows.share'), className: 'px-2 text-right' },
  { key: 'flag', label: t('threadbreaks.rows.flag'), className: 'px-2 text-left' },
]

/** The rows behind the view in the reference's order (4.3): by machine, then by frequency, highest
 * first. A machine without breaks is listed and says so. */
export function RowsView({ machines, grouping }: { machines: readonly MachineBreaks[]; grouping: Grouping }) {
  return (
    <div className="space-y-4">
      {machines.map((m) => (
        <MachineRows key={m.machineId} machine={m} grouping={grouping} />
      ))}
    </div>
  )
}

function MachineRows({ machine, grouping }: { machine: MachineBreaks; grouping: Grouping }) {
  const { t, number } = useT()
  const [all, setAll] = useState(false)
  const rows = all ? machine.rows : machine.rows.slice(0, FIRST_ROWS)
  const flagged = new Set(machine.spots.map((s) => `${s.head}:${s.needle}`))
  return (
    <section aria-label={machine.machineName}>
      <h3 className="font-semibold">{machine.machineName}</h3>
      {machine.rows.length === 0 ? (
        <p>{t('threadbreaks.common.noBreaks')}</p>
      ) : (
        <DataTable className="text-sm tabular-nums" columns={columnsOf(grouping, t)}>
          {rows.map((row) => {
            const key = `${row.head}:${row.needle}`
            return (
              <tr key={key}>
                {grouping !== 'N' && <td className="px-2 text-right">{row.head}</td>}
                {grouping !== 'H' && (
                  <td className="px-2 text-right">
                    {row.needle === 0 ? t('threadbreaks.rows.bobbin') : row.needle}
                  </td>
                )}
                <td className="px-2 text-right">{number(row.count)}</td>
                <td className="px-2 text-right">
                  {number((100 * row.count) / machine.total, ONE_DECIMAL)} %
                </td>
                <td className="px-2">{flagged.has(key) ? `▲ ${t('threadbreaks.rows.lookHere')}` : ''}</td>
              </tr>
            )
          })}
        </DataTable>
      )}
      {machine.rows.length > rows.length && (
        <button type="button" className="text-sm underline" onClick={() => setAll(true)}>
          {t('threadbreaks.rows.showAll', { count: machine.rows.length })}
        </button>
      )}
    </section>
  )
}
