const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A calendar day written YYYY-MM-DD that exists (not 2026-02-30). */
export const validDay = (s: string) =>
  DAY.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)

/** What is wrong with a range of days asked (from … till), or null: both days, in order, and at most
 * `maxDays` apart (`lastIncluded`: a range exactly that long is still taken). */
export function dayRangeError(
  from: string,
  till: string,
  maxDays: number,
  lastIncluded = false,
): string | null {
  if (!validDay(from) || !validDay(till)) return 'Parameters from and till are required, as days YYYY-MM-DD'
  if (from > till) return 'Parameter from must not be after till'
  const span = Date.parse(till) - Date.parse(from)
  if (lastIncluded ? span > maxDays * 86_400_000 : span >= maxDays * 86_400_000)
    return `The range is longer than ${maxDays} days; ask for a shorter one`
  return null
}
