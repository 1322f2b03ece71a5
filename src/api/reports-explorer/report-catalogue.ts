import type { MessageKey } from '../../lib/i18n/translator'
import type { ReportPath } from '../contract/report-params'

/** The 16 reports of myzsk-api.md 1.7–1.22, as data: the explorer and the wall's report pages are driven
 * by this list. `name` and `about` are messages of the reports' part; a module of its own, so only the
 * pages that list reports load that part. */
export const REPORTS: ReadonlyArray<{ path: ReportPath; name: MessageKey; about: MessageKey }> = [
  { path: '/reports/stitches', name: 'reports.stitches.name', about: 'reports.stitches.about' },
  { path: '/reports/threadbreaks', name: 'reports.threadbreaks.name', about: 'reports.threadbreaks.about' },
  {
    path: '/reports/machine-summary',
    name: 'reports.machineSummary.name',
    about: 'reports.machineSummary.about',
  },
  { path: '/reports/average-rpm', name: 'reports.averageRpm.name', about: 'reports.averageRpm.about' },
  {
    path: '/reports/machine-productivity',
    name: 'reports.machineProductivity.name',
    about: 'reports.machineProductivity.about',
  },
  { path: '/reports/runningtime', name: 'reports.runningtime.name', about: 'reports.runningtime.about' },
  {
    path: '/reports/productiontime',
    name: 'reports.productiontime.name',
    about: 'reports.productiontime.about',
  },
  {
    path: '/reports/shift-comparison',
    name: 'reports.shiftComparison.name',
    about: 'reports.shiftComparison.about',
  },
  {
    path: '/reports/time-comparison',
    name: 'reports.timeComparison.name',
    about: 'reports.timeComparison.about',
  },
  {
    path: '/reports/threadbreaks-by-machine',
    name: 'reports.threadbreaksByMachine.name',
    about: 'reports.threadbreaksByMachine.about',
  },
  {
    path: '/reports/threadbreaks-by-machine/aggregated',
    name: 'reports.threadbreaksByMachineAggregated.name',
    about: 'reports.threadbreaksByMachineAggregated.about',
  },
  {
    path: '/reports/threadbreaks-by-design',
    name: 'reports.threadbreaksByDesign.name',
    about: 'reports.threadbreaksByDesign.about',
  },
  {
    path: '/reports/design-summary',
    name: 'reports.designSummary.name',
    about: 'reports.designSummary.about',
  },
  { path: '/reports/daily-design', name: 'reports.dailyDesign.name', about: 'reports.dailyDesign.about' },
  {
    path: '/reports/number-of-pieces',
    name: 'reports.numberOfPieces.name',
    about: 'reports.numberOfPieces.about',
  },
  {
    path: '/reports/operator-overview',
    name: 'reports.operatorOverview.name',
    about: 'reports.operatorOverview.about',
  },
]
