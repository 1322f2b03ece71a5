import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { getJson } from '../core/http'
import { PLAN_KEY } from './plan'

/** The shifts that ended against their targets (issue 36): a module of its own, so the pages that show
 * the live pace do not load it. */

const sourceSchema = z.nullable(z.enum(['set', 'locations', 'default']))
const shiftResultSchema = z.object({
  shift: z.string(),
  day: z.string(),
  start: z.number(),
  end: z.number(),
  target: z.object({
    pieces: z.nullable(z.number()),
    stitches: z.nullable(z.number()),
    piecesFrom: sourceSchema,
    stitchesFrom: sourceSchema,
  }),
  pieces: z.nullable(z.number()),
  stitches: z.nullable(z.number()),
  availability: z.nullable(z.number()),
  performance: z.nullable(z.number()),
  quality: z.nullable(z.number()),
  oee: z.nullable(z.number()),
  teep: z.nullable(z.number()),
  stopMs: z.number(),
  largestStop: z.nullable(z.object({ reason: z.nullable(z.string()), ms: z.number() })),
  slowest: z.nullable(z.object({ machineId: z.string(), name: z.string(), performance: z.number() })),
  judgedFrom: z.nullable(z.number()),
})
/** A shift that ended, against its target: OEE and its factors, and where it lost most (the server's
 * reading of its history, the stop reasons and the portal's summary of that shift). */
export type ShiftResult = z.infer<typeof shiftResultSchema>

/** The shifts that started on the days `from` … `till` (YYYY-MM-DD, at most 31) and have ended; `reason`
 * when the server keeps no history to work them out from. */
export const shiftResultsQueryOptions = (from: string, till: string) =>
  queryOptions({
    queryKey: [...PLAN_KEY, 'shifts', from, till],
    queryFn: ({ signal }): Promise<{ shifts: ShiftResult[]; reason?: string | undefined }> =>
      getJson(
        `/api/plan/shifts?from=${from}&till=${till}`,
        z.object({ shifts: z.array(shiftResultSchema), reason: z.optional(z.string()) }),
        signal,
      ),
    staleTime: 5 * 60_000,
    refetchInterval: 15 * 60_000,
  })
