import { useQuery } from '@tanstack/react-query'
import { machinesQueryOptions } from '../../api/machines'
import { MachineTable } from './machine-table'

/** The live list of machines: the first thing stitchboard shows. */
export function MachinesPage() {
  const machines = useQuery(machinesQueryOptions())
  return (
    <section className="p-4" aria-labelledby="machines-heading">
      <h1 id="machines-heading" className="mb-3 text-2xl font-semibold">
        Machine status
      </h1>
      {machines.error && (
        <p role="alert" className="mb-3 rounded border border-red-600 p-2">
          Could not refresh: {machines.error.message}
          {machines.data && ` — showing data from ${new Date(machines.dataUpdatedAt).toLocaleTimeString()}`}
        </p>
      )}
      {machines.isPending && <p aria-busy="true">Loading machines…</p>}
      {machines.data && machines.data.length === 0 && <p>No machines are visible with this API key.</p>}
      {machines.data && machines.data.length > 0 && <MachineTable machines={machines.data} />}
    </section>
  )
}
