import { queryOptions, useQuery } from '@tanstack/react-query'
import type { Design, RecordList, WorkPeriod } from '../../lib/domain'
import { getJson, lazySchemas } from '../core/http'
import { instantOf, orNull, readRecords } from '../core/records'

/** The catalogue changes when someone adds a design: read once an hour. */
export const DESIGNS_REFRESH_MS = 60 * 60_000
/** A bound on the pages read (1,000 designs each): 100,000 designs. */
const MAX_DESIGN_PAGES = 100
/** the designs' schemas, loaded with the first answer (http.ts SchemaOf) */
const contract = () => import('../contract/design')

/** GET /designs (myzsk-api.md 1.5), every page of it. */
export async function fetchDesigns(signal?: AbortSignal): Promise<RecordList<Design>> {
  const all: unknown[] = []
  const { DESIGNS_PAGE_LIMIT_MAX, vendorDesignPageSchema, vendorDesignRecordSchema } = await contract()
  for (let page = 1; page <= MAX_DESIGN_PAGES; page++) {
    const path = `/api/designs?page=${page}&limit=${DESIGNS_PAGE_LIMIT_MAX}`
    const answer = await getJson(path, vendorDesignPageSchema, signal)
    all.push(...answer.data)
    if (answer.data.length === 0 || all.length >= answer.total) break
  }
  return readRecords(all, vendorDesignRecordSchema, (d) => ({
    id: d.id,
    name: d.name?.trim() ? d.name : null,
    stitches: orNull(d.stitches),
    insertedAt: instantOf(d.date_inserted),
  }))
}

export const designsQueryOptions = () =>
  queryOptions({
    queryKey: ['designs'],
    queryFn: ({ signal }) => fetchDesigns(signal),
    staleTime: DESIGNS_REFRESH_MS,
    refetchInterval: DESIGNS_REFRESH_MS,
  })

/** The catalogue by design ID, for names and stitch counts. */
const byId = ({ records }: RecordList<Design>): ReadonlyMap<string, Design> =>
  new Map(records.map((d) => [d.id, d]))

export const useDesigns = () => useQuery(designsQueryOptions())
export const useDesignsById = () => useQuery({ ...designsQueryOptions(), select: byId })

/** A design's name where the catalogue knows it, else its ID. */
export const designLabel = (designs: ReadonlyMap<string, Design> | undefined, id: string) =>
  designs?.get(id)?.name ?? `Design ${id}`

const listEnvelope = lazySchemas((z) => z.looseObject({ data: z.array(z.unknown()) }))

/** GET /work-periods (myzsk-api.md 1.6): the vendor's shift definitions (names, no times). */
export async function fetchWorkPeriods(signal?: AbortSignal): Promise<RecordList<WorkPeriod>> {
  const { data } = await getJson('/api/work-periods', listEnvelope, signal)
  return readRecords(
    data,
    () => contract().then((c) => c.vendorWorkPeriodRecordSchema),
    (w) => ({
      id: w.id,
      name: w.name?.trim() ? w.name : null,
      timeZone: orNull(w.timezone),
    }),
  )
}

export const workPeriodsQueryOptions = () =>
  queryOptions({
    queryKey: ['work-periods'],
    queryFn: ({ signal }) => fetchWorkPeriods(signal),
    staleTime: DESIGNS_REFRESH_MS,
    refetchInterval: DESIGNS_REFRESH_MS,
  })
export const useWorkPeriods = () => useQuery(workPeriodsQueryOptions())
