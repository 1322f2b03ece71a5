import { useMachines } from '../../api/machines'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { FilterBar } from '../../components/filters/filter-bar'
import { useFilters } from '../../components/filters/use-filters'
import { DataAge, QueryState } from '../../components/query-state'
import { MachineTable } from './machine-table'

/** The live list of machines: the first thing stitchboard shows. */
export function MachinesPage() {
  const machines = useMachines()
  const { filters } = useFilters()
  const chosen = new Set(filters.machines)
  return (
    <section className="space-y-3 p-4" aria-labelledby="machines-heading">
      <h1 id="machines-heading" className="text-2xl font-semibold">
        Machine status
      </h1>
      <FilterBar show={['location', 'machines']} />
      <WidgetErrorBoundary name="The machine list">
        <QueryState
          query={machines}
          isEmpty={(data) => data.length === 0}
          empty={<p>No machines are visible with this API key.</p>}
        >
          {(data) => {
            const shown = data.filter(
              (m) =>
                (!filters.location || m.location_id === filters.location) &&
                (chosen.size === 0 || chosen.has(m.machine_id)),
            )
            return shown.length ? (
              <>
                <MachineTable machines={shown} />
                <DataAge updatedAt={machines.dataUpdatedAt} />
              </>
            ) : (
              <p>No machine matches these filters.</p>
            )
          }}
        </QueryState>
      </WidgetErrorBoundary>
    </section>
  )
}
