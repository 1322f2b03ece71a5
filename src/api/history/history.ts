import { useQuery } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import type { HistoryGap as TimelineGap, StateInterval as TimelineInterval } from '../../lib/domain'
import { UnexpectedResponseError } from '../core/errors'
import { getJson, lazySchemas } from '../core/http'
import { type KeyedRange, keptWhileMovedOn, movedOnPlaceholders } from '../core/moved-on'

export type { TimelineGap, TimelineInterval }

/** The timelines' schemas, loaded with the first answer (http.ts SchemaOf). */
const schemas = lazySchemas((z) => {
  const gapSchema = z.object({ startedAt: z.number(), endedAt: z.number(), reason: z.string() })
  /** The rows are checked by `intervalsOf`, not by zod: 7 days of a factory are some 100,000 rows, and a
   * zod tuple per row cost 60 ms and a collection's worth of garbage on a desk PC (4× that on a phone). */
  const rows = z.array(z.unknown())
  const machineTimelineSchema = z.object({
    from: z.number(),
    till: z.number(),
    recordingSince: z.nullable(z.number()),
    intervals: rows,
    gaps: z.array(gapSchema),
  })
  const factoryTimelineSchema = z.object({
    from: z.number(),
    till: z.number(),
    recordingSince: z.nullable(z.number()),
    machines: z.record(z.string(), rows),
    gaps: z.array(gapSchema),
  })

  return { gap: gapSchema, machineTimeline: machineTimelineSchema, factoryTimeline: factoryTimelineSchema }
})
type Schemas = Awaited<ReturnType<typeof schemas>>

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isNumberOrNull = (v: unknown): v is number | null => v === null || isNumber(v)

/** The server's interval rows `[start, end|null, code|null, turning 0/1, reporting 0/1, designId|null,
 * atLeast 0/1]` as intervals; a row of another shape is an UnexpectedResponseError naming it. */
export function intervalsOf(list: readonly unknown[], field: string): TimelineInterval[] {
  const out: TimelineInterval[] = new Array(list.length)
  for (let i = 0; i < list.length; i++) {
    const row = list[i]
    if (
      !Array.isArray(row) ||
      row.length !== 7 ||
      !isNumber(row[0]) ||
      !isNumberOrNull(row[1]) ||
      !isNumberOrNull(row[2]) ||
      !isNumber(row[3]) ||
      !isNumber(row[4]) ||
      !(row[5] === null || typeof row[5] === 'string') ||
      !isNumber(row[6])
    ) {
      throw new UnexpectedResponseError(`${field}[${i}]`, 'is not an interval row')
    }
    out[i] = {
      start: row[0],
      end: row[1],
      code: row[2],
      turning: row[3] === 1,
      reporting: row[4] === 1,
      designId: row[5],
      atLeast: row[6] === 1,
    }
  }
  return out
}
const gapOf = (g: z.infer<Schemas['gap']>): TimelineGap => ({
  start: g.startedAt,
  end: g.endedAt,
  reason: g.reason,
})

/** Intervals from the moment recording began: one that began earlier (a machine silent since its last
 * report, hours before stitchboard started) is cut there and marked "at least", so that recorded time
 * and the portal's totals for the time before never overlap. */
export function fromRecording(
  intervals: TimelineInterval[],
  recordingSince: number | null,
): TimelineInterval[] {
  if (recordingSince === null) return intervals
  const kept: TimelineInterval[] = []
  for (const i of intervals) {
    if (i.end !== null && i.end <= recordingSince) continue
    kept.push(i.start < recordingSince ? { ...i, start: recordingSince, atLeast: true } : i)
  }
  return kept
}

export interface MachineTimeline {
  /** the range asked for, cut at now (Unix ms) */
  from: number
  till: number
  recordingSince: number | null
  intervals: TimelineInterval[]
  gaps: TimelineGap[]
}

export async function fetchMachineTimeline(
  machineId: string,
  from: number,
  till: number,
  signal?: AbortSignal,
): Promise<MachineTimeline> {
  const answer = await getJson(
    `/api/history/machines/${encodeURIComponent(machineId)}?from=${Math.floor(from / 1000)}&till=${Math.ceil(till / 1000)}`,
    () => schemas().then((s) => s.machineTimeline),
    signal,
  )
  return {
    ...answer,
    intervals: fromRecording(intervalsOf(answer.intervals, 'intervals'), answer.recordingSince),
    gaps: answer.gaps.map(gapOf),
  }
}

export interface FactoryTimeline {
  from: number
  till: number
  recordingSince: number | null
  machines: ReadonlyMap<string, TimelineInterval[]>
  gaps: TimelineGap[]
}

export async function fetchFactoryTimeline(
  from: number,
  till: number,
  signal?: AbortSignal,
): Promise<FactoryTimeline> {
  const answer = await getJson(
    `/api/history/timeline?from=${Math.floor(from / 1000)}&till=${Math.ceil(till / 1000)}`,
    () => schemas().then((s) => s.factoryTimeline),
    signal,
  )
  return {
    from: answer.from,
    till: answer.till,
    recordingSince: answer.recordingSince,
    machines: new Map(
      Object.entries(answer.machines).map(([id, rows]) => [
        id,
        fromRecording(intervalsOf(rows, `machines.${id}`), answer.recordingSince),
      ]),
    ),
    gaps: answer.gaps.map(gapOf),
  }
}

/** Timelines refresh with the machines (a minute is enough: they change at the right end only). */
const TIMELINE_REFRESH_MS = 60_000

/** A timeline's key ends with its range in Unix ms. */
const timelineRange = (key: readonly unknown[]): KeyedRange => ({
  rest: JSON.stringify(key.slice(0, -2)),
  from: Number(key.at(-2)),
  till: Number(key.at(-1)),
})

/** The last timeline while the same one a minute on loads (keptWhileMovedOn). */
export const movedOn = <T>(
  previous: T | undefined,
  previousKey: readonly unknown[] | undefined,
  key: readonly unknown[],
): T | undefined => keptWhileMovedOn(previous, previousKey, key, timelineRange)

/** The timeline's placeholder: one function per key (movedOnPlaceholders). */
const timelinePlaceholder = movedOnPlaceholders(timelineRange)

export const useMachineTimeline = (machineId: string, from: number, till: number) => {
  const queryKey = ['history', 'machine', machineId, from, till] as const
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchMachineTimeline(machineId, from, till, signal),
    refetchInterval: TIMELINE_REFRESH_MS,
    staleTime: TIMELINE_REFRESH_MS - 1000,
    placeholderData: timelinePlaceholder(queryKey),
  })
}

export const useFactoryTimeline = (from: number, till: number) => {
  const queryKey = ['history', 'timeline', from, till] as const
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchFactoryTimeline(from, till, signal),
    refetchInterval: TIMELINE_REFRESH_MS,
    staleTime: TIMELINE_REFRESH_MS - 1000,
    placeholderData: timelinePlaceholder(queryKey),
  })
}
