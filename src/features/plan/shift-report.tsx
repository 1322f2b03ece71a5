import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { appConfigQueryOptions, useStatusCodes } from '../../api/app-config'
import { useLocations } from '../../api/locations'
import type { ReportFigures } from '../../api/shift-reports'
import { stopSettingsQueryOptions } from '../../api/stops'
import { DataTable } from '../../components/data-table'
import { useT } from '../../components/i18n'
import { ScrollArea } from '../../components/scroll-area'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import type { Translator } from '../../lib/i18n/translator'
import { codeWords, durationInWords } from '../../lib/machine-state'
import { meaningLabel } from '../../lib/status-codes'
import { reasonName } from '../../lib/stop-reasons'

type T = Translator['t']
type NumberFormat = Translator['number']

export const percent = (share: number | null, number: NumberFormat) =>
  share === null ? '—' : `${number(share * 100, { maximumFractionDigits: 0 })} %`
const minutes = (ms: number) => durationInWords(Math.round(ms / 1000))

/** "80 of 100 (80 %)", or the count alone without a target */
export function ofTarget(actual: number | null, target: number | null, t: T, number: NumberFormat): string {
  if (actual === null) return '—'
  if (target === null || target <= 0) return number(Math.round(actual))
  return t('shiftReports.ofTarget', {
    actual: number(Math.round(actual)),
    target: number(Math.round(target)),
    percent: number((actual / target) * 100, { maximumFractionDigits: 0 }),
  })
}

/** The report's tables: figures in columns, each cell on one line (the table scrolls on a phone). */
export const REPORT_TABLE =
  'text-left tabular-nums [&_td]:px-2 [&_td]:py-1 [&_td]:whitespace-nowrap [&_th]:px-2 [&_th]:py-1 [&_th]:whitespace-nowrap'

