import * as z from 'zod/mini'

/** myzsk-api.md 1.1 and 1.2: one machine of GET /machines and GET /machines/{machineId}, every field
 * the vendor documents, typed as documented. Unknown extra fields are kept. */
export const vendorMachineSchema = z.looseObject({
  machine_id: z.string(),
  alias: z.string(),
  id_location: z.int(),
  id_datacollector: z.string(),
  order: z.nullable(z.int()),
  heads: z.int(),
  active_heads: z.int(),
  active_needle: z.nullable(z.int()),
  needles: z.int(),
  hide_machine: z.boolean(),
  first_seen: z.string(),
  last_seen: z.string(),
  rpm: z.int(),
  rotation_speed: z.nullable(z.int()),
  repeated_pattern: z.nullable(z.int()),
  passes_pattern: z.int(),
  id_design: z.nullable(z.string()),
  design_stitches: z.nullable(z.int()),
  stitch: z.int(),
  status_code: z.nullable(z.int()),
  pattern_stitchcounter: z.nullable(z.int()),
  pattern_stitchnumber: z.nullable(z.int()),
  /** named by the vendor, type and unit not documented (1.2); the demo sends whole seconds */
  estimate_time_remaining: z.nullable(z.number()),
})
export type VendorMachine = z.infer<typeof vendorMachineSchema>

/** What a record must have to be read at all: its ID. Every other field may be missing (the vendor's
 * field table is cut off, and real servers may omit what is empty); a present field must have its type. */
export const vendorMachineRecordSchema = z.extend(z.partial(vendorMachineSchema), {
  machine_id: z.string(),
  estimate_time_remaining: z.optional(z.unknown()),
})
export type VendorMachineRecord = z.infer<typeof vendorMachineRecordSchema>
