import { queryOptions, useQuery } from '@tanstack/react-query'
import { type HistoryInfo, type Machine, machineLabel, type RecordList } from '../../lib/domain'
import type { VendorMachineRecord } from '../contract/machine'
import { getJson, lazySchemas, parseResponse } from '../core/http'
import { instantOf, orNull, readRecords } from '../core/records'
import { fetchHistoryNow, type HistoryNow, withTimeInState } from '../history/history-now'
import { isStreamLive } from '../live/live-status'

/** Live machine data refreshes about every 15 s (issue: status board). */
export const MACHINE_REFRESH_MS = 15_000

const envelopes = lazySchemas((z) => ({
  list: z.looseObject({ data: z.array(z.unknown()) }),
  item: z.looseObject({ data: z.unknown() }),
}))
const listEnvelope = () => envelopes().then((e) => e.list)
const itemEnvelope = () => envelopes().then((e) => e.item)
const recordSchema = () => import('../contract/machine').then((m) => m.vendorMachineRecordSchema)

/** The fields machineOf reads; every other field of a record is kept as sent in otherFields. */
const READ_FIELDS = new Set([
  'machine_id',
  'alias',
  'id_location',
  'id_datacollector',
  'order',
  'heads',
  'active_heads',
  'needles',
  'active_needle',
  'first_seen',
  'last_seen',
  'rpm',
  'rotation_speed',
  'status_code',
  'id_design',
  'design_stitches',
  'stitch',
  'repeated_pattern',
  'passes_pattern',
  'estimate_time_remaining',
])

/** A vendor machine record (myzsk-api.md 1.1/1.2) as stitchboard's Machine. */
export function machineOf(m: VendorMachineRecord): Machine {
  const remaining = m.estimate_time_remaining
  const otherFields = Object.fromEntries(Object.entries(m).filter(([key]) => !READ_FIELDS.has(key)))
  return {
    id: m.machine_id,
    name: machineLabel(m.machine_id, m.alias),
    locationId: orNull(m.id_location),
    collectorId: orNull(m.id_datacollector),
    order: orNull(m.order),
    heads: orNull(m.heads),
    activeHeads: orNull(m.active_heads),
    needles: orNull(m.needles),
    activeNeedle: orNull(m.active_needle),
    firstSeen: instantOf(m.first_seen),
    lastSeen: instantOf(m.last_seen),
    configuredRpm: orNull(m.rpm),
    liveRpm: orNull(m.rotation_speed),
    statusCode: orNull(m.status_code),
    designId: m.id_design ? m.id_design : null,
    designStitches: orNull(m.design_stitches),
    stitch: orNull(m.stitch),
    repeats: orNull(m.repeated_pattern),
    passes: orNull(m.passes_pattern),
    vendorRemainingSeconds:
      typeof remaining === 'number' && Number.isFinite(remaining) && remaining >= 0 ? remaining : null,
    otherFields,
    stateSince: null,
  }
}

/** The machines, each with its time in state from the server's history, and what the history says of itself. */
export type MachineList = RecordList<Machine> & { history: HistoryInfo }

/** GET /machines: every visible machine of the company with its live status, and since when (the
 * server's history, asked at the same time; without it the list is still complete). */
export async function fetchMachines(signal?: AbortSignal): Promise<MachineList> {
  const [{ data }, history] = await Promise.all([
    getJson('/api/machines', listEnvelope, signal),
    fetchHistoryNow(signal),
  ])
  return withTimeInState(await readRecords(data, recordSchema, machineOf), history)
}

/** The machines as one live answer (the server's stream) with the history's time in state. */
export async function machinesFromAnswer(answer: unknown, history: HistoryNow): Promise<MachineList> {
  const { data } = parseResponse(await listEnvelope(), answer)
  return withTimeInState(await readRecords(data, recordSchema, machineOf), history)
}

/** GET /machines/{machineId}; the ID is encoded as one path segment. */
export async function fetchMachine(machineId: string, signal?: AbortSignal): Promise<Machine> {
  const [{ data }, history] = await Promise.all([
    getJson(`/api/machines/${encodeURIComponent(machineId)}`, itemEnvelope, signal),
    fetchHistoryNow(signal),
  ])
  const machine = machineOf(parseResponse(await recordSchema(), data))
  return withTimeInState({ records: [machine], malformed: [] }, history).records[0] ?? machine
}

export const machinesQueryOptions = () =>
  queryOptions({
    queryKey: ['machines'],
    queryFn: ({ signal }) => fetchMachines(signal),
    staleTime: MACHINE_REFRESH_MS - 1000,
    // while the server's live stream delivers every poll, nobody polls (live.ts)
    refetchInterval: () => (isStreamLive() ? false : MACHINE_REFRESH_MS),
  })

/** The start of every machine page's query key: the live stream updates and invalidates them all. */
export const MACHINE_QUERY_ROOT = ['machine'] as const

export const machineQueryOptions = (machineId: string) =>
  queryOptions({
    queryKey: [...MACHINE_QUERY_ROOT, machineId],
    queryFn: ({ signal }) => fetchMachine(machineId, signal),
    staleTime: MACHINE_REFRESH_MS - 1000,
    refetchInterval: () => (isStreamLive() ? false : MACHINE_REFRESH_MS),
  })

export const useMachines = () => useQuery(machinesQueryOptions())
export const useMachine = (machineId: string) => useQuery(machineQueryOptions(machineId))

/** What pages need of a machine's build. */
export interface MachineLayout {
  machineId: string
  machineName: string
  heads: number
  needles: number
  /** heads switched on, where the machine says (heads above it are marked inactive) */
  activeHeads: number | null
  locationId: number | null
}

/** Machines without heads and needles cannot be drawn as a grid and are left out. */
const layoutsOf = ({ records }: RecordList<Machine>): MachineLayout[] =>
  records.flatMap((m) =>
    m.heads !== null && m.needles !== null && m.heads > 0 && m.needles > 0
      ? [
          {
            machineId: m.id,
            machineName: m.name,
            heads: m.heads,
            needles: m.needles,
            activeHeads: m.activeHeads,
            locationId: m.locationId,
          },
        ]
      : [],
  )

/** Only the machines' build: with structural sharing the layouts keep their identity across the 15-s
 * refreshes, so grids built from them are not rebuilt (and heatmaps not redrawn) for a change of rpm. */
export const useMachineLayouts = () => useQuery({ ...machinesQueryOptions(), select: layoutsOf })
