/** Column inference for report rows whose shape the reference does not show (4.2): nested objects are
 * flattened with dotted names, arrays kept as one cell, and each column typed by what its values are. */

/** duration: seconds, as the API layer says (never inferred) */
export type ColumnKind = 'number' | 'duration' | 'time' | 'boolean' | 'text'

export interface Column {
  key: string
  kind: ColumnKind
  /** the heading in plain words, where the caller knows it; else the key */
  label?: string
}

export type FlatRow = Record<string, unknown>

/** `{a: {b: 1}}` → `{'a.b': 1}`; arrays and scalars stay as they are. */
export function flattenRow(row: unknown, prefix = '', into: FlatRow = {}): FlatRow {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) {
    into[prefix || 'value'] = row
    return into
  }
  const entries = Object.entries(row)
  if (entries.length === 0 && prefix) into[prefix] = row
  for (const [key, value] of entries) {
    const name = prefix ? `${prefix}.${key}` : key
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) flattenRow(value, name, into)
    else into[name] = value
  }
  return into
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/
const TIME_NAME = /(^|_|\.)(time|timestamp|at|since|seen|start|end|from|till|date)$/i

function kindOf(key: string, values: unknown[]): ColumnKind {
  const present = values.filter((v) => v !== null && v !== undefined && v !== '')
  if (present.length === 0) return 'text'
  if (present.every((v) => typeof v === 'boolean')) return 'boolean'
  if (present.every((v) => typeof v === 'string' && ISO_TIME.test(v))) return 'time'
  if (present.every((v) => typeof v === 'number')) {
    // Unix seconds in a column named like a time: 2001-09-09 … 2286 (10 digits)
    const unix = present.every((v) => Number.isInteger(v) && (v as number) >= 1e9 && (v as number) < 1e10)
    return unix && TIME_NAME.test(key) ? 'time' : 'number'
  }
  return 'text'
}

/** The columns of `rows`, in the order they first appear, each with the kind all its values share. */
export function inferColumns(rows: readonly FlatRow[]): Column[] {
  const keys: string[] = []
  const seen = new Set<string>()
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key)
        keys.push(key)
      }
    }
  }
  return keys.map((key) => ({
    key,
    kind: kindOf(
      key,
      rows.map((row) => row[key]),
    ),
  }))
}
