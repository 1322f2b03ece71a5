import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Machine, MachineSpeed, RecordList } from '../../lib/domain'
import { useConfiguredLocationNames } from '../core/app-config'
import { machineSpeedQueryOptions } from '../vendor-reports/summary-reports'
import { machinesQueryOptions } from './machines'

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

/** Every location machines are at, named by LOCATIONS or any answer that names it, else "Location 3". */
export function locationsOf(
  machines: readonly Machine[],
  names: ReadonlyMap<number, string> | undefined,
): Location[] {
  const ids = [...new Set(machines.flatMap((m) => (m.locationId === null ? [] : [m.locationId])))].sort(
    (a, b) => a - b,
  )
  return ids.map((id) => ({ id, name: names?.get(id) ?? `Location ${id}` }))
}

/** LOCATIONS first, then the names a report gives. */
export function mergedLocationNames(
  configured: ReadonlyMap<number, string> | undefined,
  reported: ReadonlyMap<number, string> | undefined,
): ReadonlyMap<number, string> {
  return new Map([...(reported ?? []), ...(configured ?? [])])
}

export function useLocations(): { locations: Location[]; nameOf: (id: number | null) => string | null } {
  const machines = useQuery(machinesQueryOptions())
  const configured = useConfiguredLocationNames()
  // a report is asked for names only when LOCATIONS leaves a machine's location unnamed
  const unnamed =
    configured !== undefined &&
    (machines.data?.records ?? []).some((m) => m.locationId !== null && !configured.has(m.locationId))
  const reported = useQuery({ ...locationNamesOptions(), enabled: unnamed }).data
  const names = useMemo(() => mergedLocationNames(configured, reported), [configured, reported])
  const locations = locationsOf(machines.data?.records ?? [], names)
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? `Location ${id}`))
  return { locations, nameOf }
}
