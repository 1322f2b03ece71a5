import * as z from 'zod/mini'

/** Every GET answer of the reference wraps its payload in `data` (sections 4.3, 4.4, 4.7). */
export function listEnvelope<T extends z.ZodMiniType>(row: T) {
  return z.object({ data: z.array(row) })
}

export function itemEnvelope<T extends z.ZodMiniType>(item: T) {
  return z.object({ data: item })
}

/** Every report answers `{data: …}`; rows are read one by one (src/api/core/records.ts). Here, not beside the
 * reports' rows (report-rows.ts), so the board's two reports do not load every report's schema. */
export const reportListEnvelope = z.looseObject({ data: z.array(z.unknown()) })
