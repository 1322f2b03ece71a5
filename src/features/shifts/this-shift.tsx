import { useId } from 'react'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { DataTable } from '../../components/data-table'
import { useT } from '../../components/i18n'
import { useKiosk } from '../../components/kiosk/kiosk-context'
import { QueriesProblems } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { durationInWords } from '../../lib/duration'
import { formatFactoryRange } from '../../lib/factory-time'
import { perHour, relativeChange, type ShiftSoFar } from '../../lib/shift-compare'
import { useShiftSoFarReports } from './use-shift-reports'

/** The shift running now against the same shift yesterday and last week, per hour of shift. */
export function ThisShift({
  scope,
  soFar,
  timeZone,
}: {
  scope: ReportParams
  soFar: ShiftSoFar
  timeZone: string
}) {
  const { t, number } = useT()
  const kiosk = useKiosk()
  const { spans, results, rows, problems } = useShiftSoFarReports(scope, soFar)
  const elapsed = soFar.current[1] - soFar.current[0]
  const planned = soFar.planned[1] - soFar.planned[0]
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('shifts.thisShift.heading', {
          name: soFar.shift.name,
          elapsed: durationInWords(elapsed),
          planned: durationInWords(planned),
        })}
      </h2>
      {!kiosk.on && <p className="text-sm text-gray-700 dark:text-gray-300">{t('shifts.thisShift.intro')}</p>}
      <QueriesProblems queries={problems} />
      <ScrollArea label={t('shifts.table.label')}>
        <DataTable
          className="tabular-nums"
          columns={[
            { key: 'per-hour', label: t('shifts.thisShift.perHour'), className: 'px-2 text-left' },
            ...spans.map(({ label, span }) => ({
              key: label,
              label: (
                <>
                  {label}
                  <br />
                  <span className="text-sm font-normal">
                    {formatFactoryRange(span[0], span[1], timeZone)}
                  </span>
                </>
              ),
              className: 'px-2 text-right',
            })),
          ]}
        >
          {rows.map((row) => {
            const current = row.value(0)
            const currentRate = current === null ? null : perHour(current, spans[0]!.span)
            return (
              <tr key={row.label}>
                <th scope="row" className="px-2 text-left font-normal">
                  {row.label}
                </th>
                {spans.map(({ label, span }, i) => {
                  const total = row.value(i)
                  const rate = total === null ? null : perHour(total, span)
                  const change =
                    i > 0 && rate !== null && currentRate !== null ? relativeChange(currentRate, rate) : null
                  return (
                    // a figure still being read is busy: the wall counts its screens once it is in
                    <td
                      key={label}
                      className="px-2 text-right"
                      aria-busy={rate === null && results[2 * i]?.isPending ? true : undefined}
                    >
                      {rate === null ? (
                        results[2 * i]?.isPending ? (
                          <>
                            …{/* the line "now +4 %" will take, held so the table does not jump */}
                            {i > 0 && (
                              <span className="block text-sm" aria-hidden="true">
                                {'\u00a0'}
                              </span>
                            )}
                          </>
                        ) : (
                          '—'
                        )
                      ) : (
                        <>
                          {number(rate, { maximumFractionDigits: rate < 10 ? 1 : 0 })}/h ({number(total ?? 0)}
                          )
                          {change && (
                            <span className="block text-sm">{t('shifts.thisShift.change', { change })}</span>
                          )}
                        </>
                      )}
                    </td>
                  )
                })}
              </tr>
            )
          })}
        </DataTable>
      </ScrollArea>
    </section>
  )
}
