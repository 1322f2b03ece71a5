import {
  ALL_MACHINES,
  parseReportQuery,
  REPORT_SPECS,
  type ReportPath,
} from '../../src/api/contract/report-params'
import { type AllowedGet, allowedGet, isSafeSegment } from './allow-list'

/** GET /designs is paged (myzsk-api.md 1.5): page ≥ 1, limit 1–1000. */
const DESIGN_PAGE = /^[1-9]\d{0,5}$/
const MAX_DESIGN_LIMIT = 1000

function designsQuery(params: URLSearchParams): { ok: true; query: string } | { ok: false; error: string } {
  const query = new URLSearchParams()
  const page = params.get('page')
  if (page !== null) {
    if (!DESIGN_PAGE.test(page)) return { ok: false, error: 'Parameter page must be a whole number from 1' }
    query.set('page', page)
  }
  const limit = params.get('limit')
  if (limit !== null) {
    if (!DESIGN_PAGE.test(limit) || Number(limit) > MAX_DESIGN_LIMIT)
      return { ok: false, error: `Parameter limit must be a whole number from 1 to ${MAX_DESIGN_LIMIT}` }
    query.set('limit', limit)
  }
  return { ok: true, query: query.toString() }
}

export type CheckedGet =
  | { ok: true; target: AllowedGet; query: string }
  | { ok: false; status: 400 | 404; error: string }

/** Longest request target (path and query) looked at; longer ones are refused before any parsing. */
export const MAX_TARGET_LENGTH = 4096

export interface CheckOptions {
  /** the longest report range forwarded (MAX_RANGE_DAYS) */
  maxRangeDays: number
}

/** Checks a GET for the upstream: the path against the allow-list, every parameter against what the
 * reference documents. The query passed on is rebuilt from the parsed values in a fixed order, so
 * padding, duplicate or extra JSON keys and odd spellings never reach the cache key or the upstream. */
export function checkGet(
  rawPath: string,
  params: URLSearchParams,
  { maxRangeDays }: CheckOptions,
): CheckedGet {
  const target = allowedGet(rawPath)
  if (!target)
    return { ok: false, status: 404, error: `Not an endpoint stitchboard forwards: ${rawPath.slice(0, 200)}` }
  const accepted: readonly string[] =
    target.kind === 'report'
      ? REPORT_SPECS[target.path as ReportPath].takes
      : target.kind === 'designs'
        ? ['page', 'limit']
        : []
  for (const name of new Set(params.keys())) {
    if (!accepted.includes(name)) {
      const shown = JSON.stringify(name.slice(0, 60))
      const takes = accepted.length > 0 ? `; it takes ${accepted.join(', ')}` : '; it takes no parameters'
      return { ok: false, status: 400, error: `Parameter ${shown} is not accepted by ${target.path}${takes}` }
    }
    if (params.getAll(name).length > 1)
      return { ok: false, status: 400, error: `Parameter ${name} is given more than once` }
  }
  if (target.kind === 'designs') {
    const checked = designsQuery(params)
    return checked.ok
      ? { ok: true, target, query: checked.query }
      : { ok: false, status: 400, error: checked.error }
  }
  if (target.kind !== 'report') return { ok: true, target, query: '' }

  const parsed = parseReportQuery(target.path as ReportPath, params)
  if (!parsed.ok) return { ok: false, status: 400, error: parsed.error }
  const q = parsed.query
  if (q.till - q.from > maxRangeDays * 86_400) {
    return {
      ok: false,
      status: 400,
      error: `The range from … till is longer than ${maxRangeDays} days (MAX_RANGE_DAYS); ask for a shorter one`,
    }
  }
  let machineIds: string
  if (q.machineIds === ALL_MACHINES) machineIds = ALL_MACHINES
  else {
    const ids = [...new Set(q.machineIds)]
    if (ids.includes(ALL_MACHINES)) {
      return {
        ok: false,
        status: 400,
        error: 'Parameter machineIds is either "all" or a list of machine IDs',
      }
    }
    if (!ids.every(isSafeSegment)) {
      return {
        ok: false,
        status: 400,
        error: 'Parameter machineIds holds a machine ID with characters no machine ID has',
      }
    }
    machineIds = ids.join(',')
  }
  // rebuilt from the parsed values: only what was asked for, each in its one canonical spelling
  const query = new URLSearchParams()
  query.set('from', String(q.from))
  query.set('till', String(q.till))
  if (params.has('machineIds')) query.set('machineIds', machineIds)
  if (params.has('locationId')) query.set('locationId', String(q.locationId))
  if (q.shift) query.set('shift', JSON.stringify({ from: q.shift.from, to: q.shift.to }))
  if (params.has('includeBobbinThreadbreaks'))
    query.set('includeBobbinThreadbreaks', String(q.includeBobbinThreadbreaks))
  if (params.has('grouping') && q.grouping) query.set('grouping', q.grouping)
  if (params.has('reverseHeadOrder')) query.set('reverseHeadOrder', String(q.reverseHeadOrder))
  if (q.designId !== null) query.set('designId', q.designId)
  if (q.designStitches !== null) query.set('designStitches', String(q.designStitches))
  if (params.has('ignoreOutliers')) query.set('ignoreOutliers', String(q.ignoreOutliers))
  if (params.has('operatorId')) query.set('operatorId', q.operatorId)
  return { ok: true, target, query: query.toString() }
}
