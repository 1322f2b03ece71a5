import type { ThreadbreakCount } from '../../api/reports'
import type { HeatmapGrid } from './heatmap'

/** The full grid of a machine: every head and needle it has (plus the bobbin column when asked for),
 * counts from the rows, 0 for combinations the report did not list (it lists only breaks). */
export function machineGrid(
  rows: readonly ThreadbreakCount[],
  heads: number,
  needles: number,
  { bobbin = false, reverseHeads = false }: { bobbin?: boolean; reverseHeads?: boolean } = {},
): HeatmapGrid {
  const headList = Array.from({ length: heads }, (_, i) => i + 1)
  if (reverseHeads) headList.reverse()
  const needleList = [...(bobbin ? [0] : []), ...Array.from({ length: needles }, (_, i) => i + 1)]
  const counts = new Map<string, number>()
  for (const head of headList) for (const needle of needleList) counts.set(`${head}:${needle}`, 0)
  for (const row of rows) {
    if (row.head === null || row.needle === null) continue
    const key = `${row.head}:${row.needle}`
    // a row outside the machine's layout is still shown rather than dropped
    if (!counts.has(key)) {
      if (!headList.includes(row.head)) headList.push(row.head)
      if (!needleList.includes(row.needle)) needleList.push(row.needle)
    }
    counts.set(key, (counts.get(key) ?? 0) + row.threadbreaks)
  }
  return { heads: headList, needles: needleList, counts }
}
