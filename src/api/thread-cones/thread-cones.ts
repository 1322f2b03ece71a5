import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import type { ConeColor, ConeSeries } from '../../lib/thread-cone'
import {
  type ThreadConeColor,
  threadConeColorSchema,
  threadConeListSchema,
  threadConeNameListSchema,
} from '../contract/thread-cone'
import { postThreadConeJob } from './job'

/** The catalogue changes rarely; the server caches it for an hour too. */
const CATALOGUE_STALE_MS = 60 * 60_000

/** A manufacturer or series name from an answer that may hold strings or objects (docs/architecture.md, "What the vendor leaves open"). */
function nameOf(entry: string | Record<string, unknown>): string {
  if (typeof entry === 'string') return entry
  const name = entry.Name ?? entry.ConeSeries ?? entry.Manufacturer ?? entry.Id ?? Object.values(entry)[0]
  return String(name)
}

const names = z.pipe(
  threadConeNameListSchema,
  z.transform((list) => list.map(nameOf)),
)

/** A stored colour (reference 2.5) as stitchboard's ConeColor: nothing trimmed, padded or converted. */
export const coneColorOf = (c: ThreadConeColor): ConeColor => ({
  index: c.Index,
  number: c.ColorNumber,
  r: c.R,
  g: c.G,
  b: c.B,
  name: c.ColorName ?? null,
  scanCode: c.ScanCode ?? null,
})

const coneColor = z.pipe(threadConeColorSchema, z.transform(coneColorOf))
const coneSeriesList = z.pipe(
  threadConeListSchema,
  z.transform((list): ConeSeries => ({ weight: list.Weight, colors: list.Colors.map(coneColorOf) })),
)

/** Reference 2.5: the needle entry of the picture requests, in the vendor's names (a user copies it into
 * a job), ThreadSize = the series Weight as a string. */
export function needleEntry(color: ConeColor, weight: number | string) {
  return {
    Red: color.r,
    Green: color.g,
    Blue: color.b,
    ColorName: color.name ?? '',
    ColorNumber: color.number,
    ThreadSize: String(weight),
  }
}

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
      postThreadConeJob('GetThreadConeList', { ConeSeries: coneSeries }, coneSeriesList, signal),
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
        coneColor,
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
