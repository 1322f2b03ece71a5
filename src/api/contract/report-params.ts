/** The 16 reports of the vendor's API (myzsk-api.md 1.7–1.22) and the parameters each one documents.
 * Each report takes its own subset; a parameter a report does not document is refused, so no view can
 * pretend a filter applies that the vendor ignores. */

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

/** myzsk-api.md 1.8: grouping of GET /reports/threadbreaks; default HN. */
export const THREADBREAK_GROUPINGS = ['HN', 'H', 'N'] as const
export type ThreadbreakGrouping = (typeof THREADBREAK_GROUPINGS)[number]

/** myzsk-api.md 1.9: grouping of …/aggregated; required. */
export const AGGREGATED_GROUPINGS = ['head', 'needle', 'both'] as const
export type AggregatedGrouping = (typeof AGGREGATED_GROUPINGS)[number]

/** myzsk-api.md 1.15/1.16: percent of the fastest and slowest passes left out. */
export const IGNORE_OUTLIERS = [0, 10, 20, 30] as const
export type IgnoreOutliers = (typeof IGNORE_OUTLIERS)[number]

/** The word that selects every machine (machineIds) and every operator (operatorId). */
export const ALL_MACHINES = 'all'
export const ALL_OPERATORS = 'all'

export type ReportParamName =
  | 'from'
  | 'till'
  | 'machineIds'
  | 'locationId'
  | 'shift'
  | 'includeBobbinThreadbreaks'
  | 'grouping'
  | 'reverseHeadOrder'
  | 'designId'
  | 'designStitches'
  | 'ignoreOutliers'
  | 'operatorId'

/** What one report documents: the parameters it takes and which of them it requires. */
export interface ReportSpec {
  takes: readonly ReportParamName[]
  requires: readonly ReportParamName[]
}

const RANGE = ['from', 'till'] as const
const BOBBIN = 'includeBobbinThreadbreaks'

/** myzsk-api.md 1.7–1.22, parameter tables, one entry per report. machineIds is required wherever a
 * report takes it; from and till everywhere. */
export const REPORT_SPECS: Record<ReportPath, ReportSpec> = {
  '/reports/stitches': { takes: [...RANGE, 'machineIds', 'shift'], requires: [...RANGE, 'machineIds'] },
  '/reports/threadbreaks': {
    takes: [...RANGE, 'machineIds', 'shift', BOBBIN, 'grouping'],
    requires: [...RANGE, 'machineIds'],
  },
  '/reports/threadbreaks-by-machine/aggregated': {
    takes: [...RANGE, 'machineIds', 'shift', BOBBIN, 'grouping', 'reverseHeadOrder'],
    requires: [...RANGE, 'machineIds', 'grouping'],
  },
  '/reports/threadbreaks-by-machine': {
    takes: [...RANGE, 'machineIds', 'shift', BOBBIN],
    requires: [...RANGE, 'machineIds'],
  },
  '/reports/threadbreaks-by-design': {
    takes: [...RANGE, 'machineIds', 'shift', BOBBIN, 'designId', 'designStitches'],
    requires: [...RANGE, 'machineIds', 'designId', 'designStitches'],
  },
  '/reports/machine-summary': {
    takes: [...RANGE, 'machineIds', 'locationId', 'shift', BOBBIN],
    requires: [...RANGE, 'machineIds'],
  },
  '/reports/average-rpm': { takes: [...RANGE, 'locationId', 'shift'], requires: RANGE },
  '/reports/machine-productivity': {
    takes: [...RANGE, 'machineIds', 'locationId', 'shift', BOBBIN, 'designId', 'designStitches'],
    requires: [...RANGE, 'machineIds'],
  },
  '/reports/runningtime': {
    takes: [...RANGE, 'machineIds', 'shift', 'designId', 'designStitches', 'ignoreOutliers'],
    requires: [...RANGE, 'machineIds'],
  },
  '/reports/productiontime': {
    takes: [...RANGE, 'machineIds', 'shift', 'designId', 'designStitches', 'ignoreOutliers'],
    requires: [...RANGE, 'machineIds'],
  },
  '/reports/shift-comparison': { takes: [...RANGE, 'locationId', 'shift', BOBBIN], requires: RANGE },
  '/reports/time-comparison': { takes: [...RANGE, 'locationId', 'shift', BOBBIN], requires: RANGE },
  '/reports/design-summary': {
    takes: [...RANGE, 'machineIds', 'locationId', 'shift', 'designId', 'designStitches'],
    requires: [...RANGE, 'machineIds', 'designId', 'designStitches'],
  },
  '/reports/daily-design': { takes: [...RANGE, 'locationId', 'shift'], requires: RANGE },
  '/reports/number-of-pieces': {
    takes: [...RANGE, 'machineIds', 'shift'],
    requires: [...RANGE, 'machineIds'],
  },
  '/reports/operator-overview': {
    takes: [...RANGE, 'machineIds', 'locationId', 'shift', BOBBIN, 'operatorId'],
    requires: [...RANGE, 'machineIds'],
  },
}

/** Pairs documented as "needed together": machine-productivity's designStitches whenever designId is
 * given (1.14). Where both are required (1.11, 1.19) `requires` already says so. */
const TOGETHER: Partial<Record<ReportPath, readonly [ReportParamName, ReportParamName]>> = {
  '/reports/machine-productivity': ['designId', 'designStitches'],
}

