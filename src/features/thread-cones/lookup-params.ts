/** The look-up in the URL (shareable): m = manufacturer, s = series id, c = colour number as typed. */
export interface LookupPatch {
  m?: string | null
  s?: string | null
  c?: string | null
}

/** Each part counts only under the one before it: a series without a manufacturer is no look-up. */
export function lookupOf(search: URLSearchParams) {
  const manufacturer = search.get('m')
  const series = manufacturer ? search.get('s') : null
  const number = series ? search.get('c') : null
  return { manufacturer, series, number }
}

/** The search with the patch applied: an empty value removes its key; other parameters are kept. */
export function withLookup(current: URLSearchParams, patch: LookupPatch): URLSearchParams {
  const next = new URLSearchParams(current)
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === '') next.delete(key)
    else next.set(key, value)
  }
  return next
}
