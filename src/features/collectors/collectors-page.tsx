import { type FormEvent, useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useCollectors } from '../../api/machines/collectors'
import { useLocations } from '../../api/machines/locations'
import { DataTable } from '../../components/data-table'
import { FactoryTime } from '../../components/factory-time'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
import { NotInKiosk, useKiosk } from '../../components/kiosk/kiosk-context'
import { MalformedRecords } from '../../components/malformed-records'
import { useNow } from '../../components/now'
import { DataAge, QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { durationInWords } from '../../lib/duration'
import type { MessageKey } from '../../lib/i18n/translator'
import { recentCollectors } from './recent-collectors'

/** A unit that has not reported for this long is flagged. */
const SILENT_MINUTES = 10

const UNIT_COLUMNS: ReadonlyArray<{ key: string; label: MessageKey; className: string }> = [
  { key: 'unit', label: 'collectors.list.unit', className: 'py-1 pr-3' },
  { key: 'location', label: 'collectors.list.location', className: 'py-1 pr-3' },
  { key: 'machines', label: 'collectors.list.machines', className: 'py-1 pr-3 text-right' },
  { key: 'lastReport', label: 'collectors.list.lastReport', className: 'py-1 pr-3' },
]

/** Collector units (GET /datacollectors, myzsk-api.md 1.3) with their machine counts and last report;
 * those opened before; any other id. */
export function CollectorsPage() {
  const { t } = useT()
  const collectors = useCollectors()
  const { nameOf } = useLocations()
  const now = useNow()
  const navigate = useNavigate()
  const id = useId()
  const kiosk = useKiosk()
  const [typed, setTyped] = useState('')
  const known = (collectors.data?.records ?? []).map((c) => c.id)
  const recent = recentCollectors().filter((x) => !known.includes(x))
  const open = (event: FormEvent) => {
    event.preventDefault()
    if (typed.trim()) navigate(`/collectors/${encodeURIComponent(typed.trim())}`)
  }
  const list = (ids: string[]) => (
    <ul className="list-inside list-disc">
      {ids.map((x) => (
        <li key={x}>
          <Link className="underline" to={`/collectors/${encodeURIComponent(x)}`}>
            {x}
          </Link>
        </li>
      ))}
    </ul>
  )
  return (
    <section className="space-y-4 p-4" aria-labelledby="collectors-heading">
      <h1 id="collectors-heading" className="text-2xl font-semibold">
        {t('collectors.list.title')}
      </h1>
      <NotInKiosk>
        <form onSubmit={open} className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col">
            <label htmlFor={`${id}-collector`} className="text-sm">
              {t('collectors.list.id')}
            </label>
            <input
              id={`${id}-collector`}
              className={CONTROL}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <button type="submit" className="rounded border border-gray-400 px-3 py-1 dark:border-gray-600">
            {t('collectors.list.open')}
          </button>
        </form>
      </NotInKiosk>
      <section aria-labelledby={`${id}-known`}>
        <h2 id={`${id}-known`} className="text-lg font-semibold">
          {t('collectors.list.yours')}
        </h2>
        <QueryState
          query={collectors}
          isEmpty={(data) => data.records.length === 0 && data.malformed.length === 0}
          empty={<p>{t('collectors.list.none')}</p>}
        >
          {(data) => (
            <>
              <MalformedRecords
                records={data.malformed}
                title={(count) => t('collectors.list.malformed', { count })}
              />
              <ScrollArea label={t('collectors.table')}>
                <DataTable
                  className={`w-full border-collapse text-left ${kiosk.on ? '' : 'max-w-3xl'}`}
                  headRowClassName="border-b border-gray-400"
                  columns={UNIT_COLUMNS.map((column) => ({ ...column, label: t(column.label) }))}
                >
                  {data.records.map((c) => {
                    const silentFor = c.lastSeen === null ? null : now - Math.floor(c.lastSeen / 1000)
                    const silent = silentFor === null || silentFor > SILENT_MINUTES * 60
                    return (
                      <tr key={c.id} className="border-b border-gray-200 dark:border-gray-800">
                        <th scope="row" className="py-1 pr-3 font-medium">
                          <Link className="underline" to={`/collectors/${encodeURIComponent(c.id)}`}>
                            {c.id}
                          </Link>
                        </th>
                        <td className="py-1 pr-3">{nameOf(c.locationId) ?? '—'}</td>
                        <td className="py-1 pr-3 text-right tabular-nums">{c.machineCount ?? '—'}</td>
                        <td
                          className={`py-1 pr-3 ${silent ? 'font-semibold text-red-800 dark:text-red-300' : ''}`}
                        >
                          {silent && <span aria-hidden="true">⚠ </span>}
                          {silentFor === null
                            ? t('collectors.report.never')
                            : silentFor < 60
                              ? t('collectors.report.justNow')
                              : t('collectors.report.ago', { duration: durationInWords(silentFor) })}
                          {silent && silentFor !== null && ` — ${t('collectors.report.silent')}`}
                          {c.lastSeen !== null && (
                            <>
                              {' '}
                              (<FactoryTime epochMs={c.lastSeen} withSeconds={false} />)
                            </>
                          )}
                        </td>
                      </tr>
                    )
                  })}
                </DataTable>
              </ScrollArea>
              <DataAge updatedAt={collectors.dataUpdatedAt} />
            </>
          )}
        </QueryState>
      </section>
      {recent.length > 0 && (
        <section aria-labelledby={`${id}-recent`}>
          <h2 id={`${id}-recent`} className="text-lg font-semibold">
            {t('collectors.list.openedBefore')}
          </h2>
          {list(recent)}
        </section>
      )}
    </section>
  )
}
