import type * as ZodParts from './zod-parts'

/** What a target or a planned stop applies to: the whole factory, a location or a machine (one schema for
 * the plan's and the stops' answers, built inside their lazySchemas). */
export const scopeSchemaOf = (z: typeof ZodParts) =>
  z.union([
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('location'), id: z.number() }),
    z.object({ kind: z.literal('machine'), id: z.string() }),
  ])
