/** Names and allowed values of the report parameters (reference 4.1, 4.3, 4.4). */

export const REPORT_PATHS = [
  '/reports/stitches',
  '/reports/threadbreaks',
  '/reports/machine-summary',
  '/reports/average-rpm',
  '/reports/machine-productivity',
  '/reports/runningtime',
  '/reports/productiontime',
  '/reports/shift-comparison',
  '/reports/time-comparison',
  '/reports/threadbreaks-by-machine',
  '/reports/threadbreaks-by-machine/aggregated',
  '/reports/threadbreaks-by-design',
  '/reports/design-summary',
  '/reports/daily-design',
  '/reports/number-of-pieces',
  '/reports/operator-overview',
] as const
export type ReportPath = (typeof REPORT_PATHS)[number]

/** Reference 4.3: grouping of GET /reports/threadbreaks; default HN. */
export const THREADBREAK_GROUPINGS = ['HN', 'H', 'N'] as const
export type ThreadbreakGrouping = (typeof THREADBREAK_GROUPINGS)[number]

/** Reference 4.4: grouping of …/aggregated; required. */
export const AGGREGATED_GROUPINGS = ['head', 'needle', 'both'] as const
export type AggregatedGrouping = (typeof AGGREGATED_GROUPINGS)[number]

/** The word that selects every machine (4.1). */
export const ALL_MACHINES = 'all'

/** A parsed, valid report query (reference 4.1, 4.3, 4.4). */
export interface ReportQuery {
  from: number
  till: number
  machineIds: typeof ALL_MACHINES | string[]
  locationId: number
  shift: { from: string; to: string } | null
  includeBobbinThreadbreaks: boolean
  grouping: string | null
  reverseHeadOrder: boolean
}

export type ReportQueryResult = { ok: true; query: ReportQuery } | { ok: false; error: string }

const UNIX_SECONDS = /^\d{1,12}$/
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/

function parseBoolean(params: URLSearchParams, name: string): boolean | string {
  const value = params.get(name)
  if (value === null) return false
  if (value === 'true') return true
  if (value === 'false') return false
  return `Parameter ${name} must be true or false, got "${value.slice(0, 60)}"`
}

function parseShift(text: string): ReportQuery['shift'] | string {
  const error = `Parameter shift must be JSON like {"from":"22:00","to":"06:00"}, got ${JSON.stringify(text.slice(0, 100))}`
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return error
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return error
  if (Object.keys(value).some((key) => key !== 'from' && key !== 'to')) return error
  const { from, to } = value as Record<string, unknown>
  if (typeof from !== 'string' || typeof to !== 'string' || !CLOCK.test(from) || !CLOCK.test(to)) return error
  return { from, to }
}

/** Checks the query of a report request; the error names the parameter and what is wrong with it. */
export function parseReportQuery(path: string, params: URLSearchParams): ReportQueryResult {
  const fail = (error: string): ReportQueryResult => ({ ok: false, error })
  const times: number[] = []
  for (const name of ['from', 'till']) {
    const value = params.get(name)
    if (value === null || value === '') return fail(`Missing required parameter ${name} (Unix seconds)`)
    if (!UNIX_SECONDS.test(value))
      return fail(`Parameter ${name} must be Unix seconds, got "${value.slice(0, 60)}"`)
    times.push(Number(value))
  }
  const [from, till] = times as [number, number]
  if (till <= from) return fail('Parameter till must be later than from')

  const ids = params.get('machineIds')
  if (ids === null || ids.trim() === '') return fail('Missing required parameter machineIds (IDs or "all")')
  const machineIds =
    ids === ALL_MACHINES
      ? ALL_MACHINES
      : ids
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
  if (machineIds !== ALL_MACHINES && machineIds.length === 0)
    return fail('Parameter machineIds lists no machine')

  const location = params.get('locationId') ?? '0'
  if (!/^\d{1,9}$/.test(location))
    return fail(`Parameter locationId must be a whole number, got "${location.slice(0, 60)}"`)

  const shiftText = params.get('shift')
  const shift = shiftText === null || shiftText === '' ? null : parseShift(shiftText)
  if (typeof shift === 'string') return fail(shift)

  const includeBobbinThreadbreaks = parseBoolean(params, 'includeBobbinThreadbreaks')
  if (typeof includeBobbinThreadbreaks === 'string') return fail(includeBobbinThreadbreaks)
  const reverseHeadOrder = parseBoolean(params, 'reverseHeadOrder')
  if (typeof reverseHeadOrder === 'string') return fail(reverseHeadOrder)

  let grouping: string | null = params.get('grouping')
  if (path === '/reports/threadbreaks') {
    grouping ??= 'HN'
    if (!(THREADBREAK_GROUPINGS as readonly string[]).includes(grouping)) {
      return fail(
        `Parameter grouping must be one of ${THREADBREAK_GROUPINGS.join(', ')}, got "${grouping.slice(0, 60)}"`,
      )
    }
  } else if (path === '/reports/threadbreaks-by-machine/aggregated') {
    if (grouping === null)
      return fail(`Missing required parameter grouping (${AGGREGATED_GROUPINGS.join(', ')})`)
    if (!(AGGREGATED_GROUPINGS as readonly string[]).includes(grouping)) {
      return fail(
        `Parameter grouping must be one of ${AGGREGATED_GROUPINGS.join(', ')}, got "${grouping.slice(0, 60)}"`,
      )
    }
  }
  return {
    ok: true,
    query: {
      from,
      till,
      machineIds,
      locationId: Number(location),
      shift,
      includeBobbinThreadbreaks,
      grouping,
      reverseHeadOrder,
    },
  }
}
