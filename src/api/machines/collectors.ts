import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import type { Collector, CollectorMachine, RecordList } from '../../lib/domain'
import { vendorCollectorMachineRecordSchema, vendorCollectorRecordSchema } from '../contract/collector'
import { getJson } from '../core/http'
import { instantOf, orNull, readRecords } from '../core/records'

const listEnvelope = z.looseObject({ data: z.array(z.unknown()) })

/** GET /datacollectors (myzsk-api.md 1.3): the Poolbox units with their machine counts. */
export async function fetchCollectors(signal?: AbortSignal): Promise<RecordList<Collector>> {
  const { data } = await getJson('/api/datacollectors', listEnvelope, signal)
  return readRecords(data, vendorCollectorRecordSchema, (c) => ({
    id: c.id,
    locationId: orNull(c.id_location),
    lastSeen: instantOf(c.last_seen),
    machineCount: orNull(c.machine_count),
  }))
}

/** GET /datacollectors/{id}/machines (production-api.md 2.3). */
export async function fetchCollectorMachines(
  collectorId: string,
  signal?: AbortSignal,
): Promise<RecordList<CollectorMachine>> {
  const path = `/api/datacollectors/${encodeURIComponent(collectorId)}/machines`
  const { data } = await getJson(path, listEnvelope, signal)
  return readRecords(data, vendorCollectorMachineRecordSchema, (m) => ({
    id: m.machine_id,
    name: orNull(m.machine_name),
    locationName: orNull(m.location_name),
    heads: orNull(m.heads),
    needles: orNull(m.needles),
    firstSeen: instantOf(m.first_seen),
    lastSeen: instantOf(m.last_seen),
  }))
}

export const collectorsQueryOptions = () =>
  queryOptions({
    queryKey: ['collectors'],
    queryFn: ({ signal }) => fetchCollectors(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  })

export const collectorMachinesQueryOptions = (collectorId: string) =>
  queryOptions({
    queryKey: ['collector-machines', collectorId],
    queryFn: ({ signal }) => fetchCollectorMachines(collectorId, signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  })

export const useCollectors = () => useQuery(collectorsQueryOptions())
export const useCollectorMachines = (collectorId: string) =>
  useQuery(collectorMachinesQueryOptions(collectorId))
