import * as z from 'zod/mini'

/** Every GET answer of the reference wraps its payload in `data` (sections 4.3, 4.4, 4.7). */
export function listEnvelope<T extends z.ZodMiniType>(row: T) {
  return z.object({ data: z.array(row) })
}

export function itemEnvelope<T extends z.ZodMiniType>(item: T) {
  return z.object({ data: item })
}
