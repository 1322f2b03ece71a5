import { useId } from 'react'
import { useWorkPeriods } from '../../api/machines/designs'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { useMachineShifts } from '../../api/vendor-reports/reports'
import { DataTable } from '../../components/data-table'
import { useT } from '../../components/i18n'
import { MalformedRecords } from '../../components/malformed-records'
import { QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { WhenNear } from '../../components/when-near'

/** The vendor's own shift comparison (myzsk-api.md 1.17): stitches and breaks per machine and per
 * work period, the shifts configured in the vendor's portal (not stitchboard's SHIFTS). */
export function ApiShiftComparison({ scope, timeZone }: { scope: ReportParams; timeZone: string }) {
  const { t, number } = useT()
  const report = useMachineShifts(scope)
  const id = useId()
  // the report takes no machine filter: rows are narrowed to the chosen machines by their ID
  const chosen =
    Array.isArray(scope.machineIds) && scope.machineIds.length > 0 ? new Set(scope.machineIds) : null
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-xl font-semibold">
        {t('shifts.portal.title')}
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('shifts.portal.intro')}</p>
      <PortalWorkPeriods timeZone={timeZone} />
      <QueryState
        query={report}
        isEmpty={(data) => data.records.length === 0 && data.malformed.length === 0}
        empty={<p>{t('shifts.portal.empty')}</p>}
      >
        {({ records, malformed }) => {
          const rows = records.filter((r) => !chosen || chosen.has(r.machineId))
          const periods = [
            ...new Map(rows.flatMap((r) => r.shifts.map((s) => [s.shiftId, s.shiftName] as const))),
          ]
          return (
            <WhenNear minHeight="10rem">
              <MalformedRecords
                records={malformed}
                title={(count) => t('shifts.portal.malformed', { count })}
              />
              <ScrollArea label={t('shifts.table.label')} className="max-h-[32rem]">
                <DataTable
                  className="border-collapse text-left tabular-nums"
                  caption={t('shifts.portal.caption')}
                  headClassName="sticky top-0 bg-gray-50 dark:bg-gray-950"
                  headRowClassName="border-b border-gray-400"
                  columns={[
                    { key: 'machine', label: t('shifts.common.machine'), className: 'py-1 pr-3' },
                    ...periods.map(([shiftId, name]) => ({
                      key: `period ${shiftId}`,
                      label: t('shifts.portal.periodColumn', { name }),
                      className: 'px-2 text-right',
                    })),
                    { key: 'all', label: t('shifts.portal.allColumn'), className: 'px-2 text-right' },
                  ]}
                >
                  {rows.map((r) => (
                    <tr key={r.machineId} className="border-b border-gray-200 dark:border-gray-800">
                      <th scope="row" className="py-1 pr-3 font-medium">
                        {r.machineName}
                      </th>
                      {periods.map(([shiftId]) => {
                        const s = r.shifts.find((x) => x.shiftId === shiftId)
                        return (
                          <td key={shiftId} className="px-2 text-right">
                            {s ? `${number(s.stitches)} / ${number(s.threadbreaks)}` : '—'}
                          </td>
                        )
                      })}
                      <td className="px-2 text-right">
                        {number(r.stitches ?? 0)} / {number(r.threadbreaks ?? 0)}
                      </td>
                    </tr>
                  ))}
                </DataTable>
              </ScrollArea>
            </WhenNear>
          )
        }}
      </QueryState>
    </section>
  )
}

/** The work periods of the vendor's portal (myzsk-api.md 1.6): names and time zone, no times. A zone
 * other than the factory's means the two shift comparisons cut days at different midnights. */
function PortalWorkPeriods({ timeZone }: { timeZone: string }) {
  const { t } = useT()
  const periods = useWorkPeriods()
  if (!periods.data) return null
  const { records } = periods.data
  if (records.length === 0) return <p className="text-sm">{t('shifts.portal.noPeriods')}</p>
  const zones = [...new Set(records.flatMap((p) => (p.timeZone ? [p.timeZone] : [])))]
  const elsewhere = zones.filter((zone) => zone !== timeZone)
  const names = records.map((p) => p.name ?? t('shifts.portal.unnamedPeriod', { id: p.id })).join(', ')
  return (
    <div className="text-sm">
      <p>
        {zones.length > 0
          ? t('shifts.portal.periodsInZone', { periods: names, zones: zones.join(', ') })
          : t('shifts.portal.periods', { periods: names })}
      </p>
      {elsewhere.length > 0 && (
        <p role="note" className="font-medium">
          ⚠ {t('shifts.portal.otherZone', { portal: elsewhere.join(', '), factory: timeZone })}
        </p>
      )}
    </div>
  )
}
