import { useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { useAppConfig, useFactoryZone, useStatusCodes } from '../../api/core/app-config'
import { useMachineLayouts } from '../../api/machines/machines'
import { type ReportParams, rangeBefore } from '../../api/vendor-reports/report-params'
import { useMachineSummary } from '../../api/vendor-reports/reports'
import { useT } from '../../components/i18n'
import { MalformedRecords } from '../../components/malformed-records'
import { DataAge, QueryState } from '../../components/query-state'
import { Skeleton } from '../../components/skeleton'
import { formatFactoryRange, localDateKey } from '../../lib/factory-time'
import type { ResolvedRange } from '../../lib/time-range'
import { hotSpotScope, machinesInScope } from './breaks-scope'
import { BreaksView } from './breaks-view'
import type { ThreadbreakParams } from './threadbreak-params'
import { runningHoursByMachine } from './threadbreak-view'
import { useBreakRows } from './use-break-rows'

/** The page's data: the rows of the range and of the range before, the hot-spot list's rows, the
 * machines' layouts and running hours; the view once they are there. */
export function Breaks({
  scope,
  range,
  params,
}: {
  scope: ReportParams
  range: ResolvedRange
  params: ThreadbreakParams
}) {
  const { t } = useT()
  const breaks = useBreakRows(scope, params)
  // the range before, as long as this one: is it getting worse?
  const earlierScope = useMemo(() => rangeBefore(scope), [scope])
  const earlier = useBreakRows(earlierScope, params)
  // where to look first: the range chosen, else the last 7 days (a day is too short for the rule)
  const [search] = useSearchParams()
  const config = useAppConfig()
  const chosen = search.has('range') || search.has('from')
  const spotScope = useMemo(
    () => hotSpotScope(scope, range.till, config.data, chosen),
    [chosen, config.data, scope, range.till],
  )
  const spotRows = useBreakRows(spotScope, params)
  const spotEarlierScope = useMemo(() => rangeBefore(spotScope), [spotScope])
  const spotEarlier = useBreakRows(spotEarlierScope, params)
  const layouts = useMachineLayouts()
  // running time per machine, from the machine summary (the one report here that carries it)
  const summary = useMachineSummary(scope)
  const codes = useStatusCodes()
  const hours = useMemo(() => runningHoursByMachine(summary.data?.records, codes), [summary.data, codes])
  const inScope = useMemo(
    () => machinesInScope(layouts.data ?? [], { locationId: scope.locationId, machineIds: scope.machineIds }),
    [layouts.data, scope.locationId, scope.machineIds],
  )
  const timeZone = useFactoryZone()
  const described = {
    text: formatFactoryRange(range.from, range.till, timeZone),
    stem: `${localDateKey(range.from, timeZone)}_${localDateKey(range.till, timeZone)}`,
  }
  // While the rows for new settings load, the old rows stay on screen with the settings that produced
  // them, so no sentence or grid claims what the data does not show.
  const current = { params, layouts: inScope, range: described }
  const settled = useRef(current)
  if (!breaks.isPlaceholderData && breaks.data) settled.current = current
  const shown = breaks.isPlaceholderData ? settled.current : current
  // the first view waits for the running hours too (answered or failed): each machine's note grows by two
  // lines with them, and every heatmap below would move
  const hoursKnown = useRef(false)
  if (!summary.isPending) hoursKnown.current = true
  if (layouts.isPending || !hoursKnown.current) return <Skeleton />
  return (
    <QueryState query={breaks} empty={null}>
      {({ records: rows, malformed }) => (
        <>
          <MalformedRecords
            records={malformed}
            title={(count) => t('threadbreaks.page.malformed', { count })}
          />
          {breaks.isPlaceholderData ? (
            <p role="status" className="text-sm">
              {t('threadbreaks.page.updating')}
            </p>
          ) : (
            <DataAge updatedAt={breaks.dataUpdatedAt} />
          )}
          <BreaksView
            rows={rows}
            layouts={shown.layouts}
            hours={hours}
            params={{ ...shown.params, view: params.view }}
            range={shown.range}
            earlier={earlier.isPlaceholderData ? undefined : earlier.data?.records}
            comparing={earlier.isPending || earlier.isPlaceholderData}
            spots={{
              rows:
                spotScope === scope ? rows : spotRows.isPlaceholderData ? undefined : spotRows.data?.records,
              earlier: spotEarlier.isPlaceholderData ? undefined : spotEarlier.data?.records,
              comparing: spotEarlier.isPending || spotEarlier.isPlaceholderData,
              range:
                spotScope === scope ? null : formatFactoryRange(spotScope.from, spotScope.till, timeZone),
            }}
          />
        </>
      )}
    </QueryState>
  )
}
