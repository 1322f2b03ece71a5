// made when first used: creating a collator loads the locale's collation data (about 15 ms, 60 ms on a
// phone's slower CPU), which at module load sat in the page's first long task
let collator: Intl.Collator | undefined
let plain: Intl.Collator | undefined

/** "North 2" before "North 10": one shared collator (String.localeCompare with options builds a new
 * one on every call, which made sorting 5,000 thread-break rows take 150 ms in Chromium). */
export const naturalCompare = (a: string, b: string): number => {
  collator ??= new Intl.Collator(undefined, { numeric: true })
  return collator.compare(a, b)
}

/** The locale's order without numeric runs. */
export const textCompare = (a: string, b: string): number => {
  plain ??= new Intl.Collator()
  return plain.compare(a, b)
}
