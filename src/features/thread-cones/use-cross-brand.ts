import { useQueries, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import {
  threadConeListQueryOptions,
  threadConeManufacturersQueryOptions,
  threadConeSeriesQueryOptions,
} from '../../api/thread-cones/thread-cones'
import type { ConeColor } from '../../lib/thread-cone'
import type { Candidate, Match } from './cross-brand'

/** Every colour of every series but this one (a list from the service each, cached an hour), with the
 * series the service could not read. */
export function useOtherSeriesColors(exceptSeries: string) {
  const manufacturers = useQuery(threadConeManufacturersQueryOptions())
  const seriesLists = useQueries({
    queries: (manufacturers.data ?? []).map((m) => threadConeSeriesQueryOptions(m)),
  })
  const allSeries = (manufacturers.data ?? []).flatMap((m, i) =>
    (seriesLists[i]?.data ?? []).map((series) => ({ manufacturer: m, series })),
  )
  const others = allSeries.filter((s) => s.series !== exceptSeries)
  const lists = useQueries({ queries: others.map((s) => threadConeListQueryOptions(s.series)) })
  const loading =
    manufacturers.isPending || seriesLists.some((q) => q.isPending) || lists.some((q) => q.isPending)
  const unreadable = others.filter((_, i) => lists[i]?.isError)
  const candidates: Candidate[] = loading
    ? []
    : others.flatMap((s, i) =>
        (lists[i]?.data?.colors ?? []).map((c) => ({
          manufacturer: s.manufacturer,
          series: s.series,
          weight: lists[i]?.data?.weight ?? '',
          color: c,
        })),
      )
  return { loading, unreadable, candidates }
}

/** The 8 candidates nearest the colour by ΔE00, once the catalogue is loaded (null until then); the
 * comparing code is fetched on first use. */
export function useNearestColors(color: ConeColor, candidates: Candidate[], loading: boolean) {
  const [matches, setMatches] = useState<Match[] | null>(null)
  const key = `${color.r},${color.g},${color.b}|${candidates.length}`
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when the colour or the catalogue changes (key)
  useEffect(() => {
    if (loading) return
    let live = true
    void import('./cross-brand').then(({ nearestColors }) => {
      if (live) setMatches(nearestColors(color, candidates, 8))
    })
    return () => {
      live = false
    }
  }, [key, loading])
  return matches
}
