import { queryOptions } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import type { GivenReason, ReasonRequest, StopPart } from '../../lib/stop-parts'
import { type PlannedStop, REASON_PATTERNS, type StopSettings } from '../../lib/stop-reasons'
import { postJson } from '../alerts/alerts'
import { getJson, lazySchemas } from '../core/http'
import { placeholderPerKey } from '../core/moved-on'
import { scopeSchemaOf } from '../core/scope-schema'
import { CURRENT_STOPS_KEY, STOPS_KEY } from './stops-key'

/** Stop reasons (issue 35): the server's stop parts with their reasons, what stands now, the settings and
 * planned stops; every screen reads them again when the live stream says they changed (`stops` events). */

/** The stops' schemas, loaded with the first answer (http.ts SchemaOf). */
const schemas = lazySchemas((z) => {
  const partSchema = z.object({
    machineId: z.string(),
    start: z.number(),
    end: z.number(),
    ongoing: z.boolean(),
    stopStart: z.number(),
    codes: z.array(z.nullable(z.number())),
    atLeast: z.boolean(),
    reason: z.nullable(z.string()),
    source: z.nullable(z.enum(['person', 'planned', 'rule', 'inherited'])),
    by: z.nullable(z.string()),
    givenAt: z.nullable(z.number()),
    comment: z.nullable(z.string()),
    plannedUntil: z.nullable(z.number()),
  })
  const partsSchema = z.object({
    from: z.number(),
    till: z.number(),
    thresholdMinutes: z.number(),
    parts: z.array(partSchema),
  })
  const currentSchema = z.object({ at: z.number(), parts: z.array(partSchema) })
  const reasonSchema = z.object({
    id: z.string(),
    category: z.string(),
    name: z.nullable(z.string()),
    planned: z.boolean(),
    colour: z.string(),
    pattern: z.enum(REASON_PATTERNS),
    needsComment: z.boolean(),
    retired: z.boolean(),
  })
  const settingsSchema = z.object({
    categories: z.array(z.object({ id: z.string(), name: z.nullable(z.string()) })),
    reasons: z.array(reasonSchema),
    thresholdMinutes: z.number(),
    codeReasons: z.array(z.object({ code: z.number(), reason: z.string() })),
    breaks: z.array(z.object({ shift: z.string(), from: z.string(), till: z.string(), reason: z.string() })),
  })
  const scopeSchema = scopeSchemaOf(z)
  const plannedSchema = z.object({
    id: z.number(),
    scope: scopeSchema,
    reason: z.string(),
    from: z.number(),
    till: z.number(),
    note: z.nullable(z.string()),
    by: z.string(),
    at: z.number(),
  })
  const settingsPageSchema = z.object({
    settings: settingsSchema,
    planned: z.array(plannedSchema),
    canChange: z.boolean(),
    // older servers: whoever changes the settings plans stops
    canPlan: z.optional(z.boolean()),
  })
  const logSchema = z.object({
    log: z.array(
      z.object({
        id: z.number(),
        action: z.string(),
        machineId: z.nullable(z.string()),
        start: z.nullable(z.number()),
        before: z.unknown(),
        after: z.unknown(),
        by: z.string(),
        at: z.number(),
      }),
    ),
  })
  return {
    parts: partsSchema,
    current: currentSchema,
    settingsPage: settingsPageSchema,
    log: logSchema,
    reason: z.object({
      part: partSchema,
      replaced: z.nullable(
        z.object({
          machineId: z.string(),
          start: z.number(),
          reason: z.string(),
          comment: z.nullable(z.string()),
          by: z.string(),
          at: z.number(),
        }),
      ),
    }),
    split: z.object({ parts: z.array(partSchema) }),
    settings: z.object({ settings: settingsSchema }),
    added: z.object({ id: z.number() }),
    cancelled: z.object({ cancelled: z.number() }),
  }
})
type Schemas = Awaited<ReturnType<typeof schemas>>
const schema =
  <K extends keyof Schemas>(key: K) =>
  () =>
    schemas().then((all) => all[key])
