import { queryOptions } from '@tanstack/react-query'
import { listEnvelope } from './contract/envelope'
import { machineSchema } from './contract/machine'
import { getJson } from './http'

const machinesSchema = listEnvelope(machineSchema)

/** GET /machines: every machine of the company with its live status (reference 4.5). */
export async function fetchMachines(signal?: AbortSignal) {
  return (await getJson('/api/machines', machinesSchema, signal)).data
}

export const machinesQueryOptions = () =>
  queryOptions({
    queryKey: ['machines'],
    queryFn: ({ signal }) => fetchMachines(signal),
    staleTime: 10_000,
    refetchInterval: 15_000,
  })
