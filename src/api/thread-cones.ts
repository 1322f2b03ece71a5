import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { threadConeColorSchema, threadConeListSchema, threadConeNameListSchema } from './contract/thread-cone'
import { postThreadConeJob } from './job'

/** The catalogue changes rarely; the server caches it for an hour too. */
const CATALOGUE_STALE_MS = 60 * 60_000

/** A manufacturer or series name from an answer that may hold strings or objects (ARCHITECTURE.md). */
function nameOf(entry: string | Record<string, unknown>): string {
  if (typeof entry === 'string') return entry
  const name = entry.Name ?? entry.ConeSeries ?? entry.Manufacturer ?? entry.Id ?? Object.values(entry)[0]
  return String(name)
}

const names = z.pipe(
  threadConeNameListSchema,
  z.transform((list) => list.map(nameOf)),
)

export const threadConeManufacturersQueryOptions = () =>
  queryOptions({
    queryKey: ['thread-cone', 'manufacturers'],
    queryFn: ({ signal }) => postThreadConeJob('GetThreadConeManufacturer', undefined, names, signal),
    staleTime: CATALOGUE_STALE_MS,
  })

/** Series ids of one manufacturer; ids come from the service and are never constructed (4.8 rule 2). */
export const threadConeSeriesQueryOptions = (manufacturer: string) =>
  queryOptions({
    queryKey: ['thread-cone', 'series', manufacturer],
    queryFn: ({ signal }) =>
      postThreadConeJob('GetThreadConeSeries', { Manufacturer: manufacturer }, names, signal),
    staleTime: CATALOGUE_STALE_MS,
  })

export const threadConeListQueryOptions = (coneSeries: string) =>
  queryOptions({
    queryKey: ['thread-cone', 'list', coneSeries],
    queryFn: ({ signal }) =>
      postThreadConeJob('GetThreadConeList', { ConeSeries: coneSeries }, threadConeListSchema, signal),
    staleTime: CATALOGUE_STALE_MS,
  })

/** The authoritative look-up. ColorNumber is sent exactly as typed (4.8 rule 3: nothing is trimmed). */
export const threadConeQueryOptions = (coneSeries: string, colorNumber: string) =>
  queryOptions({
    queryKey: ['thread-cone', 'color', coneSeries, colorNumber],
    queryFn: ({ signal }) =>
      postThreadConeJob(
        'GetThreadCone',
        { ConeSeries: coneSeries, ColorNumber: colorNumber },
        threadConeColorSchema,
        signal,
      ),
    staleTime: CATALOGUE_STALE_MS,
    retry: false, // a colour that is not found stays not found
  })

export const useThreadConeManufacturers = () => useQuery(threadConeManufacturersQueryOptions())
export const useThreadConeSeries = (manufacturer: string | null) =>
  useQuery({ ...threadConeSeriesQueryOptions(manufacturer ?? ''), enabled: manufacturer !== null })
export const useThreadConeList = (coneSeries: string | null) =>
  useQuery({ ...threadConeListQueryOptions(coneSeries ?? ''), enabled: coneSeries !== null })
export const useThreadCone = (coneSeries: string | null, colorNumber: string | null) =>
  useQuery({
    ...threadConeQueryOptions(coneSeries ?? '', colorNumber ?? ''),
    enabled: coneSeries !== null && colorNumber !== null,
  })
