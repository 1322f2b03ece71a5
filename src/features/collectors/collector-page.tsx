import { useEffect } from 'react'
import { Link, useParams } from 'react-router'
import { HttpError } from '../../api/core/errors'
import { useCollectorMachines } from '../../api/machines/collectors'
import { DataTable } from '../../components/data-table'
import { FactoryTime } from '../../components/factory-time'
import { useT } from '../../components/i18n'
import { machinePath } from '../../components/machine-path'
import { MalformedRecords } from '../../components/malformed-records'
import { useNow } from '../../components/now'
import { DataAge, QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { durationInWords } from '../../lib/duration'
import type { MessageKey } from '../../lib/i18n/translator'
import { rememberCollector } from './recent-collectors'

/** A collector unit has gone quiet when its machines stopped reporting this long ago. */
const SILENT_MINUTES = 10

const MACHINE_COLUMNS: ReadonlyArray<{ key: string; label: MessageKey; className: string }> = [
  { key: 'machine', label: 'collectors.unit.machine', className: 'py-1 pr-3' },
  { key: 'location', label: 'collectors.unit.location', className: 'py-1 pr-3' },
  { key: 'heads', label: 'collectors.unit.heads', className: 'py-1 pr-3 text-right' },
  { key: 'needles', label: 'collectors.unit.needles', className: 'py-1 pr-3 text-right' },
  { key: 'firstSeen', label: 'collectors.unit.firstSeen', className: 'py-1 pr-3' },
  { key: 'lastSeen', label: 'collectors.unit.lastSeen', className: 'py-1 pr-3' },
]

/** GET /datacollectors/{id}/machines (production-api.md 2.3) as a table. */
export function CollectorPage() {
  const { t } = useT()
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
          {t('collectors.unit.notFound')}
        </h1>
        <p className="mt-2">
          {t('collectors.unit.notFoundText', { id: collectorId, error: machines.error.message })}
        </p>
        <div className="mt-2">
          <Link className="underline" to="/collectors">
            {t('collectors.unit.all')}
          </Link>
        </div>
      </section>
    )
  }
  return (
    <section className="space-y-3 p-4" aria-labelledby="collector-heading">
      <div>
        <Link className="underline" to="/collectors">
          ← {t('collectors.list.title')}
        </Link>
      </div>
      <h1 id="collector-heading" className="text-2xl font-semibold break-all">
        {t('collectors.unit.title', { id: collectorId })}
      </h1>
      <QueryState
        query={machines}
        isEmpty={(data) => data.records.length === 0 && data.malformed.length === 0}
        empty={<p>{t('collectors.unit.noMachines')}</p>}
      >
        {({ records: rows, malformed }) => {
          const silentCount = rows.filter(
            (r) => r.lastSeen === null || now - r.lastSeen / 1000 > SILENT_MINUTES * 60,
          ).length
          return (
            <>
              <MalformedRecords
                records={malformed}
                title={(count) => t('collectors.unit.malformed', { count })}
              />
              {silentCount > 0 && (
                <p role="status" className="rounded border border-status-offline p-2">
                  <span aria-hidden="true">⚠ </span>
                  {t('collectors.unit.silent', {
                    count: silentCount,
                    total: rows.length,
                    minutes: SILENT_MINUTES,
                  })}
                </p>
              )}
              <ScrollArea label={t('collectors.table')}>
                <DataTable
                  className="w-full border-collapse text-left"
                  headRowClassName="border-b border-gray-400"
                  columns={MACHINE_COLUMNS.map((column) => ({ ...column, label: t(column.label) }))}
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
                            ? t('collectors.report.never')
                            : silentFor < 60
                              ? t('collectors.report.justNow')
                              : t('collectors.report.ago', { duration: durationInWords(silentFor) })}
                          {silent && ` — ${t('collectors.report.silent')}`}
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
