import type { ReportPath } from './contract/report-params'

/** The vendor's report fields (myzsk-api.md 1.7–1.22) in plain words, units said where they matter.
 * Times and durations are already in stitchboard's units (report-units.ts). */
const LABELS: Readonly<Record<string, string>> = {
  machine_id: 'Machine ID',
  id_machine: 'Machine ID',
  machineId: 'Machine ID',
  machine_name: 'Machine',
  machineName: 'Machine',
  head: 'Head',
  needle: 'Needle',
  threadbreaks: 'Thread breaks',
  stitches: 'Stitches',
  stitch: 'At stitch',
  id_design: 'Design ID',
  designId: 'Design ID',
  pattern: 'Design ID',
  design_name: 'Design',
  designName: 'Design',
  design_stitches: 'Stitches in the design',
  designStitches: 'Stitches in the design',
  passes: 'Passes',
  passings: 'Passes',
  totalPasses: 'Passes',
  pieces: 'Pieces',
  activeHeads: 'Active heads',
  totalStitches: 'Stitches in all passes',
  totalTime: 'Time recorded',
  productionTime: 'Production time',
  productiveTime: 'Productive time',
  runningTime: 'Running time',
  utilization: 'Utilisation (%)',
  stitchesPerMinute: 'Stitches a minute',
  averageRpm: 'Average speed (rpm)',
  locationId: 'Location ID',
  locationName: 'Location',
  minTime: 'Shortest pass',
  maxTime: 'Longest pass',
  avgTime: 'Average pass',
  day: 'Day',
  tbPer10k: 'Thread breaks per 10,000 stitches',
  status: 'Status code',
  start: 'From',
  stop: 'Until',
  pastTime: 'Duration',
  counter: 'Times',
  duration: 'Duration',
  status_count: 'Times',
  key: 'Group',
  data: 'Machines and statuses',
  shifts: 'Per work period',
  operatorId: 'Operator ID',
  operatorName: 'Operator',
  workTime: 'Working time',
  timestamp: 'Time',
  pattern_stitchnumber: 'At stitch',
  rotation_speed: 'Speed at the break (rpm)',
}

/** Where one report's field means something else than the same name elsewhere. */
const PER_REPORT: Partial<Record<ReportPath, Readonly<Record<string, string>>>> = {
  '/reports/threadbreaks-by-machine': { stitches: 'Stitches in the design' },
  '/reports/daily-design': { key: 'Design group' },
  '/reports/operator-overview': { status: 'Time per status' },
}

/** A report's column in plain words: `statusBreakdown.2` → "Time in status 2" (the caller may add the
 * dictionary's label); a field the vendor does not document keeps its own name. */
export function reportFieldLabel(path: ReportPath, key: string): string {
  const own = PER_REPORT[path]?.[key] ?? LABELS[key]
  if (own) return own
  const status = key.match(/^(statusBreakdown|statusTime)\.(-?\d+)$/)
  if (status) return `Time in status ${status[2]}`
  const count = key.match(/^statusCount\.(-?\d+)$/)
  if (count) return `Times in status ${count[1]}`
  return key
}

/** Columns that hold a code, not a quantity (shown as written: 1012, not 1,012). */
export const isCodeColumn = (key: string) => key === 'status'

/** The status code of a `statusBreakdown.N` column, else null. */
export function statusOfColumn(key: string): number | null {
  const status = key.match(/^(statusBreakdown|statusTime|statusCount)\.(-?\d+)$/)
  return status ? Number(status[2]) : null
}
