import * as z from 'zod/mini'

/** myzsk-api.md 1.3: one datacollector (Poolbox unit) of GET /datacollectors. */
export const vendorCollectorSchema = z.looseObject({
  id: z.string(),
  id_location: z.int(),
  last_seen: z.string(),
  machine_count: z.int(),
})
export const vendorCollectorRecordSchema = z.extend(z.partial(vendorCollectorSchema), { id: z.string() })
export type VendorCollectorRecord = z.infer<typeof vendorCollectorRecordSchema>

/** production-api.md 2.3 (myzsk-api.md 1.4 found no vendor page): one machine of
 * GET /datacollectors/{id}/machines. */
export const vendorCollectorMachineSchema = z.looseObject({
  machine_id: z.string(),
  machine_name: z.string(),
  location_name: z.string(),
  heads: z.int(),
  needles: z.int(),
  first_seen: z.string(),
  last_seen: z.string(),
})
export const vendorCollectorMachineRecordSchema = z.extend(z.partial(vendorCollectorMachineSchema), {
  machine_id: z.string(),
})
export type VendorCollectorMachineRecord = z.infer<typeof vendorCollectorMachineRecordSchema>
