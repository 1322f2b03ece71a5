import { RANGE_PRESETS, type RangePreset, type RangeSpec } from './time-range'

/** The filters every page shares, kept in the URL so any view can be bookmarked and shared. */
export interface Filters {
  range: RangeSpec
  /** name of a configured shift: reports are filtered to it (reference 4.1 shift filter) */
  shift: string | null
  /** locationId (reference 4.1); null for all locations */
  location: number | null
  /** machine IDs; empty for all machines */
  machines: string[]
}

/** The URL parameters that belong to the shared filters (carried from page to page). */
export const FILTER_KEYS = ['range', 'from', 'till', 'shift', 'location', 'machines'] as const

export const DEFAULT_RANGE: RangePreset = 'today'

export function filtersFromSearch(search: URLSearchParams): Filters {
  const preset = search.get('range')
  const range: RangeSpec = {
    preset:
      preset && (RANGE_PRESETS as readonly string[]).includes(preset)
        ? (preset as RangePreset)
        : DEFAULT_RANGE,
  }
  if (range.preset === 'custom') {
    range.from = search.get('from') ?? ''
    range.till = search.get('till') ?? ''
  }
  const location = Number(search.get('location'))
  return {
    range,
    shift: search.get('shift') || null,
    location: Number.isInteger(location) && location > 0 ? location : null,
    machines: (search.get('machines') ?? '').split(',').filter(Boolean),
  }
}

/** Writes `filters` into a copy of `search`, leaving other parameters alone and defaults out. */
export function searchWithFilters(search: URLSearchParams, filters: Filters): URLSearchParams {
  const next = new URLSearchParams(search)
  for (const key of FILTER_KEYS) next.delete(key)
  if (filters.range.preset !== DEFAULT_RANGE) next.set('range', filters.range.preset)
  if (filters.range.preset === 'custom') {
    next.set('from', filters.range.from ?? '')
    next.set('till', filters.range.till ?? '')
  }
  if (filters.shift) next.set('shift', filters.shift)
  if (filters.location) next.set('location', String(filters.location))
  if (filters.machines.length) next.set('machines', filters.machines.join(','))
  return next
}

/** Only the shared filters of `search`, to carry into a link to another page. */
export function filterSearch(search: URLSearchParams): string {
  const kept = new URLSearchParams()
  for (const key of FILTER_KEYS) {
    const value = search.get(key)
    if (value !== null) kept.set(key, value)
  }
  const text = kept.toString()
  return text ? `?${text}` : ''
}

/** A copy of `search` with `key` set to `value`, or removed when `value` is null. */
export function withParam(search: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(search)
  if (value === null) next.delete(key)
  else next.set(key, value)
  return next
}
