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
