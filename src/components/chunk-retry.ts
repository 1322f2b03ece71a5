/** A page's code that could not be fetched (the server briefly away, or a new version without the old
 * files): the browsers' words for it. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /Failed to fetch dynamically imported module|Failed to fetch the messages|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  )
}

/** Imports a page's code, trying again after each delay when the fetch fails (not when the code itself
 * throws). */
export async function importWithRetry<T>(
  load: () => Promise<T>,
  delaysMs: readonly number[] = [1000, 3000],
  wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load()
    } catch (error) {
      const delay = delaysMs[attempt]
      if (!isChunkLoadError(error) || delay === undefined) throw error
      await wait(delay)
    }
  }
}

const RELOADS_KEY = 'stitchboard:chunk-reloads'
/** At most this many reloads in a window: a page whose code is gone for good must not reload forever. */
const MAX_RELOADS = 3
const WINDOW_MS = 5 * 60_000

/** Whether another reload for a chunk that failed is allowed now (and counts it when it is). */
export function mayReloadForChunk(
  now = Date.now(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
): boolean {
  let recent: number[] = []
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RELOADS_KEY) ?? '[]')
    if (Array.isArray(parsed))
      recent = parsed.filter((t): t is number => typeof t === 'number' && now - t < WINDOW_MS)
  } catch {
    recent = []
  }
  if (recent.length >= MAX_RELOADS) return false
  try {
    storage.setItem(RELOADS_KEY, JSON.stringify([...recent, now]))
  } catch {
    // storage full or off: the bound cannot be kept, so do not reload
    return false
  }
  return true
}
