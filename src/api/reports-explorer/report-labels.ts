import type { MessageKey, Translator } from '../../lib/i18n/translator'
import type { ReportPath } from '../contract/report-params'

/** The vendor's report fields (myzsk-api.md 1.7–1.22) in plain words, units said where they matter.
 * Times and durations are already in stitchboard's units (report-units.ts). */
const LABELS: Readonly<Record<string, MessageKey>> = {
  machine_id: 'reports.field.machineId',
  id_machine: 'reports.field.machineId',
  machineId: 'reports.field.machineId',
  machine_name: 'reports.field.machine',
  machineName: 'reports.field.machine',
  head: 'reports.field.head',
  needle: 'reports.field.needle',
  threadbreaks: 'reports.field.threadBreaks',
  stitches: 'reports.field.stitches',
  stitch: 'reports.field.atStitch',
  id_design: 'reports.field.designId',
  designId: 'reports.field.designId',
  pattern: 'reports.field.designId',
  design_name: 'reports.field.design',
  designName: 'reports.field.design',
  design_stitches: 'reports.field.stitchesInTheDesign',
  designStitches: 'reports.field.stitchesInTheDesign',
  passes: 'reports.field.passes',
  passings: 'reports.field.passes',
  totalPasses: 'reports.field.passes',
  pieces: 'reports.field.pieces',
  activeHeads: 'reports.field.activeHeads',
  totalStitches: 'reports.field.stitchesInAllPasses',
  totalTime: 'reports.field.timeRecorded',
  productionTime: 'reports.field.productionTime',
  productiveTime: 'reports.field.productiveTime',
  runningTime: 'reports.field.runningTime',
  utilization: 'reports.field.utilisation',
  stitchesPerMinute: 'reports.field.stitchesAMinute',
  averageRpm: 'reports.field.averageSpeedRpm',
  locationId: 'reports.field.locationId',
  locationName: 'reports.field.location',
  minTime: 'reports.field.shortestPass',
  maxTime: 'reports.field.longestPass',
  avgTime: 'reports.field.averagePass',
  day: 'reports.field.day',
  tbPer10k: 'reports.field.threadBreaksPer10000Stitches',
  status: 'reports.field.statusCode',
  start: 'reports.field.from',
  stop: 'reports.field.until',
  pastTime: 'reports.field.duration',
  counter: 'reports.field.times',
  duration: 'reports.field.duration',
  status_count: 'reports.field.times',
  key: 'reports.field.group',
  data: 'reports.field.machinesAndStatuses',
  shifts: 'reports.field.perWorkPeriod',
  operatorId: 'reports.field.operatorId',
  operatorName: 'reports.field.operator',
  workTime: 'reports.field.workingTime',
  timestamp: 'reports.field.time',
  pattern_stitchnumber: 'reports.field.atStitch',
  rotation_speed: 'reports.field.speedAtTheBreakRpm',
}

/** Where one report's field means something else than the same name elsewhere. */
const PER_REPORT: Partial<Record<ReportPath, Readonly<Record<string, MessageKey>>>> = {
  '/reports/threadbreaks-by-machine': { stitches: 'reports.field.stitchesInTheDesign' },
  '/reports/daily-design': { key: 'reports.field.designGroup' },
  '/reports/operator-overview': { status: 'reports.field.timePerStatus' },
}

/** A report's column in plain words: `statusBreakdown.2` → "Time in status 2" (the caller may add the
 * dictionary's label); a field the vendor does not document keeps its own name. */
export function reportFieldLabel(path: ReportPath, key: string, t: Translator['t']): string {
  const own = PER_REPORT[path]?.[key] ?? LABELS[key]
  if (own) return t(own)
  const status = key.match(/^(statusBreakdown|statusTime)\.(-?\d+)$/)
  if (status) return t('reports.field.timeInStatus', { code: status[2]! })
  const count = key.match(/^statusCount\.(-?\d+)$/)
  if (count) return t('reports.field.timesInStatus', { code: count[1]! })
  const period = key.match(/^period(Stitches|Breaks)\.(.+)$/s)
  if (period) {
    const unnamed = /^#(\d+)$/.exec(period[2]!)
    const name = unnamed ? t('reports.field.unnamedPeriod', { id: unnamed[1]! }) : period[2]!
    return period[1] === 'Stitches'
      ? t('reports.field.periodStitches', { period: name })
      : t('reports.field.periodBreaks', { period: name })
  }
  return key
}

/** Columns that hold a code, not a quantity (shown as written: 1012, not 1,012). */
export const isCodeColumn = (key: string) => key === 'status'

/** The status code of a `statusBreakdown.N` column, else null. */
export function statusOfColumn(key: string): number | null {
  const status = key.match(/^(statusBreakdown|statusTime|statusCount)\.(-?\d+)$/)
  return status ? Number(status[2]) : null
}
