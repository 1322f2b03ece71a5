/** Binary search over sorted lists: the one copy behind the shift windows, the demo's day look-ups and
 * its break cells, which each wrote their own. `key` reads the number a list is sorted by (ascending). */

const itself = (value: unknown) => value as number

/** The first index in [0, length) where `before(i)` turns false, for a `before` that holds on a prefix
 * of the list and nowhere after it; `length` where it holds throughout. */
function partitionPoint(length: number, before: (index: number) => boolean): number {
  let lo = 0
  let hi = length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (before(mid)) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The first index whose key is at least `target` (`items.length` when none is). */
export function lowerBound(items: ArrayLike<number>, target: number): number
export function lowerBound<T>(items: ArrayLike<T>, target: number, key: (item: T) => number): number
export function lowerBound<T>(
  items: ArrayLike<T>,
  target: number,
  key: (item: T) => number = itself,
): number {
  return partitionPoint(items.length, (i) => key(items[i]!) < target)
}

/** The first index whose key is above `target` (`items.length` when none is); one less is the last
 * index at or below it. */
export function upperBound(items: ArrayLike<number>, target: number): number
export function upperBound<T>(items: ArrayLike<T>, target: number, key: (item: T) => number): number
export function upperBound<T>(
  items: ArrayLike<T>,
  target: number,
  key: (item: T) => number = itself,
): number {
  return partitionPoint(items.length, (i) => key(items[i]!) <= target)
}
