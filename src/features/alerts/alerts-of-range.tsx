import { useQuery } from '@tanstack/react-query'
import { type AlertReport, alertReportQueryOptions } from '../../api/alert-settings'
import { type DataColumn, DataTable } from '../../components/data-table'
import { QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { durationInWords } from '../../lib/duration'
import { formatFactoryRange } from '../../lib/factory-time'

/** The server answers for at most this many days. */
const MAX_DAYS = 31

const seconds = (value: number | null) => (value === null ? '–' : durationInWords(Math.round(value)))

const FIGURE_COLUMNS: readonly DataColumn[] = [
  { key: 'Rule or machine', className: 'py-1 pr-3' },
  { key: 'Alerts', className: 'py-1 pr-3 text-right' },
  { key: 'Median response', className: 'py-1 pr-3 text-right' },
  { key: 'Median repair', className: 'py-1 pr-3 text-right' },
]

/**
 * Alerts of a range (issue 19), for the shift page: how many, how fast someone was on them (median from
 * raised to "I'm on it") and how long until they were over (median from the cause to the all clear), in
 * all, per rule and per machine.
 */
export default function AlertsOfRange({
  from,
  till,
  timeZone,
}: {
  from: number
  till: number
  timeZone: string
}) {
  const start = Math.max(from, till - MAX_DAYS * 86_400)
  const report = useQuery(alertReportQueryOptions(start, till))
  return (
    <section aria-labelledby="shift-alerts" className="space-y-2">
      <h2 id="shift-alerts" className="text-xl font-semibold">
        Alerts over {formatFactoryRange(start, till, timeZone)}
      </h2>
      {start > from && <p className="text-sm">The last {MAX_DAYS} days of the range.</p>}
      <QueryState query={report} empty={null}>
        {(data) => <AlertFigures report={data} />}
      </QueryState>
    </section>
  )
}

function AlertFigures({ report }: { report: AlertReport }) {
  const { total } = report
  if (total.alerts === 0) return <p>No alert was raised in this range.</p>
  const rows = [
    ...report.rules.map((r) => ({ ...r, key: `rule-${r.rule}`, kind: 'Rule' })),
    ...report.machines.map((m) => ({
      ...m,
      key: `machine-${m.machineId}`,
      kind: 'Machine',
      name: m.machineName,
    })),
  ]
  return (
    <>
      <p>
        {total.alerts} {total.alerts === 1 ? 'alert' : 'alerts'}, {total.acknowledged} with someone on it;
        median response {seconds(total.medianResponseSeconds)}, median repair{' '}
        {seconds(total.medianRepairSeconds)}.
      </p>
      <ScrollArea label="The table">
        <DataTable
          className="w-full text-left text-sm"
          caption="Alerts per rule and per machine"
          columns={FIGURE_COLUMNS}
        >
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-gray-200 dark:border-gray-800">
              <th scope="row" className="py-1 pr-3 font-normal">
                <span className="text-gray-600 dark:text-gray-400">{r.kind}: </span>
                {r.name}
              </th>
              <td className="py-1 pr-3 text-right tabular-nums">{r.alerts}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{seconds(r.medianResponseSeconds)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{seconds(r.medianRepairSeconds)}</td>
            </tr>
          ))}
        </DataTable>
      </ScrollArea>
    </>
  )
}
