import { queryOptions } from '@tanstack/react-query'
import type { RejectsRow, TargetRow } from '../../lib/plan-targets'
import { postJson } from '../alerts/alerts'
import { getJson, lazySchemas } from '../core/http'
import { scopeSchemaOf } from '../core/scope-schema'

/** Plan and pace (issue 36): the targets with their history and the rejects entered per shift. */
export const PLAN_KEY = ['plan'] as const

/** The plan's schemas, loaded with the first answer (http.ts SchemaOf). */
const schemas = lazySchemas((z) => {
  const scopeSchema = scopeSchemaOf(z)
  const targetSchema = z.object({
    id: z.number(),
    shift: z.string(),
    weekday: z.nullable(z.number()),
    scope: scopeSchema,
    pieces: z.nullable(z.number()),
    stitches: z.nullable(z.number()),
    validFrom: z.number(),
    by: z.string(),
    at: z.number(),
  })
  const rejectsSchema = z.object({
    id: z.number(),
    shift: z.string(),
    day: z.string(),
    locationId: z.nullable(z.number()),
    rejects: z.number(),
    by: z.string(),
    at: z.number(),
  })

  return {
    targets: z.object({ targets: z.array(targetSchema), canChange: z.boolean() }),
    rejectsList: z.object({ rejects: z.array(rejectsSchema) }),
    rejects: z.object({ rejects: rejectsSchema }),
    target: z.object({ target: targetSchema }),
  }
})

export const targetsQueryOptions = () =>
  queryOptions({
    queryKey: [...PLAN_KEY, 'targets'],
    queryFn: ({ signal }): Promise<{ targets: TargetRow[]; canChange: boolean }> =>
      getJson('/api/plan/targets', () => schemas().then((s) => s.targets), signal),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  })

/** Rejects of the shifts that started on the days `from` … `till` (YYYY-MM-DD). */
export const rejectsQueryOptions = (from: string, till: string) =>
  queryOptions({
    queryKey: [...PLAN_KEY, 'rejects', from, till],
    queryFn: async ({ signal }): Promise<RejectsRow[]> =>
      (
        await getJson(
          `/api/plan/rejects?from=${from}&till=${till}`,
          () => schemas().then((s) => s.rejectsList),
          signal,
        )
      ).rejects,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  })

export async function enterRejects(
  body: Omit<RejectsRow, 'id' | 'at'> & { pin?: string },
): Promise<RejectsRow> {
  return (await postJson('/api/plan/rejects', body, () => schemas().then((s) => s.rejects))).rejects
}

export async function setTarget(
  body: Omit<TargetRow, 'id' | 'at' | 'validFrom'>,
  adminToken: string,
): Promise<TargetRow> {
  return (
    await postJson(
      '/api/plan/targets',
      body,
      () => schemas().then((s) => s.target),
      adminToken ? { Authorization: `Bearer ${adminToken}` } : {},
    )
  ).target
}
