import * as z from 'zod/mini'

/** Reference 2.3: one machine of GET /datacollectors/{id}/machines. */
export const collectorMachineSchema = z.object({
  machine_id: z.string(),
  machine_name: z.string(),
  location_name: z.string(),
  heads: z.int(),
  needles: z.int(),
  first_seen: z.string(),
  last_seen: z.string(),
})
export type CollectorMachine = z.infer<typeof collectorMachineSchema>
