import type { Column, FlatRow } from '../../components/report-table/columns'
import type { Translator } from '../../lib/i18n/translator'

export interface ChartSpec {
  kind: 'bar' | 'line'
  x: string
  ys: string[]
  /** the series are durations in seconds (else counts and other numbers) */
  durations: boolean
  rows: FlatRow[]
  /** said under the chart when not every row is drawn (in `t`'s language) */
  note: string | null
}

const MAX_BARS = 40
const MAX_POINTS = 1500
const MAX_SERIES = 3

/** A chart that fits the rows, or null: a time column gives a line over time, otherwise a text column
 * with numbers gives bars (the largest first when there are many). Columns that identify rather than
 * measure (ids, head, needle, index, a design’s stitch count) are not plotted. */
export function chartSpec(
  columns: readonly Column[],
  rows: readonly FlatRow[],
  t: Translator['t'],
): ChartSpec | null {
  if (rows.length === 0) return null
  const measurable = columns.filter(
    (c) =>
      (c.kind === 'number' || c.kind === 'duration') &&
      !/(^|_|\.)(id|heads?|needles?|index)$/i.test(c.key) &&
      !/^design_?stitches$/i.test(c.key),
  )
  if (measurable.length === 0) return null
  // durations and counts never share an axis
  const measures = measurable.filter((c) => c.kind === measurable[0]!.kind)
  const durations = measurable[0]!.kind === 'duration'
  // series share one axis: only those within 10× of the first one's size, or they would flatten to zero
  const peak = (key: string) => Math.max(0, ...rows.map((r) => Math.abs(Number(r[key]) || 0)))
  const size = peak(measures[0]!.key)
  const ys = measures
    .filter((c, i) => i === 0 || (peak(c.key) * 10 >= size && peak(c.key) <= size * 10))
    .slice(0, MAX_SERIES)
    .map((c) => c.key)
  const time = columns.find((c) => c.kind === 'time')
  if (time) {
    const sorted = [...rows].sort((a, b) => String(a[time.key]).localeCompare(String(b[time.key])))
    const step = Math.ceil(sorted.length / MAX_POINTS)
    const drawn = step > 1 ? sorted.filter((_, i) => i % step === 0) : sorted
    return {
      kind: 'line',
      x: time.key,
      ys,
      durations,
      rows: drawn,
      note: step > 1 ? t('reports.chart.everyNth', { step, count: rows.length }) : null,
    }
  }
  const category = columns.find((c) => c.kind === 'text')
  if (!category) return null
  const main = ys[0]!
  const sorted =
    rows.length > MAX_BARS ? [...rows].sort((a, b) => Number(b[main] ?? 0) - Number(a[main] ?? 0)) : [...rows]
  const drawn = sorted.slice(0, MAX_BARS)
  return {
    kind: 'bar',
    x: category.key,
    ys,
    durations,
    rows: drawn,
    note:
      rows.length > MAX_BARS
        ? t('reports.chart.largest', {
            max: MAX_BARS,
            label: columns.find((c) => c.key === main)?.label ?? main,
            count: rows.length,
          })
        : null,
  }
}
