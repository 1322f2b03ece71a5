import { useStatusCodes } from '../../api/core/app-config'
import { useMachineLayouts } from '../../api/machines/machines'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { useReportQueries } from '../../api/vendor-reports/report-queries'
import {
  machineSpeedQueryOptions,
  machineSummaryQueryOptions,
  threadbreaksQueryOptions,
} from '../../api/vendor-reports/reports'
import { useT } from '../../components/i18n'
import type { MachineSpeed, MachineSummary, RecordList, ThreadbreakCount } from '../../lib/domain'
import { type ShiftSoFar, shiftHours } from '../../lib/shift-compare'
import type { NamedShift, ResolvedRange } from '../../lib/time-range'
import { SOURCE_WORDS } from './figure-rows'
import type { PerShift } from './machines-by-shift'
import { shiftFigures, sumOf } from './shift-figures'

/** Thread breaks and the machine summary for one span, without a shift filter (the span is the shift). */
function spanQueries(scope: ReportParams, [from, till]: readonly [number, number]) {
  const params = { ...scope, from, till }
  return [threadbreaksQueryOptions({ ...params, grouping: 'H' }), machineSummaryQueryOptions(params)] as const
}

/** This shift so far, the same shift yesterday and last week: two reports per span, read into the
 * table's rows (a row's value of span i is null while it loads). */
export function useShiftSoFarReports(scope: ReportParams, soFar: ShiftSoFar) {
  const { t } = useT()
  const spans = [
    { label: t('shifts.span.current'), span: soFar.current },
    { label: t('shifts.span.yesterday'), span: soFar.yesterday },
    { label: t('shifts.span.lastWeek'), span: soFar.lastWeek },
  ]
  const results = useReportQueries(spans.flatMap(({ span }) => spanQueries(scope, span)))
  const rows = [
    {
      label: t('shifts.figure.threadbreaks'),
      value: (i: number) => sumCounts(recordsOf<ThreadbreakCount>(results[2 * i]?.data)),
    },
    {
      label: t('shifts.figure.stitches'),
      value: (i: number) => sumOf(recordsOf<MachineSummary>(results[2 * i + 1]?.data), (r) => r.stitches),
    },
    {
      label: t('shifts.figure.pieces'),
      value: (i: number) => sumOf(recordsOf<MachineSummary>(results[2 * i + 1]?.data), (r) => r.pieces),
    },
  ]
  const problems = results.map((query, i) => ({
    name:
      i % 2 === 0
        ? t('shifts.problem.spanBreaks', { span: spans[Math.floor(i / 2)]?.label ?? '' })
        : t('shifts.problem.spanSummary', { span: spans[Math.floor(i / 2)]?.label ?? '' }),
    query,
  }))
  return { spans, results, rows, problems }
}

/** Each shift's reports, in the order they are asked for per shift (the problems name them by it). */
const SHIFT_SOURCES = ['/reports/threadbreaks', '/reports/machine-summary', '/reports/average-rpm'] as const

/** Every shift over the range with the API's shift filter: three reports per shift, read into its
 * figures and hours. */
export function useShiftsOverRange(
  scope: ReportParams,
  range: ResolvedRange,
  shifts: readonly NamedShift[],
  timeZone: string,
  now: number,
) {
  const results = useReportQueries(
    shifts.flatMap((shift) => {
      const params = { ...scope, shift: { from: shift.from, to: shift.to } }
      return [
        threadbreaksQueryOptions({ ...params, grouping: 'HN' }),
        machineSummaryQueryOptions(params),
        machineSpeedQueryOptions(params),
      ]
    }),
  )
  const { t } = useT()
  const layouts = useMachineLayouts()
  const codes = useStatusCodes()
  const chosen =
    Array.isArray(scope.machineIds) && scope.machineIds.length > 0 ? new Set(scope.machineIds) : null
  const perShift: PerShift[] = shifts.map((shift, s) => {
    const breaks = recordsOf<ThreadbreakCount>(results[3 * s]?.data)
    const summary = recordsOf<MachineSummary>(results[3 * s + 1]?.data)
    // average-rpm takes no machine filter: its rows are narrowed to the chosen machines here
    const speeds = recordsOf<MachineSpeed>(results[3 * s + 2]?.data)?.filter(
      (r) => !chosen || chosen.has(r.machineId),
    )
    return {
      shift,
      breakRows: breaks,
      hours: shiftHours(shift, range, now, timeZone),
      figures: shiftFigures({ breaks: sumCounts(breaks) ?? undefined, summary, speeds }, codes),
    }
  })
  return {
    perShift,
    layouts: layouts.data,
    problems: results.map((query, i) => ({
      name: t('shifts.problem.shiftReport', {
        name: shifts[Math.floor(i / 3)]?.name ?? '',
        report: t(SOURCE_WORDS[SHIFT_SOURCES[i % 3]!]),
      }),
      query,
    })),
    pending: results.some((r) => r.isPending),
    updatedAt: Math.max(0, ...results.map((r) => r.dataUpdatedAt)),
  }
}

const sumCounts = (rows: readonly ThreadbreakCount[] | undefined) =>
  rows ? rows.reduce((sum, row) => sum + row.count, 0) : null

/** The records of a list query's data, undefined while it loads. */
function recordsOf<T>(data: unknown): T[] | undefined {
  return (data as RecordList<T> | undefined)?.records
}
