import type { ReportPath } from '../../api/contract/report-params'
import type { ReportRow } from '../../api/contract/report-row'

/** The production figures of a shift, each from the report that carries it. The reference does not
 * show these reports' payloads (4.2): a figure is read only where a report's rows carry the field, and
 * is null (shown as "—", "not in this report") where they do not. */
export interface Figure {
  key: string
  label: string
  source: ReportPath | 'computed'
  /** how the value is made from the source, in words */
  how: string
  /** rates are compared as they are; totals per hour of the shift in the range */
  kind: 'total' | 'rate'
  digits: number
  unit?: string
}

export const FIGURES: readonly Figure[] = [
  {
    key: 'threadbreaks',
    label: 'Thread breaks',
    source: '/reports/threadbreaks',
    how: 'sum of rows',
    kind: 'total',
    digits: 0,
  },
  {
    key: 'stitches',
    label: 'Stitches',
    source: '/reports/machine-summary',
    how: 'sum of stitches',
    kind: 'total',
    digits: 0,
  },
  {
    key: 'pieces',
    label: 'Pieces',
    source: '/reports/machine-summary',
    how: 'sum of pieces',
    kind: 'total',
    digits: 0,
  },
  {
    key: 'running_hours',
    label: 'Running time',
    source: '/reports/machine-summary',
    how: 'sum of running_hours',
    kind: 'total',
    digits: 1,
    unit: 'h',
  },
  {
    key: 'average_rpm',
    label: 'Average rpm',
    source: '/reports/average-rpm',
    how: 'average_rpm weighted by running_hours',
    kind: 'rate',
    digits: 0,
  },
  {
    key: 'productivity',
    label: 'Productivity',
    source: '/reports/machine-productivity',
    how: 'running_hours ÷ production_hours',
    kind: 'rate',
    digits: 0,
    unit: '%',
  },
  {
    key: 'breaks_per_running_hour',
    label: 'Breaks per running hour',
    source: 'computed',
    how: 'thread breaks ÷ running time',
    kind: 'rate',
    digits: 2,
  },
]

const numbers = (rows: readonly ReportRow[], field: string) =>
  rows
    .map((row) => row[field])
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value))

/** Σ field over the rows, or null when no row carries it as a number. */
export function sumOf(rows: readonly ReportRow[] | undefined, field: string): number | null {
  if (!rows) return null
  const values = numbers(rows, field)
  return values.length ? values.reduce((a, b) => a + b, 0) : null
}

/** Σ(value × weight) ÷ Σ weight over rows that carry both as numbers. */
export function weightedAverage(
  rows: readonly ReportRow[] | undefined,
  field: string,
  weight: string,
): number | null {
  let sum = 0
  let weights = 0
  for (const row of rows ?? []) {
    const value = row[field]
    const w = row[weight]
    if (typeof value === 'number' && typeof w === 'number' && w > 0) {
      sum += value * w
      weights += w
    }
  }
  return weights > 0 ? sum / weights : null
}

/** The inputs of one shift's figures: the rows of each report (undefined while loading). */
export interface ShiftReports {
  breaks: number | undefined
  summary: readonly ReportRow[] | undefined
  rpm: readonly ReportRow[] | undefined
  productivity: readonly ReportRow[] | undefined
}

export function shiftFigures(reports: ShiftReports): Record<string, number | null> {
  const running = sumOf(reports.summary, 'running_hours')
  const production = sumOf(reports.productivity, 'production_hours')
  const runningForProductivity = sumOf(reports.productivity, 'running_hours')
  const breaks = reports.breaks ?? null
  return {
    threadbreaks: breaks,
    stitches: sumOf(reports.summary, 'stitches'),
    pieces: sumOf(reports.summary, 'pieces'),
    running_hours: running,
    average_rpm: weightedAverage(reports.rpm, 'average_rpm', 'running_hours'),
    productivity:
      production && runningForProductivity !== null ? (100 * runningForProductivity) / production : null,
    breaks_per_running_hour: breaks !== null && running ? breaks / running : null,
  }
}

/** The value compared across shifts: totals per hour of the shift in the range, rates as they are. */
export function comparable(figure: Figure, value: number | null, hours: number): number | null {
  if (value === null) return null
  if (figure.kind === 'rate') return value
  return hours > 0 ? value / hours : null
}

export function formatFigure(figure: Figure, value: number | null): string {
  if (value === null) return '—'
  const text = value.toLocaleString(undefined, {
    minimumFractionDigits: figure.digits,
    maximumFractionDigits: figure.digits,
  })
  return figure.unit ? `${text} ${figure.unit}` : text
}
