import { durationInWords } from './duration'
import { formatFactoryTime } from './factory-time'
import type { Translator } from './i18n/translator'
import type { MachineFigures, ReportFigures, ReportKind } from './shift-report-figures'
import { maintenanceSection, ordersSection } from './shift-report-orders'
import { type DocumentWords, ofTarget, percent, reportDate, reportTitle } from './shift-report-words'

export type { DocumentWords } from './shift-report-words'
export { documentWords, ofTarget, percent, reportTitle } from './shift-report-words'

/**
 * A report as a document in words: the one rendering of a report's figures that the page, the e-mail, its
 * PDF and its CSV all show (so they cannot disagree). Sections hold facts (label and value), paragraphs and
 * tables whose first column names the row.
 */
export interface DocumentTable {
  id: string
  caption: string
  columns: string[]
  rows: string[][]
}

/** Which columns of a table hold figures (every cell a number, a share, a time, or a dash): they are set
 * flush right where a renderer aligns; the first column names the row. */
export function figureColumns(table: DocumentTable): boolean[] {
  return table.columns.map(
    (_, i) => i > 0 && table.rows.length > 0 && table.rows.every((row) => /^[-+−±—\d]/.test(row[i] ?? '')),
  )
}

export interface DocumentSection {
  id: string
  title: string
  facts: Array<{ key: string; label: string; value: string }>
  paragraphs: string[]
  tables: DocumentTable[]
}

export interface ReportDocument {
  title: string
  span: string
  sections: DocumentSection[]
}

/** A change made after a report was built: a reason given to one of its stops. */
export interface ReportCorrection {
  at: number
  by: string
  machineName: string
  stopStart: number
  before: string | null
  after: string | null
}

export interface ReportLike {
  kind: ReportKind
  shift: string
  start: number
  end: number
  builtAt: number
  figures: ReportFigures
  corrections?: readonly ReportCorrection[]
}

type NumberFormat = Translator['number']
const minutes = (ms: number) => durationInWords(Math.round(ms / 1000))

const signed = (change: number, number: NumberFormat) =>
  change > 0 ? `+${number(change)}` : change < 0 ? `−${number(-change)}` : '±0'

