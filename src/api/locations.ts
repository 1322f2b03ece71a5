import { useQuery } from '@tanstack/react-query'
import type { Machine, MachineSpeed, RecordList } from '../lib/domain'
import { machinesQueryOptions } from './machines'
import { machineSpeedQueryOptions } from './reports'

export interface Location {
  id: number
  name: string
}

const HOUR_MS = 3_600_000

/** Location names: the vendor's machine records carry only a location ID; the average-rpm report is
 * the one answer that names locations (myzsk-api.md 1.13). Its last day is read once an hour. */
function locationNamesOptions() {
  const till = Math.floor(Date.now() / HOUR_MS) * 3600
  return {
    ...machineSpeedQueryOptions({ from: till - 86_400, till }),
    staleTime: HOUR_MS,
    refetchInterval: HOUR_MS,
    select: ({ records }: RecordList<MachineSpeed>) =>
      new Map(
        records.flatMap((r) =>
          r.locationId !== null && r.locationName ? [[r.locationId, r.locationName] as const] : [],
        ),
      ),
  }
}

/** Every location machines are at, named where any answer names it, else "Location 3". */
export function locationsOf(
  machines: readonly Machine[],
  names: ReadonlyMap<number, string> | undefined,
): Location[] {
  const ids = [...new Set(machines.flatMap((m) => (m.locationId === null ? [] : [m.locationId])))].sort(
    (a, b) => a - b,
  )
  return ids.map((id) => ({ id, name: names?.get(id) ?? `Location ${id}` }))
}

export function useLocations(): { locations: Location[]; nameOf: (id: number | null) => string | null } {
  const machines = useQuery(machinesQueryOptions())
  const names = useQuery(locationNamesOptions())
  const locations = locationsOf(machines.data?.records ?? [], names.data)
  const nameOf = (id: number | null) => (id === null ? null : (names.data?.get(id) ?? `Location ${id}`))
  return { locations, nameOf }
}
