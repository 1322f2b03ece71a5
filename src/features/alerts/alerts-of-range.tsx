import { useQuery } from '@tanstack/react-query'
import { type AlertReport, alertReportQueryOptions } from '../../api/alerts/alert-settings'
import { type DataColumn, DataTable } from '../../components/data-table'
import { useT } from '../../components/i18n'
import { QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { durationInWords } from '../../lib/duration'
import { formatFactoryRange } from '../../lib/factory-time'
import type { Translator } from '../../lib/i18n/translator'
import { RULE_NAMES } from './settings-words'

/** The server answers for at most this many days. */
const MAX_DAYS = 31

const seconds = (value: number | null) => (value === null ? '–' : durationInWords(Math.round(value)))

const figureColumns = (t: Translator['t']): DataColumn[] => [
  { key: 'what', label: t('alerts.range.ruleOrMachine'), className: 'py-1 pr-3' },
  { key: 'alerts', label: t('alerts.range.alerts'), className: 'py-1 pr-3 text-right' },
  { key: 'response', label: t('alerts.range.medianResponse'), className: 'py-1 pr-3 text-right' },
  { key: 'repair', label: t('alerts.range.medianRepair'), className: 'py-1 pr-3 text-right' },
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
  const { t } = useT()
  const start = Math.max(from, till - MAX_DAYS * 86_400)
  const report = useQuery(alertReportQueryOptions(start, till))
  return (
    <section aria-labelledby="shift-alerts" className="space-y-2">
      <h2 id="shift-alerts" className="text-xl font-semibold">
        {t('alerts.range.heading', { range: formatFactoryRange(start, till, timeZone) })}
      </h2>
      {start > from && <p className="text-sm">{t('alerts.range.capped', { days: MAX_DAYS })}</p>}
      <QueryState query={report} empty={null}>
        {(data) => <AlertFigures report={data} />}
      </QueryState>
    </section>
  )
}

function AlertFigures({ report }: { report: AlertReport }) {
  const { t, number } = useT()
  const { total } = report
  if (total.alerts === 0) return <p>{t('alerts.range.none')}</p>
  const rows = [
    ...report.rules.map((r) => ({
      ...r,
      key: `rule-${r.rule}`,
      kind: t('alerts.range.rule'),
      name: t(RULE_NAMES[r.rule]),
    })),
    ...report.machines.map((m) => ({
      ...m,
      key: `machine-${m.machineId}`,
      kind: t('alerts.range.machine'),
      name: m.machineName,
    })),
  ]
  return (
    <>
      <p>
        {t('alerts.range.total', {
          count: total.alerts,
          acknowledged: total.acknowledged,
          response: seconds(total.medianResponseSeconds),
          repair: seconds(total.medianRepairSeconds),
        })}
      </p>
      <ScrollArea label={t('alerts.common.table')}>
        <DataTable
          className="w-full text-left text-sm"
          caption={t('alerts.range.caption')}
          columns={figureColumns(t)}
        >
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-gray-200 dark:border-gray-800">
              <th scope="row" className="py-1 pr-3 font-normal">
                <span className="text-gray-600 dark:text-gray-400">{r.kind}: </span>
                {r.name}
              </th>
              <td className="py-1 pr-3 text-right tabular-nums">{number(r.alerts)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{seconds(r.medianResponseSeconds)}</td>
              <td className="py-1 pr-3 text-right tabular-nums">{seconds(r.medianRepairSeconds)}</td>
            </tr>
          ))}
        </DataTable>
      </ScrollArea>
    </>
  )
}