export type StopParts = z.infer<Schemas['parts']>

/** A range that ends now moves on each minute (same start, a later end): its last answer stays on screen
 * meanwhile; another range shows the placeholder, never other data. One function per key
 * (placeholderPerKey). */
const partsPlaceholder = placeholderPerKey(
  (key) => (previous, query) =>
    query !== undefined && query.queryKey[2] === key[2] && Number(query.queryKey[3]) <= Number(key[3])
      ? previous
      : undefined,
)

/** The stop parts overlapping [from, till) (Unix seconds), with their reasons. */
export const stopPartsQueryOptions = (from: number, till: number) => {
  const queryKey = [...STOPS_KEY, 'parts', from, till] as const
  return queryOptions({
    queryKey,
    queryFn: ({ signal }): Promise<StopParts> =>
      getJson(`/api/stops/parts?from=${from}&till=${till}`, schema('parts'), signal),
    refetchInterval: 60_000,
    placeholderData: partsPlaceholder(queryKey),
  })
}

/** What every standing machine stands for now (its ongoing part and reason). */
export const currentStopsQueryOptions = () =>
  queryOptions({
    queryKey: CURRENT_STOPS_KEY,
    queryFn: async ({ signal }): Promise<Map<string, StopPart>> => {
      const answer = await getJson('/api/stops/current', schema('current'), signal)
      return new Map(answer.parts.map((p) => [p.machineId, p]))
    },
    refetchInterval: 30_000,
  })

export interface StopSettingsPage {
  settings: StopSettings
  planned: PlannedStop[]
  /** the reasons, the threshold, the code rules and the breaks (an administrator's) */
  canChange: boolean
  /** planned stops (a supervisor's) */
  canPlan?: boolean | undefined
}

export const stopSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...STOPS_KEY, 'settings'],
    queryFn: ({ signal }): Promise<StopSettingsPage> =>
      getJson('/api/stops/settings', schema('settingsPage'), signal),
    staleTime: 60_000,
  })

/** Gives a reason to a part; the answer is the part as it now reads and another person's reason it
 * replaced (given since this screen looked), if any. */
/** `pin`: on an enrolled floor device, the PIN of the person who gives it. */
export async function giveReason(
  body: ReasonRequest & { pin?: string },
): Promise<{ part: StopPart; replaced: GivenReason | null }> {
  return postJson('/api/stops/reason', body, schema('reason'))
}

export async function splitStop(body: {
  machineId: string
  start: number
  at: number
  by: string
  pin?: string
}) {
  return (await postJson('/api/stops/split', body, schema('split'))).parts
}

export type StopLog = z.infer<Schemas['log']>['log']

/** Every change of the parts of one stop (who, when, before → after). */
export const stopLogQueryOptions = (machineId: string, start: number, end: number) =>
  queryOptions({
    queryKey: [...STOPS_KEY, 'log', machineId, start, end],
    queryFn: async ({ signal }): Promise<StopLog> =>
      (
        await getJson(
          `/api/stops/log?machine=${encodeURIComponent(machineId)}&start=${start}&end=${end}`,
          schema('log'),
          signal,
        )
      ).log,
  })

const admin = (token: string): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {})

export async function saveStopSettings(settings: StopSettings, by: string, adminToken: string) {
  return (await postJson('/api/stops/settings', { by, settings }, schema('settings'), admin(adminToken)))
    .settings
}

export async function addPlannedStop(planned: Omit<PlannedStop, 'id' | 'at'>, adminToken: string) {
  return (await postJson('/api/stops/planned', planned, schema('added'), admin(adminToken))).id
}

export async function cancelPlannedStop(id: number, by: string, adminToken: string) {
  await postJson(`/api/stops/planned/${id}/cancel`, { by }, schema('cancelled'), admin(adminToken))
}