export const reportTakes = (path: ReportPath, name: ReportParamName) =>
  REPORT_SPECS[path].takes.includes(name)

/** A parsed, valid report query. Parameters the report does not take keep their documented default. */
export interface ReportQuery {
  from: number
  till: number
  machineIds: typeof ALL_MACHINES | string[]
  locationId: number
  shift: { from: string; to: string } | null
  includeBobbinThreadbreaks: boolean
  grouping: string | null
  reverseHeadOrder: boolean
  designId: string | null
  designStitches: number | null
  ignoreOutliers: IgnoreOutliers
  operatorId: string
}

export type ReportQueryResult = { ok: true; query: ReportQuery } | { ok: false; error: string }

const UNIX_SECONDS = /^\d{1,12}$/
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/
/** An ID the vendor hands out (design, operator): printable, no control characters, bounded. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const VENDOR_ID = /^[^\u0000-\u001f\u007f]{1,128}$/u

const shown = (value: string) => JSON.stringify(value.slice(0, 60))

function parseBoolean(params: URLSearchParams, name: string): boolean | string {
  const value = params.get(name)
  if (value === null) return false
  if (value === 'true') return true
  if (value === 'false') return false
  return `Parameter ${name} must be true or false, got ${shown(value)}`
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

const MEANING: Partial<Record<ReportParamName, string>> = {
  from: 'Unix seconds',
  till: 'Unix seconds',
  machineIds: 'IDs or "all"',
  grouping: AGGREGATED_GROUPINGS.join(', '),
  designId: 'a design ID from /designs',
  designStitches: 'the design’s stitch count from /designs',
}

/** Checks the query of a report request against what that report documents; the error names the
 * parameter and what is wrong with it. */
export function parseReportQuery(path: ReportPath, params: URLSearchParams): ReportQueryResult {
  const fail = (error: string): ReportQueryResult => ({ ok: false, error })
  const spec = REPORT_SPECS[path]
  for (const name of params.keys()) {
    if (!(spec.takes as readonly string[]).includes(name))
      return fail(`Parameter ${shown(name)} is not accepted by ${path}; it takes ${spec.takes.join(', ')}`)
  }
  for (const name of spec.requires) {
    const value = params.get(name)
    if (value === null || value.trim() === '') {
      const meaning = MEANING[name]
      return fail(`Missing required parameter ${name}${meaning ? ` (${meaning})` : ''}`)
    }
  }
  const together = TOGETHER[path]
  if (together && params.has(together[0]) && !params.has(together[1]))
    return fail(`Parameter ${together[1]} is required with ${together[0]} (${MEANING[together[1]]})`)

  const times: number[] = []
  for (const name of ['from', 'till']) {
    const value = params.get(name)!
    if (!UNIX_SECONDS.test(value)) return fail(`Parameter ${name} must be Unix seconds, got ${shown(value)}`)
    times.push(Number(value))
  }
  const [from, till] = times as [number, number]
  if (till <= from) return fail('Parameter till must be later than from')

  let machineIds: ReportQuery['machineIds'] = ALL_MACHINES
  const ids = params.get('machineIds')
  if (ids !== null && ids !== ALL_MACHINES) {
    machineIds = ids
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean)
    if (machineIds.length === 0) return fail('Parameter machineIds lists no machine')
  }

  const location = params.get('locationId') ?? '0'
  if (!/^\d{1,9}$/.test(location))
    return fail(`Parameter locationId must be a whole number, got ${shown(location)}`)

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
    if (!(THREADBREAK_GROUPINGS as readonly string[]).includes(grouping))
      return fail(
        `Parameter grouping must be one of ${THREADBREAK_GROUPINGS.join(', ')}, got ${shown(grouping)}`,
      )
  } else if (path === '/reports/threadbreaks-by-machine/aggregated') {
    if (!(AGGREGATED_GROUPINGS as readonly string[]).includes(grouping!))
      return fail(
        `Parameter grouping must be one of ${AGGREGATED_GROUPINGS.join(', ')}, got ${shown(grouping!)}`,
      )
  }

  const designId = params.get('designId')
  if (designId !== null && !VENDOR_ID.test(designId))
    return fail(`Parameter designId must be a design ID (1–128 printable characters), got ${shown(designId)}`)
  const stitchesText = params.get('designStitches')
  if (stitchesText !== null && !/^[1-9]\d{0,8}$/.test(stitchesText))
    return fail(`Parameter designStitches must be a positive whole number, got ${shown(stitchesText)}`)

  const outliersText = params.get('ignoreOutliers') ?? '0'
  const ignoreOutliers = Number(outliersText) as IgnoreOutliers
  if (!/^\d{1,2}$/.test(outliersText) || !IGNORE_OUTLIERS.includes(ignoreOutliers))
    return fail(
      `Parameter ignoreOutliers must be one of ${IGNORE_OUTLIERS.join(', ')}, got ${shown(outliersText)}`,
    )

  const operatorId = params.get('operatorId') ?? ALL_OPERATORS
  if (!VENDOR_ID.test(operatorId))
    return fail(`Parameter operatorId must be an operator ID or "all", got ${shown(operatorId)}`)

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
      designId,
      designStitches: stitchesText === null ? null : Number(stitchesText),
      ignoreOutliers,
      operatorId,
    },
  }
}
