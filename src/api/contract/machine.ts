import * as z from 'zod/mini'

/** The reference does not show the machine record (2.6); this is our assumption (ARCHITECTURE.md).
 * Lenient on purpose: unknown fields pass through, and a status we do not know stays a string. */
export const KNOWN_MACHINE_STATUSES = ['running', 'stopped', 'threadbreak', 'idle', 'offline'] as const
export type KnownMachineStatus = (typeof KNOWN_MACHINE_STATUSES)[number]

export const loadedDesignSchema = z.looseObject({
  name: z.string(),
  stitches_total: z.number(),
  stitches_done: z.number(),
})
export type LoadedDesign = z.infer<typeof loadedDesignSchema>

export const machineSchema = z.looseObject({
  machine_id: z.string(),
  machine_name: z.string(),
  location_id: z.optional(z.number()),
  location_name: z.optional(z.string()),
  datacollector_id: z.optional(z.string()),
  heads: z.int(),
  needles: z.int(),
  status: z.string(),
  status_since: z.optional(z.nullable(z.string())),
  design: z.optional(z.nullable(loadedDesignSchema)),
  rpm: z.optional(z.nullable(z.number())),
  remaining_seconds: z.optional(z.nullable(z.number())),
  operator: z.optional(z.nullable(z.string())),
  last_seen: z.optional(z.nullable(z.string())),
})
export type Machine = z.infer<typeof machineSchema>
