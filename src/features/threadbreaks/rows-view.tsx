import { useState } from 'react'
import { type DataColumn, DataTable } from '../../components/data-table'
import type { Grouping } from './threadbreak-params'
import type { MachineBreaks } from './threadbreak-view'

const FIRST_ROWS = 15

/** The headings: a dimension the grouping folded away has no column. */
const columnsOf = (grouping: Grouping): DataColumn[] => [
  ...(grouping !== 'N' ? [{ key: 'Head', className: 'px-2 text-right' }] : []),
  ...(grouping !== 'H' ? [{ key: 'Needle', className: 'px-2 text-right' }] : []),
  { key: 'Breaks', className: 'px-2 text-right' },
  { key: 'Share', className: 'px-2 text-right' },
  { key: 'Flag', className: 'px-2 text-left' },
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
  const [all, setAll] = useState(false)
  const rows = all ? machine.rows : machine.rows.slice(0, FIRST_ROWS)
  const flagged = new Set(machine.spots.map((s) => `${s.head}:${s.needle}`))
  return (
    <section aria-label={machine.machineName}>
      <h3 className="font-semibold">{machine.machineName}</h3>
      {machine.rows.length === 0 ? (
        <p>No thread breaks in this range.</p>
      ) : (
        <DataTable className="text-sm tabular-nums" columns={columnsOf(grouping)}>
          {rows.map((row) => {
            const key = `${row.head}:${row.needle}`
            return (
              <tr key={key}>
                {grouping !== 'N' && <td className="px-2 text-right">{row.head}</td>}
                {grouping !== 'H' && (
                  <td className="px-2 text-right">{row.needle === 0 ? 'bobbin (0)' : row.needle}</td>
                )}
                <td className="px-2 text-right">{row.count}</td>
                <td className="px-2 text-right">{((100 * row.count) / machine.total).toFixed(1)} %</td>
                <td className="px-2">{flagged.has(key) ? '▲ look here' : ''}</td>
              </tr>
            )
          })}
        </DataTable>
      )}
      {machine.rows.length > rows.length && (
        <button type="button" className="text-sm underline" onClick={() => setAll(true)}>
          Show all {machine.rows.length} rows
        </button>
      )}
    </section>
  )
}
