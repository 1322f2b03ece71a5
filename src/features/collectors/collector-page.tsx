import { useEffect } from 'react'
import { Link, useParams } from 'react-router'
import { useCollectorMachines } from '../../api/collectors'
import { HttpError } from '../../api/errors'
import { FactoryTime } from '../../components/factory-time'
import { useNow } from '../../components/now'
import { DataAge, QueryState } from '../../components/query-state'
import { durationInWords } from '../../lib/duration'
import { rememberCollector } from './recent-collectors'

/** A collector unit has gone quiet when its machines stopped reporting this long ago. */
const SILENT_MINUTES = 10

/** GET /datacollectors/{id}/machines (reference 4.7) as a table. */
export function CollectorPage() {
  const { collectorId = '' } = useParams()
  const machines = useCollectorMachines(collectorId)
  const now = useNow()
  useEffect(() => {
    if (machines.data) rememberCollector(collectorId)
  }, [machines.data, collectorId])
  if (machines.error instanceof HttpError && machines.error.status === 404 && !machines.data) {
    return (
      <section className="p-4" aria-labelledby="collector-heading">
        <h1 id="collector-heading" className="text-2xl font-semibold">
          Collector unit not found
        </h1>
        <p className="mt-2">
          There is no collector unit “{collectorId}” for this API key: it does not exist or belongs to another
          company. ({machines.error.message})
        </p>
        <p className="mt-2">
          <Link className="underline" to="/collectors">
            All collector units
          </Link>
        </p>
      </section>
    )
  }
  return (
    <section className="space-y-3 p-4" aria-labelledby="collector-heading">
      <p>
        <Link className="underline" to="/collectors">
          ← Collector units
        </Link>
      </p>
      <h1 id="collector-heading" className="text-2xl font-semibold break-all">
        Collector unit {collectorId}
      </h1>
      <QueryState
        query={machines}
        isEmpty={(rows) => rows.length === 0}
        empty={<p>No machines are connected to this collector unit.</p>}
      >
        {(rows) => {
          const silentCount = rows.filter(
            (r) => now - Date.parse(r.last_seen) / 1000 > SILENT_MINUTES * 60,
          ).length
          return (
            <>
              {silentCount > 0 && (
                <p role="status" className="rounded border border-status-offline p-2">
                  <span aria-hidden="true">⚠ </span>
                  {silentCount} of {rows.length} machines have not reported for more than {SILENT_MINUTES}{' '}
                  minutes.
                </p>
              )}
              <table className="w-full border-collapse text-left">
                <thead>
                  <tr className="border-b border-gray-400">
                    {['Machine', 'Location', 'Heads', 'Needles', 'First seen', 'Last seen'].map((h) => (
                      <th
                        key={h}
                        scope="col"
                        className={`py-1 pr-3 ${h === 'Heads' || h === 'Needles' ? 'text-right' : ''}`}
                      >
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => {
                    const silentFor = now - Math.floor(Date.parse(r.last_seen) / 1000)
                    const silent = silentFor > SILENT_MINUTES * 60
                    return (
                      <tr key={r.machine_id} className="border-b border-gray-200 dark:border-gray-800">
                        <th scope="row" className="py-1 pr-3 font-medium">
                          <Link className="underline" to={`/machines/${encodeURIComponent(r.machine_id)}`}>
                            {r.machine_name}
                          </Link>
                        </th>
                        <td className="py-1 pr-3">{r.location_name}</td>
                        <td className="py-1 pr-3 text-right tabular-nums">{r.heads}</td>
                        <td className="py-1 pr-3 text-right tabular-nums">{r.needles}</td>
                        <td className="py-1 pr-3">
                          <FactoryTime epochMs={Date.parse(r.first_seen)} format="date" />
                        </td>
                        <td
                          className={`py-1 pr-3 ${silent ? 'font-semibold text-red-800 dark:text-red-300' : ''}`}
                        >
                          {silent && <span aria-hidden="true">⚠ </span>}
                          {Number.isNaN(silentFor)
                            ? r.last_seen
                            : silentFor < 60
                              ? 'just now'
                              : `${durationInWords(silentFor)} ago`}
                          {silent && ' — silent'} (
                          <FactoryTime epochMs={Date.parse(r.last_seen)} withSeconds={false} />)
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
              <DataAge updatedAt={machines.dataUpdatedAt} />
            </>
          )
        }}
      </QueryState>
    </section>
  )
}
