import * as z from 'zod/mini'

const channel = z.int().check(z.minimum(0), z.maximum(255))

/** Reference 2.5: one colour of a series, exactly as stored. Index may be stored as a string;
 * ScanCode has up to 12 digits (exact in a JS number, which is exact to 2^53). */
export const threadConeColorSchema = z.looseObject({
  Index: z.union([z.int(), z.string()]),
  ColorNumber: z.string(),
  R: channel,
  G: channel,
  B: channel,
  ColorName: z.optional(z.nullable(z.string())),
  ScanCode: z.optional(
    z.nullable(z.union([z.int().check(z.minimum(0), z.maximum(999_999_999_999)), z.string()])),
  ),
})
export type ThreadConeColor = z.infer<typeof threadConeColorSchema>

/** GetThreadConeList result (4.8: "the list result has Weight and an array Colors"). */
export const threadConeListSchema = z.looseObject({
  Weight: z.union([z.number(), z.string()]),
  Colors: z.array(threadConeColorSchema),
})
export type ThreadConeList = z.infer<typeof threadConeListSchema>

/** Manufacturer and series answers are not shown; we accept names/ids as strings or as objects. */
export const threadConeNameListSchema = z.array(z.union([z.string(), z.record(z.string(), z.unknown())]))
