/** How far a range may have moved on for its last answer to stay on screen while the new one loads. */
const MOVED_ON_MS = 5 * 60_000

/** A query's range as its key holds it: everything else the key says, and the bounds in Unix ms. */
export interface KeyedRange {
  rest: string
  from: number
  till: number
}

/** The last answer, while the same query over a range a minute on loads: a range that ends now gets a new
 * key each minute, and without this its widget went back to the loading placeholder every minute (on the
 * wall the shift page jumped under screens already shown). Any other change of the key (another machine,
 * other filters) or a range moved further shows the placeholder, never other data. */
export function keptWhileMovedOn<T>(
  previous: T | undefined,
  previousKey: readonly unknown[] | undefined,
  key: readonly unknown[],
  rangeOf: (key: readonly unknown[]) => KeyedRange,
): T | undefined {
  if (previous === undefined || !previousKey) return undefined
  const before = rangeOf(previousKey)
  const now = rangeOf(key)
  return before.rest === now.rest &&
    Math.abs(now.from - before.from) <= MOVED_ON_MS &&
    Math.abs(now.till - before.till) <= MOVED_ON_MS
    ? previous
    : undefined
}

/** What React Query calls for a placeholder: the last answer of the query observed before, and that query;
 * generic, so that a query's options infer their data from the query function, not from it. */
export type Placeholder = <T>(
  previous: T | undefined,
  query?: { queryKey: readonly unknown[] },
) => T | undefined

/** How many keys' placeholders are kept: the ranges of the widgets on screen, a few times over. */
const PLACEHOLDERS_KEPT = 256

/**
 * One placeholder function per query key, the same from one render to the next. React Query reads the
 * placeholder again, and puts it through the query's `select` again, when the function is another one: a
 * new function at every render made a new selected answer at every commit while a range moved on loaded,
 * and the component rendered again, until React stopped the page (error #185: the wall's status board,
 * whose pace's window moves on every 5 minutes). Bounded: the oldest key gives way.
 */
export function placeholderPerKey(make: (key: readonly unknown[]) => Placeholder) {
  const kept = new Map<string, Placeholder>()
  return (key: readonly unknown[]): Placeholder => {
    const id = JSON.stringify(key)
    let placeholder = kept.get(id)
    if (!placeholder) {
      placeholder = make(key)
      kept.set(id, placeholder)
      if (kept.size > PLACEHOLDERS_KEPT) kept.delete(kept.keys().next().value!)
    }
    return placeholder
  }
}

/** keptWhileMovedOn as a query's placeholder, one function per key (placeholderPerKey). */
export const movedOnPlaceholders = (rangeOf: (key: readonly unknown[]) => KeyedRange) =>
  placeholderPerKey((key) => (previous, query) => keptWhileMovedOn(previous, query?.queryKey, key, rangeOf))
