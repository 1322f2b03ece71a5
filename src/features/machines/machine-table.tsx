import type { Machine } from '../../api/contract/machine'

const SYMBOL: Record<string, string> = {
  running: '▶',
  stopped: '■',
  threadbreak: '✂',
  idle: '◌',
  offline: '⚠',
}

export function MachineTable({ machines }: { machines: Machine[] }) {
  return (
    <table className="w-full border-collapse text-left">
      <thead>
        <tr className="border-b border-gray-400">
          <th scope="col" className="py-1 pr-3">
            Machine
          </th>
          <th scope="col" className="py-1 pr-3">
            Location
          </th>
          <th scope="col" className="py-1 pr-3">
            Status
          </th>
          <th scope="col" className="py-1 pr-3">
            Design
          </th>
          <th scope="col" className="py-1 pr-3 text-right">
            Heads × needles
          </th>
        </tr>
      </thead>
      <tbody>
        {machines.map((m) => (
          <tr key={m.machine_id} className="border-b border-gray-200 dark:border-gray-800">
            <th scope="row" className="py-1 pr-3 font-medium">
              {m.machine_name}
            </th>
            <td className="py-1 pr-3">{m.location_name ?? '—'}</td>
            <td className="py-1 pr-3">
              <span aria-hidden="true">{SYMBOL[m.status] ?? '?'}</span> {m.status}
            </td>
            <td className="py-1 pr-3">
              {m.design
                ? `${m.design.name} (${Math.round((100 * m.design.stitches_done) / Math.max(1, m.design.stitches_total))} %)`
                : '—'}
            </td>
            <td className="py-1 pr-3 text-right tabular-nums">
              {m.heads} × {m.needles}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
