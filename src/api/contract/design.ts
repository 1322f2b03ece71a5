import * as z from 'zod/mini'

/** myzsk-api.md 1.5: one design of GET /designs. */
export const vendorDesignSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  stitches: z.int(),
  date_inserted: z.string(),
})
export const vendorDesignRecordSchema = z.extend(z.partial(vendorDesignSchema), { id: z.string() })
export type VendorDesignRecord = z.infer<typeof vendorDesignRecordSchema>

/** GET /designs is the one paged endpoint: `total`, `page`, `limit` beside `data`. */
export const vendorDesignPageSchema = z.looseObject({
  data: z.array(z.unknown()),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
})
export const DESIGNS_PAGE_LIMIT_MAX = 1000

/** myzsk-api.md 1.6: one work period (shift definition) of GET /work-periods; no start or end times. */
export const vendorWorkPeriodSchema = z.looseObject({
  id: z.int(),
  name: z.string(),
  id_company: z.int(),
  timezone: z.string(),
})
export const vendorWorkPeriodRecordSchema = z.extend(z.partial(vendorWorkPeriodSchema), { id: z.int() })
export type VendorWorkPeriodRecord = z.infer<typeof vendorWorkPeriodRecordSchema>
