import * as z from 'zod/mini'

/** The four look-ups of the job interface (reference 4.8); nothing else may be requested by us. */
export const THREAD_CONE_REQUEST_TYPES = [
  'GetThreadConeManufacturer',
  'GetThreadConeSeries',
  'GetThreadConeList',
  'GetThreadCone',
] as const
export type ThreadConeRequestType = (typeof THREAD_CONE_REQUEST_TYPES)[number]

/** Reference 9: the look-up needs version 3; our assumed request encoding (docs/architecture.md, "What the vendor leaves open"). */
export const JOB_SERVER_VERSION = { Major: 3, Minor: 0 } as const

/** Reference 2.4: the job response. RequestData is a string: JSON to parse again on success, the
 * error message on failure. Success must always be checked; look-up errors come with HTTP 200. */
export const jobResponseSchema = z.object({
  Success: z.boolean(),
  RequestData: z.string(),
  ServerVersion: z.object({ Major: z.int(), Minor: z.int() }),
  Info: z.optional(z.string()),
  NeedleColor: z.optional(z.string()),
  NeedleSequence: z.optional(z.string()),
  PreviewData: z.optional(z.string()),
  Time: z.optional(z.string()),
})
export type JobResponse = z.infer<typeof jobResponseSchema>

/** Lookup values (4.8). ConeSeries ids come from GetThreadConeSeries and are never constructed. */
export interface ThreadConeLookup {
  Manufacturer?: string
  ConeSeries?: string
  ColorNumber?: string
}
