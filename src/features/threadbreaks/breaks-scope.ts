import type { AppConfig } from '../../api/core/app-config'
import type { MachineLayout } from '../../api/machines/machines'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { resolveRange } from '../../lib/time-range'

/** The machines the filters keep: those at the location, and those chosen unless the list is empty or
 * 'all'. */
export function machinesInScope<M extends Pick<MachineLayout, 'machineId' | 'locationId'>>(
  layouts: readonly M[],
  scope: Pick<ReportParams, 'locationId' | 'machineIds'>,
): M[] {
  return layouts.filter(
    (m) =>
      (!scope.locationId || m.locationId === scope.locationId) &&
      (!Array.isArray(scope.machineIds) ||
        scope.machineIds.length === 0 ||
        scope.machineIds.includes(m.machineId)),
  )
}

/** Where the hot-spot list looks: the range chosen, else the last 7 days when the page's range is
 * shorter (a day is too short for the rule). The page's own scope object when it is not widened, so
 * callers can tell by identity. */
export function hotSpotScope<P extends ReportParams>(
  scope: P,
  till: number,
  config: Pick<AppConfig, 'timeZone' | 'shifts'> | undefined,
  chosen: boolean,
): P {
  if (chosen || !config) return scope
  const week = resolveRange({ preset: '7d' }, till, config.timeZone, config.shifts)
  return 'error' in week || week.from >= scope.from ? scope : { ...scope, from: week.from }
}
