import { type UseQueryResult, useQueries } from '@tanstack/react-query'
import { useRef } from 'react'
import { reportMovedOn } from './reports'
/** (Its own module: the board's first load has no room for useQueries.)
 * useQueries for reports, each keeping its last answer while the same report a minute on loads (as
 * `reportTiming`'s placeholder does for one query: useQueries gives placeholderData no previous data).
 * Without it the shift page's "this shift so far" and "each shift per day" went back to their loading
 * placeholders every minute. */
export function useReportQueries(
  queries: ReadonlyArray<{ queryKey: readonly unknown[]; queryFn?: unknown }>,
): UseQueryResult<unknown>[] {
  const results = useQueries({ queries: queries as never }) as UseQueryResult<unknown>[]
  const kept = useRef<Array<{ key: readonly unknown[]; data: unknown } | undefined>>([])
  return results.map((result, i) => {
    const key = queries[i]?.queryKey ?? []
    if (result.data !== undefined) {
      kept.current[i] = { key, data: result.data }
      return result
    }
    const last = kept.current[i]
    const data = result.isPending && last ? reportMovedOn(last.data, last.key, key) : undefined
    if (data === undefined) return result
    return {
      ...result,
      data,
      isPending: false,
      status: 'success',
      isPlaceholderData: true,
    } as UseQueryResult<unknown>
  })
}
