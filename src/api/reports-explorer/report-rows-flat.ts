import type { ReportPath } from '../contract/report-params'

type Row = Record<string, unknown>
const isObject = (value: unknown): value is Row =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** The nested answers made readable as tables (myzsk-api.md 1.17, 1.20, 1.22), after rowInOurUnits:
 * - daily-design: one row per design, machine and status (the design's own fields first);
 * - shift-comparison: each work period's stitches and thread breaks as two columns of the machine's row
 *   (`periodStitches.<name>`, `periodBreaks.<name>`; an unnamed period as `#<id>`);
 * - operator-overview: each status's time and count as two columns of the operator's row.
 * Other answers, and rows not in the documented nesting, are left as they are. */
export function explorerRows(path: ReportPath, rows: readonly Row[]): Row[] {
  switch (path) {
    case '/reports/daily-design':
      return rows.flatMap((row) => {
        const { data, stitches, ...design } = row
        if (!Array.isArray(data) || data.length === 0) return [row]
        return data.map((entry) =>
          isObject(entry) ? { ...design, designStitches: stitches, ...entry } : { ...row },
        )
      })
    case '/reports/shift-comparison':
      return rows.map((row) => {
        const { shifts, ...machine } = row
        if (!Array.isArray(shifts)) return row
        const columns: Row = {}
        for (const shift of shifts) {
          if (!isObject(shift)) return row
          // the period's name in the column's key, labelled in the reader's language (report-labels.ts)
          const name =
            typeof shift.shiftName === 'string' && shift.shiftName ? shift.shiftName : `#${shift.shiftId}`
          columns[`periodStitches.${name}`] = shift.stitches
          columns[`periodBreaks.${name}`] = shift.threadbreaks
        }
        return { ...machine, ...columns }
      })
    case '/reports/operator-overview':
      return rows.map((row) => {
        const { status, ...operator } = row
        if (!Array.isArray(status)) return row
        const columns: Row = {}
        for (const entry of status) {
          if (!isObject(entry) || typeof entry.status !== 'number') return row
          columns[`statusTime.${entry.status}`] = entry.pastTime
          columns[`statusCount.${entry.status}`] = entry.counter
        }
        return { ...operator, ...columns }
      })
    default:
      return [...rows]
  }
}
