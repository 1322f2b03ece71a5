import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { REPORT_KINDS } from '../../lib/shift-report-figures'
import { getJson } from '../core/http'

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
  kind: z.enum(REPORT_KINDS),
  shift: z.string(),
  day: z.string(),
  start: z.number(),
  end: z.number(),
  builtAt: z.number(),
}

/** output against target and OEE: a shift's result, or a day's or a week's added up */
const headlineSchema = z.object({
  target: z.object({ pieces: z.nullable(z.number()), stitches: z.nullable(z.number()) }),
  pieces: z.nullable(z.number()),
  stitches: z.nullable(z.number()),
  availability: share,
  performance: share,
  quality: share,
  oee: share,
  teep: share,
})

const figuresSchema = z.object({
  result: headlineSchema,
  locations: z.array(
    z.object({
      locationId: z.nullable(z.number()),
      name: z.optional(z.nullable(z.string())),
      ...partFigures,
    }),
  ),
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
        category: z.nullable(z.string()),
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
  breaks: z.optional(
    z.nullable(
      z.object({
        total: z.number(),
        before: z.number(),
        hotSpots: z.array(
          z.object({
            machineId: z.string(),
            name: z.string(),
            head: z.number(),
            breaks: z.number(),
            before: z.number(),
          }),
        ),
      }),
    ),
  ),
  orders: z.optional(
    z.nullable(
      z.object({
        finished: z.array(
          z.object({ reference: z.string(), customer: z.string(), dueAt: z.number(), doneAt: z.number() }),
        ),
        finishedCount: z.number(),
        finishedLate: z.number(),
        open: z.array(
          z.object({
            reference: z.string(),
            customer: z.string(),
            dueAt: z.number(),
            late: z.boolean(),
            marginMs: z.number(),
          }),
        ),
        openCount: z.number(),
      }),
    ),
  ),
  maintenance: z.optional(
    z.nullable(
      z.object({
        done: z.array(
          z.object({
            task: z.string(),
            machine: z.string(),
            heads: z.nullable(z.string()),
            at: z.number(),
            by: z.string(),
          }),
        ),
        doneCount: z.number(),
        overdue: z.array(
          z.object({
            task: z.string(),
            machine: z.string(),
            heads: z.nullable(z.string()),
            kind: z.enum(['hours', 'stitches', 'days']),
            used: z.number(),
            interval: z.number(),
          }),
        ),
        overdueCount: z.number(),
      }),
    ),
  ),
  missing: z.optional(z.array(z.object({ shift: z.string(), start: z.number() }))),
  shifts: z.optional(
    z.array(
      z.object({
        reportId: z.number(),
        shift: z.string(),
        day: z.string(),
        start: z.number(),
        pieces: z.nullable(z.number()),
        targetPieces: z.nullable(z.number()),
        oee: share,
        quality: share,
        unexplainedMs: z.number(),
      }),
    ),
  ),
})

const correctionSchema = z.object({
  at: z.number(),
  by: z.string(),
  machineName: z.string(),
  stopStart: z.number(),
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
})

const listedSchema = z.object({ ...headSchema, result: headlineSchema, corrections: z.number() })
const reportSchema = z.object({
  ...headSchema,
  figures: figuresSchema,
  corrections: z.array(correctionSchema),
})

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
