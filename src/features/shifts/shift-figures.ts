import type { ReportPath } from '../../api/contract/report-params'
import type { MachineSpeed, MachineSummary } from '../../lib/domain'
import type { MessageKey, Translator } from '../../lib/i18n/translator'
import type { StatusDictionary } from '../../lib/machine-state'
import { secondsInStateOf } from '../../lib/status-codes'

/** The production figures of a shift, each from the report that carries it (myzsk-api.md 1.12, 1.13).
 * A figure is null (shown as "—") where its report gave no rows. */
export interface Figure {
  key: string
  label: MessageKey
  source: ReportPath | 'computed'
  /** how the value is made from the source, in words */
  how: MessageKey
  /** rates are compared as they are; totals per hour of the shift in the range */
  kind: 'total' | 'rate'
  digits: number
  unit?: string
}

export const FIGURES: readonly Figure[] = [
  {
    key: 'threadbreaks',
    label: 'shifts.figure.threadbreaks',
    source: '/reports/threadbreaks',
    how: 'shifts.how.everyBreak',
    kind: 'total',
    digits: 0,
  },
  {
    key: 'stitches',
    label: 'shifts.figure.stitches',
    source: '/reports/machine-summary',
    how: 'shifts.how.addedUp',
    kind: 'total',
    digits: 0,
  },
  {
    key: 'pieces',
    label: 'shifts.figure.pieces',
    source: '/reports/machine-summary',
    how: 'shifts.how.addedUp',
    kind: 'total',
    digits: 0,
  },
  {
    key: 'runningHours',
    label: 'shifts.figure.timeRunning',
    source: '/reports/machine-summary',
    how: 'shifts.how.runningCodes',
    kind: 'total',
    digits: 1,
    unit: 'h',
  },
  {
    key: 'averageRpm',
    label: 'shifts.figure.averageRpm',
    source: '/reports/average-rpm',
    how: 'shifts.how.rpm',
    kind: 'rate',
    digits: 0,
  },
  {
    key: 'utilizationPercent',
    label: 'shifts.figure.utilisation',
    source: '/reports/machine-summary',
    how: 'shifts.how.utilisation',
    kind: 'rate',
    digits: 0,
    unit: '%',
  },
  {
    key: 'breaksPerRunningHour',
    label: 'shifts.figure.breaksPerRunningHour',
    source: 'computed',
    how: 'shifts.how.breaksPerRunningHour',
    kind: 'rate',
    digits: 2,
  },
]

/** Σ of a figure over rows, or null without rows or when no row carries it. */
export function sumOf<T>(rows: readonly T[] | undefined, value: (row: T) => number | null): number | null {
  if (!rows) return null
  let sum = 0
  let any = false
  for (const row of rows) {
    const v = value(row)
    if (v !== null && Number.isFinite(v)) {
      sum += v
      any = true
    }
  }
  return any ? sum : null
}

/** The inputs of one shift's figures (undefined while loading). `speeds` holds only the machines in
 * scope (average-rpm cannot be asked for machines: its rows are narrowed by machine ID). */
export interface ShiftReports {
  breaks: number | undefined
  summary: readonly MachineSummary[] | undefined
  speeds: readonly MachineSpeed[] | undefined
}

export function shiftFigures(
  reports: ShiftReports,
  codes: StatusDictionary | undefined,
): Record<string, number | null> {
  const { summary, speeds } = reports
  // running time needs the dictionary (which codes mean running); unknown until it is read
  const runningSeconds = codes
    ? sumOf(summary, (r) => secondsInStateOf(r.secondsByStatus, 'running', codes))
    : null
  const running = runningSeconds === null ? null : runningSeconds / 3600
  const production = sumOf(summary, (r) => r.productionSeconds)
  const total = sumOf(summary, (r) => r.totalSeconds)
  const speedStitches = sumOf(speeds, (r) => r.stitches)
  const productive = sumOf(speeds, (r) => r.productiveSeconds)
  const breaks = reports.breaks ?? null
  return {
    threadbreaks: breaks,
    stitches: sumOf(summary, (r) => r.stitches),
    pieces: sumOf(summary, (r) => r.pieces),
    runningHours: running,
    averageRpm: speedStitches !== null && productive ? speedStitches / (productive / 60) : null,
    utilizationPercent: production !== null && total ? (100 * production) / total : null,
    breaksPerRunningHour: breaks !== null && running ? breaks / running : null,
  }
}

/** The value compared across shifts: totals per hour of the shift in the range, rates as they are. */
export function comparable(figure: Figure, value: number | null, hours: number): number | null {
  if (value === null) return null
  if (figure.kind === 'rate') return value
  return hours > 0 ? value / hours : null
}

/** A figure's value as the screen's language writes numbers (`number` of its translator). */
export function formatFigure(figure: Figure, value: number | null, number: Translator['number']): string {
  if (value === null) return '—'
  const text = number(value, {
    minimumFractionDigits: figure.digits,
    maximumFractionDigits: figure.digits,
  })
  return figure.unit ? `${text} ${figure.unit}` : text
}