/** A report in words (see ReportDocument). */
export function reportDocument(report: ReportLike, words: DocumentWords): ReportDocument {
  const { t, number, timeZone, language, reasonName, codeName } = words
  const { figures } = report
  const { result, stops } = figures
  const clock = (at: number) => formatFactoryTime(at, timeZone, false, language)
  const when = (at: number) => `${reportDate(at, timeZone, language)} ${clock(at)}`
  const section = (id: string, title: string, rest: Partial<DocumentSection>): DocumentSection => ({
    id,
    title,
    facts: [],
    paragraphs: [],
    tables: [],
    ...rest,
  })
  const sections: DocumentSection[] = []

  sections.push(
    section('output', t('shiftReports.output'), {
      facts: [
        {
          key: 'pieces',
          label: t('shiftReports.col.pieces'),
          value: ofTarget(result.pieces, result.target.pieces, t, number),
        },
        {
          key: 'stitches',
          label: t('shiftReports.stitches'),
          value: ofTarget(result.stitches, result.target.stitches, t, number),
        },
        {
          key: 'oee',
          label: result.quality === null ? t('shiftReports.oeeNoQuality') : t('shiftReports.col.oee'),
          value: percent(result.oee, number),
        },
        {
          key: 'availability',
          label: t('shiftReports.col.availability'),
          value: percent(result.availability, number),
        },
        {
          key: 'performance',
          label: t('shiftReports.col.performance'),
          value: percent(result.performance, number),
        },
        { key: 'quality', label: t('shiftReports.col.quality'), value: percent(result.quality, number) },
        { key: 'teep', label: t('shiftReports.teep'), value: percent(result.teep, number) },
      ],
      paragraphs: [t('shiftReports.how')],
    }),
  )

  if (figures.shifts && figures.shifts.length > 0)
    sections.push(
      section('shifts', t('shiftReports.shifts'), {
        paragraphs: figures.missing?.length
          ? [
              t('shiftReports.missingShifts', {
                shifts: figures.missing
                  .map((m) =>
                    t('shiftReports.shiftOf', {
                      shift: m.shift,
                      date: reportDate(m.start, timeZone, language),
                    }),
                  )
                  .join(', '),
              }),
            ]
          : [],
        tables: [
          {
            id: 'shifts',
            caption: t('shiftReports.shifts'),
            columns: [
              t('shiftReports.col.shift'),
              t('shiftReports.col.pieces'),
              t('shiftReports.col.oee'),
              t('shiftReports.col.unexplained'),
            ],
            rows: figures.shifts.map((s) => [
              t('shiftReports.shiftOf', {
                shift: s.shift,
                date: reportDate(s.start, timeZone, language),
              }),
              ofTarget(s.pieces, s.targetPieces, t, number),
              percent(s.oee, number),
              minutes(s.unexplainedMs),
            ]),
          },
        ],
      }),
    )

  if (figures.locations.length > 1)
    sections.push(
      section('locations', t('shiftReports.locations'), {
        tables: [
          {
            id: 'locations',
            caption: t('shiftReports.locations'),
            columns: [
              t('shiftReports.col.location'),
              t('shiftReports.col.pieces'),
              t('shiftReports.col.oee'),
              t('shiftReports.col.availability'),
              t('shiftReports.col.performance'),
            ],
            rows: figures.locations.map((l) => [
              l.locationId === null
                ? t('shiftReports.noLocation')
                : (l.name ?? t('shiftReports.location', { id: l.locationId })),
              ofTarget(l.pieces, l.targetPieces, t, number),
              percent(l.oee, number),
              percent(l.availability, number),
              percent(l.performance, number),
            ]),
          },
        ],
      }),
    )

  const time = t('shiftReports.col.time')
  const count = t('shiftReports.col.count')
  sections.push(
    section('stops', t('shiftReports.stops'), {
      paragraphs: [
        t('shiftReports.stopsSummary', {
          stop: minutes(stops.stopMs),
          explained: percent(stops.share, number),
          unexplained: minutes(stops.unexplainedMs),
        }),
      ],
      tables: [
        {
          id: 'by-reason',
          caption: t('shiftReports.byReason'),
          columns: [t('shiftReports.col.reason'), time, count],
          rows: stops.byReason.map((r) => [
            `${reasonName(r.reason)}${r.planned ? ` (${t('shiftReports.planned')})` : ''}`,
            minutes(r.ms),
            number(r.count),
          ]),
        },
        {
          id: 'by-code',
          caption: t('shiftReports.byCode'),
          columns: [t('shiftReports.col.code'), time, count],
          rows: figures.byCode.map((c) => [codeName(c.code), minutes(c.ms), number(c.count)]),
        },
        {
          id: 'longest',
          caption: t('shiftReports.longest'),
          columns: [
            t('shiftReports.col.machine'),
            t('shiftReports.col.from'),
            time,
            t('shiftReports.col.reason'),
          ],
          rows: figures.longest.map((s) => [
            s.name,
            report.kind === 'shift' ? clock(s.start) : when(s.start),
            minutes(s.end - s.start),
            reasonName(s.reason),
          ]),
        },
      ],
    }),
  )

  if (figures.breaks !== undefined)
    sections.push(
      section('breaks', t('shiftReports.breaks'), {
        paragraphs: [
          figures.breaks === null
            ? t('shiftReports.breaksUnknown')
            : t('shiftReports.breaksSummary', {
                count: figures.breaks.total,
                before: number(figures.breaks.before),
                kind: report.kind,
              }),
        ],
        tables:
          figures.breaks && figures.breaks.hotSpots.length > 0
            ? [
                {
                  id: 'hot-spots',
                  caption: t('shiftReports.hotSpots', { kind: report.kind }),
                  columns: [
                    t('shiftReports.col.machine'),
                    t('shiftReports.col.head'),
                    t('shiftReports.col.breaks'),
                    t('shiftReports.col.before'),
                    t('shiftReports.col.change'),
                  ],
                  rows: figures.breaks.hotSpots.map((h) => [
                    h.name,
                    number(h.head),
                    number(h.breaks),
                    number(h.before),
                    signed(h.breaks - h.before, number),
                  ]),
                },
              ]
            : [],
      }),
    )

  if (report.kind === 'shift') {
    const machineTable = (id: string, caption: string, list: readonly MachineFigures[]): DocumentTable => ({
      id,
      caption,
      columns: [
        t('shiftReports.col.machine'),
        t('shiftReports.col.oee'),
        t('shiftReports.col.availability'),
        t('shiftReports.col.performance'),
        t('shiftReports.col.run'),
      ],
      rows: list.map((m) => [
        m.name,
        percent(m.oee, number),
        percent(m.availability, number),
        percent(m.performance, number),
        minutes(m.runMs),
      ]),
    })
    sections.push(
      section('machines', t('shiftReports.machines'), {
        paragraphs: figures.best.length === 0 ? [t('shiftReports.noMachines')] : [],
        tables:
          figures.best.length === 0
            ? []
            : [
                machineTable('best', t('shiftReports.best'), figures.best),
                ...(figures.worst.length > 0
                  ? [machineTable('worst', t('shiftReports.worst'), figures.worst)]
                  : []),
              ],
      }),
    )
  }

  if (figures.orders !== undefined) sections.push(ordersSection(figures.orders, words, when))
  if (figures.maintenance !== undefined) sections.push(maintenanceSection(figures.maintenance, words, when))

  const { alerts } = figures
  const seconds = (s: number | null) => (s === null ? '—' : durationInWords(Math.round(s)))
  sections.push(
    section('alerts', t('shiftReports.alerts'), {
      paragraphs: [
        t('shiftReports.alertsSummary', {
          count: alerts.alerts,
          acknowledged: number(alerts.acknowledged),
          response: seconds(alerts.medianResponseSeconds),
          repair: seconds(alerts.medianRepairSeconds),
        }),
      ],
    }),
  )

  if (report.corrections && report.corrections.length > 0)
    sections.push(
      section('corrections', t('shiftReports.corrections'), {
        paragraphs: [t('shiftReports.correctionsIntro')],
        tables: [
          {
            id: 'corrections',
            caption: t('shiftReports.corrections'),
            columns: [
              t('shiftReports.col.correctedAt'),
              t('shiftReports.col.machine'),
              t('shiftReports.col.from'),
              t('shiftReports.col.reasonBefore'),
              t('shiftReports.col.reasonAfter'),
              t('shiftReports.col.by'),
            ],
            rows: report.corrections.map((c) => [
              when(c.at),
              c.machineName,
              when(c.stopStart),
              reasonName(c.before),
              reasonName(c.after),
              c.by,
            ]),
          },
        ],
      }),
    )

  return {
    title: reportTitle(report, words),
    span: t(report.kind === 'shift' ? 'shiftReports.span' : 'shiftReports.periodSpan', {
      from: when(report.start),
      till: report.kind === 'shift' ? clock(report.end) : when(report.end),
      built: when(report.builtAt),
    }),
    sections,
  }
}
