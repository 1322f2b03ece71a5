import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useFactoryZone, useStatusCodes } from '../../api/core/app-config'
import { useLocations } from '../../api/machines/locations'
import type { ShiftReport } from '../../api/shift-reports/shift-reports'
import { stopSettingsQueryOptions } from '../../api/stops/stops'
import { DataTable } from '../../components/data-table'
import { useT } from '../../components/i18n'
import { ScrollArea } from '../../components/scroll-area'
import { Skeleton } from '../../components/skeleton'
import { type DocumentTable, documentWords, reportDocument } from '../../lib/shift-report-document'

import { REPORT_TABLE } from './table-classes'

/** A report as a document (src/lib/shift-report-document, the same words its e-mail, PDF and CSV carry):
 * sections that keep together when printed on A4, tables with their headings. */
export function Report({ report }: { report: Omit<ShiftReport, 'id' | 'day'> }) {
  const { t, number, language } = useT()
  const timeZone = useFactoryZone()
  const { nameOf } = useLocations()
  const codes = useStatusCodes()
  const settings = useQuery(stopSettingsQueryOptions())
  // the reasons' names come with the stop settings: until they are read, a reason would show as its id
  // ("waiting-garments"), and the page would not say what the e-mail said; if they cannot be read, it does
  if (settings.isPending) return <Skeleton lines={8} />
  const reasons = settings.data?.settings.reasons ?? []
  const document = reportDocument(
    {
      ...report,
      figures: {
        ...report.figures,
        // a report built before location names were kept: the names the dashboard knows now
        locations: report.figures.locations.map((l) => ({
          ...l,
          name: l.name ?? (l.locationId === null ? null : (nameOf(l.locationId) ?? null)),
        })),
      },
    },
    documentWords({ t, number, language }, timeZone, reasons, codes),
  )
  return (
    <article aria-labelledby="report-heading" className="space-y-5 p-4 print:p-0 print:text-black">
      <header className="space-y-1">
        <div className="print:hidden">
          <Link to=".." relative="path" className="underline">
            {t('shiftReports.back')}
          </Link>
        </div>
        <h1 id="report-heading" className="text-2xl font-semibold">
          {document.title}
        </h1>
        <p className="text-gray-700 dark:text-gray-300 print:text-black">{document.span}</p>
      </header>
      {document.sections.map((section) => (
        <Part key={section.id} id={section.id} title={section.title}>
          {section.facts.length > 0 && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 tabular-nums">
              {section.facts.map((fact) => (
                <div key={fact.key} className="contents">
                  <dt>{fact.label}</dt>
                  <dd data-figure={fact.key}>{fact.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {section.paragraphs.map((text) => (
            <p
              key={text}
              className={
                section.facts.length > 0
                  ? 'text-sm text-gray-700 dark:text-gray-300 print:text-black'
                  : undefined
              }
            >
              {text}
            </p>
          ))}
          {section.tables.map((table) => (
            <Table
              key={table.id}
              table={table}
              captioned={section.tables.length > 1 || table.caption !== section.title}
            />
          ))}
        </Part>
      ))}
    </article>
  )
}

function Table({ table, captioned }: { table: DocumentTable; captioned: boolean }) {
  return (
    <ScrollArea label={table.caption}>
      <DataTable
        className={REPORT_TABLE}
        caption={table.caption}
        {...(captioned ? { captionClassName: 'text-left font-semibold' } : {})}
        columns={table.columns.map((label, i) => ({ key: String(i), label }))}
      >
        {table.rows.map((row, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a frozen report's rows never change order
          <tr key={r} data-row={table.id} className="border-t border-gray-200 dark:border-gray-800">
            <th scope="row" className="font-normal">
              {row[0]}
            </th>
            {row.slice(1).map((cell, c) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
              <td key={c}>{cell}</td>
            ))}
          </tr>
        ))}
      </DataTable>
    </ScrollArea>
  )
}

/** A section of the report: kept on one printed page where it fits. */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`part-${id}`} className="space-y-2 break-inside-avoid">
      <h2 id={`part-${id}`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}
