import * as z from 'zod/mini'

/** Reference 2.1 (GET /reports/threadbreaks) and 2.2 (…/aggregated): the same five fields.
 * Needle 0 is the bobbin (reference 4.1); with grouping H / N / head / needle the folded dimension is 0. */
export const threadbreakRowSchema = z.object({
  id_machine: z.string(),
  machine_name: z.string(),
  head: z.int().check(z.minimum(0)),
  needle: z.int().check(z.minimum(0)),
  threadbreaks: z.int().check(z.minimum(0)),
})
export type ThreadbreakRow = z.infer<typeof threadbreakRowSchema>

export const aggregatedThreadbreakRowSchema = threadbreakRowSchema
export type AggregatedThreadbreakRow = ThreadbreakRow
