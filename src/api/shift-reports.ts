import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { getJson } from './http'
import { shiftResultSchema } from './shift-results'

/** The shift reports (issue 37): each shift's figures as the server froze them once its grace had passed. */

const share = z.nullable(z.number())
const partFigures = {
  pieces: z.nullable(z.number()),
  stitches: z.nullable(z.number()),
  targetPieces: z.nullable(z.number()),
  targetStitches: z.nullable(z.number()),
  availability: share,
  performance: share,
  quality: share,
  oee: share,
}
const machineSchema = z.object({ machineId: z.string(), name: z.string(), runMs: z.number(), ...partFigures })

const headSchema = {
  id: z.number(),
  kind: z.literal('shift'),
  shift: z.string(),
  day: z.string(),
  start: z.number(),
  end: z.number(),
  builtAt: z.number(),
}

const figuresSchema = z.object({
  result: shiftResultSchema,
  locations: z.array(z.object({ locationId: z.nullable(z.number()), ...partFigures })),
  stops: z.object({
    stopMs: z.number(),
    explainedMs: z.number(),
    plannedMs: z.number(),
    unexplainedMs: z.number(),
    shortMs: z.number(),
    share,
    byReason: z.array(
      z.object({
        reason: z.nullable(z.string()),
        planned: z.boolean(),
        ms: z.number(),
        count: z.number(),
      }),
    ),
  }),
  best: z.array(machineSchema),
  worst: z.array(machineSchema),
  byCode: z.array(z.object({ code: z.nullable(z.number()), ms: z.number(), count: z.number() })),
  longest: z.array(
    z.object({
      machineId: z.string(),
      name: z.string(),
      start: z.number(),
      end: z.number(),
      reason: z.nullable(z.string()),
      code: z.nullable(z.number()),
    }),
  ),
  alerts: z.object({
    alerts: z.number(),
    acknowledged: z.number(),
    medianResponseSeconds: z.nullable(z.number()),
    medianRepairSeconds: z.nullable(z.number()),
  }),
})

const listedSchema = z.object({ ...headSchema, result: shiftResultSchema })
const reportSchema = z.object({ ...headSchema, figures: figuresSchema })

export type ListedReport = z.infer<typeof listedSchema>
export type ShiftReport = z.infer<typeof reportSchema>
export type ReportFigures = z.infer<typeof figuresSchema>

const KEY = ['shift-reports'] as const

/** The reports of the shifts that started on the days from … till (YYYY-MM-DD), newest first. */
export const shiftReportsQueryOptions = (from: string, till: string) =>
  queryOptions({
    queryKey: [...KEY, 'list', from, till],
    queryFn: ({ signal }) =>
      getJson(
        `/api/shift-reports?from=${from}&till=${till}`,
        z.object({ reports: z.array(listedSchema) }),
        signal,
      ),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  })

/** One report with every figure; it does not change once built. */
export const shiftReportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...KEY, 'report', id],
    queryFn: ({ signal }) => getJson(`/api/shift-reports/${id}`, reportSchema, signal),
    staleTime: Number.POSITIVE_INFINITY,
  })