/** A report as a document: sections that keep together when printed on A4, tables with their headings. */
export function Report({
  report,
}: {
  report: { shift: string; start: number; end: number; builtAt: number; figures: ReportFigures }
}) {
  const { t, number } = useT()
  const timeZone = useQuery(appConfigQueryOptions()).data?.timeZone ?? 'UTC'
  const { nameOf } = useLocations()
  const codes = useStatusCodes()
  const reasons = useQuery(stopSettingsQueryOptions()).data?.settings.reasons ?? []
  const { figures } = report
  const { result, stops } = figures
  const when = (at: number) => `${formatFactoryDate(at, timeZone)} ${formatFactoryTime(at, timeZone, false)}`
  const reasonOf = (id: string | null) => {
    if (id === null) return t('shiftReports.noReason')
    const reason = reasons.find((r) => r.id === id)
    return reason ? reasonName(reason, t) : id
  }
  const codeOf = (code: number | null) => {
    const meaning = code === null ? undefined : codes?.get(code)
    return meaning ? `${codeWords(code, t)} · ${meaningLabel(meaning, t)}` : codeWords(code, t)
  }
  const machineRows = (list: ReportFigures['best']) =>
    list.map((m) => (
      <tr key={m.machineId} className="border-t border-gray-200 dark:border-gray-800">
        <th scope="row" className="font-normal">
          {m.name}
        </th>
        <td>{percent(m.oee, number)}</td>
        <td>{percent(m.availability, number)}</td>
        <td>{percent(m.performance, number)}</td>
        <td>{minutes(m.runMs)}</td>
      </tr>
    ))
  const machineColumns = [
    { key: 'machine', label: t('shiftReports.col.machine') },
    { key: 'oee', label: t('shiftReports.col.oee') },
    { key: 'availability', label: t('shiftReports.col.availability') },
    { key: 'performance', label: t('shiftReports.col.performance') },
    { key: 'run', label: t('shiftReports.col.run') },
  ]
  return (
    <article aria-labelledby="report-heading" className="space-y-5 p-4 print:p-0 print:text-black">
      <header className="space-y-1">
        <p className="print:hidden">
          <Link to=".." relative="path" className="underline">
            {t('shiftReports.back')}
          </Link>
        </p>
        <h1 id="report-heading" className="text-2xl font-semibold">
          {t('shiftReports.reportTitle', {
            shift: report.shift,
            date: formatFactoryDate(report.start, timeZone),
          })}
        </h1>
        <p className="text-gray-700 dark:text-gray-300 print:text-black">
          {t('shiftReports.span', {
            from: when(report.start),
            till: formatFactoryTime(report.end, timeZone, false),
            built: when(report.builtAt),
          })}
        </p>
      </header>

      <Part title={t('shiftReports.output')}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 tabular-nums">
          <dt>{t('shiftReports.col.pieces')}</dt>
          <dd>{ofTarget(result.pieces, result.target.pieces, t, number)}</dd>
          <dt>{t('shiftReports.stitches')}</dt>
          <dd>{ofTarget(result.stitches, result.target.stitches, t, number)}</dd>
          <dt>{result.quality === null ? t('shiftReports.oeeNoQuality') : t('shiftReports.col.oee')}</dt>
          <dd data-figure="oee">{percent(result.oee, number)}</dd>
          <dt>{t('shiftReports.col.availability')}</dt>
          <dd data-figure="availability">{percent(result.availability, number)}</dd>
          <dt>{t('shiftReports.col.performance')}</dt>
          <dd data-figure="performance">{percent(result.performance, number)}</dd>
          <dt>{t('shiftReports.col.quality')}</dt>
          <dd data-figure="quality">{percent(result.quality, number)}</dd>
          <dt>{t('shiftReports.teep')}</dt>
          <dd>{percent(result.teep, number)}</dd>
        </dl>
        <p className="text-sm text-gray-700 dark:text-gray-300 print:text-black">{t('shiftReports.how')}</p>
      </Part>

      {figures.locations.length > 1 && (
        <Part title={t('shiftReports.locations')}>
          <Scroll label={t('shiftReports.locations')}>
            <DataTable
              className={REPORT_TABLE}
              caption={t('shiftReports.locations')}
              columns={[
                { key: 'location', label: t('shiftReports.col.location') },
                { key: 'pieces', label: t('shiftReports.col.pieces') },
                { key: 'oee', label: t('shiftReports.col.oee') },
                { key: 'availability', label: t('shiftReports.col.availability') },
                { key: 'performance', label: t('shiftReports.col.performance') },
              ]}
            >
              {figures.locations.map((l) => (
                <tr key={String(l.locationId)} className="border-t border-gray-200 dark:border-gray-800">
                  <th scope="row" className="font-normal">
                    {l.locationId === null
                      ? t('shiftReports.noLocation')
                      : (nameOf(l.locationId) ?? String(l.locationId))}
                  </th>
                  <td>{ofTarget(l.pieces, l.targetPieces, t, number)}</td>
                  <td>{percent(l.oee, number)}</td>
                  <td>{percent(l.availability, number)}</td>
                  <td>{percent(l.performance, number)}</td>
                </tr>
              ))}
            </DataTable>
          </Scroll>
        </Part>
      )}

      <Part title={t('shiftReports.stops')}>
        <p>
          {t('shiftReports.stopsSummary', {
            stop: minutes(stops.stopMs),
            explained: percent(stops.share, number),
            unexplained: minutes(stops.unexplainedMs),
          })}
        </p>
        <Scroll label={t('shiftReports.byReason')}>
          <DataTable
            className={REPORT_TABLE}
            caption={t('shiftReports.byReason')}
            captionClassName="text-left font-semibold"
            columns={[
              { key: 'reason', label: t('shiftReports.col.reason') },
              { key: 'time', label: t('shiftReports.col.time') },
              { key: 'count', label: t('shiftReports.col.count') },
            ]}
          >
            {stops.byReason.map((r) => (
              <tr key={`${r.reason}`} className="border-t border-gray-200 dark:border-gray-800">
                <th scope="row" className="font-normal">
                  {reasonOf(r.reason)}
                  {r.planned && ` (${t('shiftReports.planned')})`}
                </th>
                <td>{minutes(r.ms)}</td>
                <td>{number(r.count)}</td>
              </tr>
            ))}
          </DataTable>
        </Scroll>
        <Scroll label={t('shiftReports.byCode')}>
          <DataTable
            className={REPORT_TABLE}
            caption={t('shiftReports.byCode')}
            captionClassName="text-left font-semibold"
            columns={[
              { key: 'code', label: t('shiftReports.col.code') },
              { key: 'time', label: t('shiftReports.col.time') },
              { key: 'count', label: t('shiftReports.col.count') },
            ]}
          >
            {figures.byCode.map((c) => (
              <tr key={String(c.code)} className="border-t border-gray-200 dark:border-gray-800">
                <th scope="row" className="font-normal">
                  {codeOf(c.code)}
                </th>
                <td>{minutes(c.ms)}</td>
                <td>{number(c.count)}</td>
              </tr>
            ))}
          </DataTable>
        </Scroll>
        <Scroll label={t('shiftReports.longest')}>
          <DataTable
            className={REPORT_TABLE}
            caption={t('shiftReports.longest')}
            captionClassName="text-left font-semibold"
            columns={[
              { key: 'machine', label: t('shiftReports.col.machine') },
              { key: 'from', label: t('shiftReports.col.from') },
              { key: 'time', label: t('shiftReports.col.time') },
              { key: 'reason', label: t('shiftReports.col.reason') },
            ]}
          >
            {figures.longest.map((s) => (
              <tr key={`${s.machineId}-${s.start}`} className="border-t border-gray-200 dark:border-gray-800">
                <th scope="row" className="font-normal">
                  {s.name}
                </th>
                <td>{formatFactoryTime(s.start, timeZone, false)}</td>
                <td>{minutes(s.end - s.start)}</td>
                <td>{reasonOf(s.reason)}</td>
              </tr>
            ))}
          </DataTable>
        </Scroll>
      </Part>

      <Part title={t('shiftReports.machines')}>
        {figures.best.length === 0 ? (
          <p>{t('shiftReports.noMachines')}</p>
        ) : (
          <>
            <Scroll label={t('shiftReports.best')}>
              <DataTable
                className={REPORT_TABLE}
                caption={t('shiftReports.best')}
                captionClassName="text-left font-semibold"
                columns={machineColumns}
              >
                {machineRows(figures.best)}
              </DataTable>
            </Scroll>
            <Scroll label={t('shiftReports.worst')}>
              <DataTable
                className={REPORT_TABLE}
                caption={t('shiftReports.worst')}
                captionClassName="text-left font-semibold"
                columns={machineColumns}
              >
                {machineRows(figures.worst)}
              </DataTable>
            </Scroll>
          </>
        )}
      </Part>

      <Part title={t('shiftReports.alerts')}>
        <p>
          {t('shiftReports.alertsSummary', {
            count: figures.alerts.alerts,
            acknowledged: figures.alerts.acknowledged,
            response:
              figures.alerts.medianResponseSeconds === null
                ? '—'
                : durationInWords(Math.round(figures.alerts.medianResponseSeconds)),
            repair:
              figures.alerts.medianRepairSeconds === null
                ? '—'
                : durationInWords(Math.round(figures.alerts.medianRepairSeconds)),
          })}
        </p>
      </Part>
    </article>
  )
}

/** A section of the report: kept on one printed page where it fits. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 break-inside-avoid">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  )
}

/** A table of the report that scrolls sideways on a narrow screen (a phone), named for the keyboard. */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return <ScrollArea label={label}>{children}</ScrollArea>
}
