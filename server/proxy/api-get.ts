import { parseReportQuery } from '../../src/api/contract/report-params'
import { type AllowedGet, allowedGet, isSafeSegment } from './allow-list'

/** Parameters of reference 4.1 that every report accepts, then those only some reports name (4.3, 4.4). */
const SHARED_PARAMS = ['from', 'till', 'machineIds', 'locationId', 'shift', 'includeBobbinThreadbreaks']
const OWN_PARAMS: Record<string, string[]> = {
  '/reports/threadbreaks': ['grouping'],
  '/reports/threadbreaks-by-machine/aggregated': ['grouping', 'reverseHeadOrder'],
}

export type CheckedGet =
  | { ok: true; target: AllowedGet; query: string }
  | { ok: false; status: 400 | 404; error: string }

/** Checks a GET for the upstream: the path against the allow-list, every parameter against what the
 * reference documents. The query passed on is rebuilt from the checked parameters in a fixed order. */
export function checkGet(rawPath: string, params: URLSearchParams): CheckedGet {
  const target = allowedGet(rawPath)
  if (!target)
    return { ok: false, status: 404, error: `Not an endpoint stitchboard forwards: ${rawPath.slice(0, 200)}` }
  const accepted = target.kind === 'report' ? [...SHARED_PARAMS, ...(OWN_PARAMS[target.path] ?? [])] : []
  for (const name of new Set(params.keys())) {
    if (!accepted.includes(name)) {
      const shown = JSON.stringify(name.slice(0, 60))
      return { ok: false, status: 400, error: `Parameter ${shown} is not accepted by ${target.path}` }
    }
    if (params.getAll(name).length > 1)
      return { ok: false, status: 400, error: `Parameter ${name} is given more than once` }
  }
  if (target.kind !== 'report') return { ok: true, target, query: '' }

  const parsed = parseReportQuery(target.path, params)
  if (!parsed.ok) return { ok: false, status: 400, error: parsed.error }
  const { machineIds } = parsed.query
  if (machineIds !== 'all' && !machineIds.every(isSafeSegment)) {
    return {
      ok: false,
      status: 400,
      error: 'Parameter machineIds holds a machine ID with characters no machine ID has',
    }
  }
  const query = new URLSearchParams()
  for (const name of accepted) {
    const value = params.get(name)
    if (value !== null) query.set(name, value)
  }
  return { ok: true, target, query: query.toString() }
}
