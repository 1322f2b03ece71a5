import { queryOptions, useQuery } from '@tanstack/react-query'
import { collectorMachineSchema } from './contract/collector-machine'
import { listEnvelope } from './contract/envelope'
import { getJson } from './http'

const collectorMachinesSchema = listEnvelope(collectorMachineSchema)

/** GET /datacollectors/{id}/machines (reference 4.7). */
export async function fetchCollectorMachines(collectorId: string, signal?: AbortSignal) {
  const path = `/api/datacollectors/${encodeURIComponent(collectorId)}/machines`
  return (await getJson(path, collectorMachinesSchema, signal)).data
}

export const collectorMachinesQueryOptions = (collectorId: string) =>
  queryOptions({
    queryKey: ['collector-machines', collectorId],
    queryFn: ({ signal }) => fetchCollectorMachines(collectorId, signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  })

export const useCollectorMachines = (collectorId: string) =>
  useQuery(collectorMachinesQueryOptions(collectorId))
