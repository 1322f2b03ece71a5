import { recentList } from '../../components/recent-list'

/** Look-ups done before, newest first, each kept as the query string that reopens it. */
const lookups = recentList('stitchboard-thread-cones', 12)

export interface Lookup {
  manufacturer: string
  series: string
  number: string
}

export const lookupSearch = ({ manufacturer, series, number }: Lookup) =>
  new URLSearchParams({ m: manufacturer, s: series, c: number }).toString()

export function recentLookups(storage?: Pick<Storage, 'getItem'>): Lookup[] {
  return lookups.read(storage).flatMap((text) => {
    const search = new URLSearchParams(text)
    const [manufacturer, series, number] = [search.get('m'), search.get('s'), search.get('c')]
    return manufacturer && series && number !== null ? [{ manufacturer, series, number }] : []
  })
}

export const rememberLookup = (lookup: Lookup, storage?: Pick<Storage, 'getItem' | 'setItem'>) =>
  lookups.remember(lookupSearch(lookup), storage)
