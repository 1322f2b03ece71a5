import { queryOptions, useQuery } from '@tanstack/react-query'
import { itemEnvelope, listEnvelope } from './contract/envelope'
import { type Machine, machineSchema } from './contract/machine'
import { getJson } from './http'

/** Live machine data refreshes about every 15 s (issue: status board). */
export const MACHINE_REFRESH_MS = 15_000

const machinesSchema = listEnvelope(machineSchema)
const machineEnvelope = itemEnvelope(machineSchema)

/** GET /machines: every machine of the company with its live status (reference 4.5). */
export async function fetchMachines(signal?: AbortSignal) {
  return (await getJson('/api/machines', machinesSchema, signal)).data
}

/** GET /machines/{machineId} (reference 4.6); the ID is encoded as one path segment. */
export async function fetchMachine(machineId: string, signal?: AbortSignal) {
  return (await getJson(`/api/machines/${encodeURIComponent(machineId)}`, machineEnvelope, signal)).data
}

export const machinesQueryOptions = () =>
  queryOptions({
    queryKey: ['machines'],
    queryFn: ({ signal }) => fetchMachines(signal),
    staleTime: MACHINE_REFRESH_MS - 1000,
    refetchInterval: MACHINE_REFRESH_MS,
  })

export const machineQueryOptions = (machineId: string) =>
  queryOptions({
    queryKey: ['machine', machineId],
    queryFn: ({ signal }) => fetchMachine(machineId, signal),
    staleTime: MACHINE_REFRESH_MS - 1000,
    refetchInterval: MACHINE_REFRESH_MS,
  })

export const useMachines = () => useQuery(machinesQueryOptions())
export const useMachine = (machineId: string) => useQuery(machineQueryOptions(machineId))

/** What pages need of a machine's build. */
export interface MachineLayout {
  machineId: string
  machineName: string
  heads: number
  needles: number
  locationId: number | null
}

const layoutsOf = (machines: readonly Machine[]): MachineLayout[] =>
  machines.map((m) => ({
    machineId: m.machine_id,
    machineName: m.machine_name,
    heads: m.heads,
    needles: m.needles,
    locationId: m.location_id ?? null,
  }))

/** Only the machines' build: with structural sharing the layouts keep their identity across the 15-s
 * refreshes, so grids built from them are not rebuilt (and heatmaps not redrawn) for a change of rpm. */
export const useMachineLayouts = () => useQuery({ ...machinesQueryOptions(), select: layoutsOf })
