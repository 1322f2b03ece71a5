import { useEffect } from 'react'
import { Link, useParams } from 'react-router'
import { useCollectorMachines } from '../../api/collectors'
import { HttpError } from '../../api/errors'
import { type DataColumn, DataTable } from '../../components/data-table'
import { FactoryTime } from '../../components/factory-time'
import { machinePath } from '../../components/machine-path'
import { MalformedRecords } from '../../components/malformed-records'
import { useNow } from '../../components/now'
import { DataAge, QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { durationInWords } from '../../lib/duration'
import { rememberCollector } from './recent-collectors'

/** A collector unit has gone quiet when its machines stopped reporting this long ago. */
const SILENT_MINUTES = 10

const MACHINE_COLUMNS: readonly DataColumn[] = [
  'Machine',
  'Location',
  'Heads',
  'Needles',
  'First seen',
  'Last seen',
].map((h) => ({ key: h, className: `py-1 pr-3 ${h === 'Heads' || h === 'Needles' ? 'text-right' : ''}` }))

/** GET /datacollectors/{id}/machines (production-api.md 2.3) as a table. */
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
        isEmpty={(data) => data.records.length === 0 && data.malformed.length === 0}
        empty={<p>No machines are connected to this collector unit.</p>}
      >
        {({ records: rows, malformed }) => {
          const silentCount = rows.filter(
            (r) => r.lastSeen === null || now - r.lastSeen / 1000 > SILENT_MINUTES * 60,
          ).length
          return (
            <>
              <MalformedRecords records={malformed} what="machine record" />
              {silentCount > 0 && (
                <p role="status" className="rounded border border-status-offline p-2">
                  <span aria-hidden="true">⚠ </span>
                  {silentCount} of {rows.length} machines have not reported for more than {SILENT_MINUTES}{' '}
                  minutes.
                </p>
              )}
              <ScrollArea label="The table">
                <DataTable
                  className="w-full border-collapse text-left"
                  headRowClassName="border-b border-gray-400"
                  columns={MACHINE_COLUMNS}
                >
                  {rows.map((r) => {
                    const silentFor = r.lastSeen === null ? Number.NaN : now - Math.floor(r.lastSeen / 1000)
                    const silent = !(silentFor <= SILENT_MINUTES * 60)
                    return (
                      <tr key={r.id} className="border-b border-gray-200 dark:border-gray-800">
                        <th scope="row" className="py-1 pr-3 font-medium">
                          <Link className="underline" to={machinePath(r.id)}>
                            {r.name ?? r.id}
                          </Link>
                        </th>
                        <td className="py-1 pr-3">{r.locationName ?? '—'}</td>
                        <td className="py-1 pr-3 text-right tabular-nums">{r.heads ?? '—'}</td>
                        <td className="py-1 pr-3 text-right tabular-nums">{r.needles ?? '—'}</td>
                        <td className="py-1 pr-3">
                          {r.firstSeen === null ? '—' : <FactoryTime epochMs={r.firstSeen} format="date" />}
                        </td>
                        <td
                          className={`py-1 pr-3 ${silent ? 'font-semibold text-red-800 dark:text-red-300' : ''}`}
                        >
                          {silent && <span aria-hidden="true">⚠ </span>}
                          {Number.isNaN(silentFor)
                            ? 'never'
                            : silentFor < 60
                              ? 'just now'
                              : `${durationInWords(silentFor)} ago`}
                          {silent && ' — silent'}
                          {r.lastSeen !== null && (
                            <>
                              {' '}
                              (<FactoryTime epochMs={r.lastSeen} withSeconds={false} />)
                            </>
                          )}
                        </td>
                      </tr>
                    )
                  })}
                </DataTable>
              </ScrollArea>
              <DataAge updatedAt={machines.dataUpdatedAt} />
            </>
          )
        }}
      </QueryState>
    </section>
  )
}
