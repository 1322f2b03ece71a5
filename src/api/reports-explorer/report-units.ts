import type { ReportPath } from '../contract/report-params'

/** How a documented report field is sent (myzsk-api.md section 1, "Units"): times are Unix seconds,
 * Unix milliseconds or milliseconds as strings; durations seconds or milliseconds; design-summary sends
 * every number as a string. */
type Unit =
  | 'instant-s'
  | 'instant-ms'
  | 'instant-ms-text'
  | 'seconds'
  | 'milliseconds'
  | 'milliseconds-text'
  | 'number-text'

const PASS_TIMES: Readonly<Record<string, Unit>> = {
  minTime: 'seconds',
  maxTime: 'seconds',
  avgTime: 'seconds',
}

/** Field → unit per report; `a[].b` is field b of each element of the list a. */
const UNITS: Partial<Record<ReportPath, Readonly<Record<string, Unit>>>> = {
  '/reports/threadbreaks-by-machine': { timestamp: 'instant-ms' },
  '/reports/machine-summary': {
    totalTime: 'seconds',
    productionTime: 'seconds',
    'statusBreakdown.*': 'seconds',
  },
  '/reports/average-rpm': { productiveTime: 'seconds' },
  '/reports/machine-productivity': { runningTime: 'seconds' },
  '/reports/runningtime': PASS_TIMES,
  '/reports/productiontime': PASS_TIMES,
  '/reports/time-comparison': { day: 'instant-s' },
  '/reports/design-summary': {
    stitches: 'number-text',
    status: 'number-text',
    counter: 'number-text',
    start: 'instant-ms-text',
    stop: 'instant-ms-text',
    pastTime: 'milliseconds-text',
  },
  '/reports/daily-design': { stitches: 'number-text', 'data[].duration': 'seconds', duration: 'seconds' },
  '/reports/operator-overview': {
    workTime: 'seconds',
    'status[].pastTime': 'milliseconds',
    'statusTime.*': 'seconds',
  },
}

const numberOfText = (value: unknown) =>
  typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value

const isoOf = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : null)

function convert(value: unknown, unit: Unit): unknown {
  switch (unit) {
    case 'instant-s':
      return typeof value === 'number' ? isoOf(value * 1000) : value
    case 'instant-ms':
      return typeof value === 'number' ? isoOf(value) : value
    case 'instant-ms-text': {
      const ms = numberOfText(value)
      return typeof ms === 'number' ? isoOf(ms) : value
    }
    case 'milliseconds':
      return typeof value === 'number' ? value / 1000 : value
    case 'milliseconds-text': {
      const ms = numberOfText(value)
      return typeof ms === 'number' ? ms / 1000 : value
    }
    case 'number-text':
      return numberOfText(value)
    default:
      return value
  }
}

function normalise(row: Record<string, unknown>, units: Readonly<Record<string, Unit>>) {
  const out: Record<string, unknown> = { ...row }
  for (const [field, unit] of Object.entries(units)) {
    const list = field.match(/^(\w+)\[\]\.(\w+)$/)
    const map = field.match(/^(\w+)\.\*$/)
    if (list) {
      const [, name, inner] = list as unknown as [string, string, string]
      const items = out[name]
      if (Array.isArray(items))
        out[name] = items.map((item) =>
          item !== null && typeof item === 'object' && inner in item
            ? { ...item, [inner]: convert((item as Record<string, unknown>)[inner], unit) }
            : item,
        )
    } else if (map) {
      const name = map[1] as string
      const entries = out[name]
      if (entries !== null && typeof entries === 'object' && !Array.isArray(entries))
        out[name] = Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, convert(v, unit)]))
    } else if (field in out) out[field] = convert(out[field], unit)
  }
  return out
}

/** A report row with stitchboard's units: times as ISO instants (UTC), durations in seconds, numbers as
 * numbers. Fields the vendor does not document for the report are left as sent. */
export function rowInOurUnits(path: ReportPath, row: Record<string, unknown>): Record<string, unknown> {
  const units = UNITS[path]
  return units ? normalise(row, units) : row
}

/** Whether a flattened column of the report (`statusBreakdown.2`, `totalTime`) holds a duration in
 * seconds after rowInOurUnits. */
export function isDurationColumn(path: ReportPath, column: string): boolean {
  const units = UNITS[path]
  if (!units) return false
  return Object.entries(units).some(
    ([field, unit]) =>
      (unit === 'seconds' || unit === 'milliseconds' || unit === 'milliseconds-text') &&
      !field.includes('[]') &&
      (field === column || (field.endsWith('.*') && column.startsWith(field.slice(0, -1)))),
  )
}
