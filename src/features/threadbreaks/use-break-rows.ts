import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import {
  aggregatedThreadbreaksQueryOptions,
  threadbreaksQueryOptions,
} from '../../api/vendor-reports/reports'
import { AGGREGATED_GROUPING, type ThreadbreakParams } from './threadbreak-params'

/** The thread-break rows of a range from the chosen source; the previous rows stay while new ones load. */
export function useBreakRows(scope: ReportParams, params: ThreadbreakParams) {
  const shared = { ...scope, includeBobbinThreadbreaks: params.bobbin }
  const fromReport = params.source === 'report'
  // both queries are declared (rules of hooks); only the chosen source is fetched
  const report = useQuery({
    ...threadbreaksQueryOptions({ ...shared, grouping: params.grouping }),
    enabled: fromReport,
    placeholderData: keepPreviousData,
  })
  const aggregated = useQuery({
    ...aggregatedThreadbreaksQueryOptions({
      ...shared,
      grouping: AGGREGATED_GROUPING[params.grouping],
      reverseHeadOrder: params.reverse,
    }),
    enabled: !fromReport,
    placeholderData: keepPreviousData,
  })
  return fromReport ? report : aggregated
}
