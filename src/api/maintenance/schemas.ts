import { CHECK_KINDS, INTERVAL_KINDS } from '../../lib/maintenance'
import type * as ZodParts from '../core/zod-parts'

/** The maintenance routes' answers (server/maintenance/routes.ts), built on first use: loaded with the first
 * answer, so the pages that only may read them (the reason dialog) do not carry them. */
export function maintenanceSchemas(z: typeof ZodParts) {
  const interval = z.object({ kind: z.enum(INTERVAL_KINDS), value: z.number() })
  const scope = z.union([
    z.object({ all: z.literal(true) }),
    z.object({ locationId: z.number() }),
    z.object({ machineIds: z.array(z.string()) }),
  ])
  const task = z.object({
    id: z.number(),
    name: z.string(),
    scope,
    per: z.enum(['machine', 'head']),
    interval,
    note: z.string(),
    version: z.number(),
    updatedAt: z.number(),
    updatedBy: z.string(),
  })
  const signOff = z.object({
    id: z.number(),
    taskId: z.number(),
    machineId: z.string(),
    head: z.nullable(z.number()),
    at: z.number(),
    by: z.string(),
    note: z.string(),
    counted: z.boolean(),
    start: z.optional(z.boolean()),
  })
  const entry = z.object({
    taskId: z.number(),
    machineId: z.string(),
    heads: z.nullable(z.array(z.number())),
    since: z.number(),
    lastSignOff: z.nullable(signOff),
    progress: z.object({
      used: z.number(),
      share: z.number(),
      state: z.enum(['ok', 'soon', 'overdue']),
      left: z.number(),
      uncertain: z.boolean(),
    }),
  })
  const verdict = z.object({
    id: z.number(),
    machineId: z.string(),
    kind: z.enum(CHECK_KINDS),
    head: z.nullable(z.number()),
    needle: z.nullable(z.number()),
    right: z.boolean(),
    by: z.string(),
    at: z.number(),
  })
  return {
    board: z.object({
      available: z.boolean(),
      reason: z.optional(z.string()),
      tasks: z.array(task),
      entries: z.array(entry),
      done: z.array(signOff),
      canChange: z.boolean(),
      canSignOff: z.boolean(),
    }),
    saved: z.object({ task }),
    removed: z.object({ removed: z.number() }),
    signed: z.object({ signOffs: z.array(signOff) }),
    checks: z.object({
      verdicts: z.array(verdict),
      right: z.number(),
      wrong: z.number(),
      canMark: z.boolean(),
    }),
    marked: z.object({ verdict }),
    checkTask: z.object({ task, made: z.boolean() }),
    overdue: z.object({
      available: z.boolean(),
      reason: z.optional(z.string()),
      overdue: z.array(
        z.object({
          task: z.string(),
          machine: z.string(),
          heads: z.nullable(z.string()),
          kind: z.enum(INTERVAL_KINDS),
          used: z.number(),
          interval: z.number(),
        }),
      ),
      count: z.number(),
    }),
    reliability: z.object({
      machineId: z.string(),
      from: z.number(),
      till: z.number(),
      failures: z.number(),
      repairMs: z.number(),
      runningMs: z.number(),
      mtbfMs: z.nullable(z.number()),
      mttrMs: z.nullable(z.number()),
    }),
  }
}
