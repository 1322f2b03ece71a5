import {
  DESIGNS_PAGE_LIMIT_MAX,
  vendorDesignPageSchema,
  vendorDesignRecordSchema,
} from '../../src/api/contract/design'

/** Designs read at most (a hundred pages of a thousand). */
const MAX_PAGES = 100
/** How long the list is kept: a design added in the vendor's software is known within five minutes. */
const KEEP_MS = 5 * 60_000

/** The designs the production API knows: their stitch counts by ID (null: the record has none). */
export type KnownDesigns = ReadonlyMap<string, number | null>

/**
 * The IDs and stitch counts of the designs the production API knows (GET /designs, every page), kept five minutes; a failure
 * is said in words and not kept, so the next order asks again.
 */
export function designIds(upstreamJson: (path: string) => Promise<unknown>, now: () => number) {
  let kept: { at: number; ids: Promise<KnownDesigns> } | null = null
  const read = async () => {
    const ids = new Map<string, number | null>()
    for (let page = 1; page <= MAX_PAGES; page++) {
      const answer = vendorDesignPageSchema.safeParse(
        await upstreamJson(`/designs?page=${page}&limit=${DESIGNS_PAGE_LIMIT_MAX}`),
      )
      if (!answer.success) throw new Error('the production API sent a designs page without its data')
      for (const raw of answer.data.data) {
        const design = vendorDesignRecordSchema.safeParse(raw)
        if (design.success) ids.set(design.data.id, design.data.stitches ?? null)
      }
      if (answer.data.data.length === 0 || page * answer.data.limit >= answer.data.total) break
    }
    return ids
  }
  return async (): Promise<KnownDesigns | string> => {
    const at = now()
    if (!kept || at - kept.at > KEEP_MS) kept = { at, ids: read() }
    try {
      return await kept.ids
    } catch (error) {
      kept = null
      return error instanceof Error ? error.message : String(error)
    }
  }
}
