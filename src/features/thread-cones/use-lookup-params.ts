import { useSearchParams } from 'react-router'
import { type LookupPatch, lookupOf, withLookup } from './lookup-params'

/** The look-up in the URL (shareable): m = manufacturer, s = series id, c = colour number as typed. */
export function useLookupParams() {
  const [search, setSearch] = useSearchParams()
  const { manufacturer, series, number } = lookupOf(search)
  const set = (patch: LookupPatch) => setSearch((current) => withLookup(current, patch))
  return { manufacturer, series, number, set }
}

export type LookupParams = ReturnType<typeof useLookupParams>
