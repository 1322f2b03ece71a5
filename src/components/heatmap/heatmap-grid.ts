import type { ThreadbreakCount } from '../../lib/domain'
import type { HotSpot, Place, PlaceFamily } from '../../lib/hot-spots'
import type { HeatmapMarks } from './draw-heatmap'
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
    counts.set(key, (counts.get(key) ?? 0) + row.count)
  }
  return { heads: headList, needles: needleList, counts }
}

/** Heads × needles a machine's rows imply, for a machine whose build is not known (not in GET /machines). */
export function sizeFromRows(rows: readonly ThreadbreakCount[]): { heads: number; needles: number } {
  return {
    heads: Math.max(1, ...rows.map((r) => r.head ?? 0)),
    needles: Math.max(1, ...rows.map((r) => r.needle ?? 0)),
  }
}

/** The grid as the hot-spot rule's families: its cells, its heads (row totals), its needles (column
 * totals). Cells without data are not places (they cannot be hot or cold). */
export function gridFamilies(grid: HeatmapGrid, machineId: string, machineName: string): PlaceFamily[] {
  const cells: Place[] = []
  const heads = new Map<number, number>()
  const needles = new Map<number, number>()
  for (const head of grid.heads) {
    for (const needle of grid.needles) {
      const count = grid.counts.get(`${head}:${needle}`)
      if (count === undefined) continue
      cells.push({ head, needle, count })
      heads.set(head, (heads.get(head) ?? 0) + count)
      needles.set(needle, (needles.get(needle) ?? 0) + count)
    }
  }
  const family = (places: Place[]) => ({ machineId, machineName, places })
  return [
    family(cells),
    family([...heads].map(([head, count]) => ({ head, needle: null, count }))),
    family([...needles].map(([needle, count]) => ({ head: null, needle, count }))),
  ]
}

/** Outlines for the flagged places of one machine. */
export function marksOf(spots: readonly HotSpot[]): HeatmapMarks {
  const marks = { cells: new Set<string>(), heads: new Set<number>(), needles: new Set<number>() }
  for (const spot of spots) {
    if (spot.head !== null && spot.needle !== null) marks.cells.add(`${spot.head}:${spot.needle}`)
    else if (spot.head !== null) marks.heads.add(spot.head)
    else if (spot.needle !== null) marks.needles.add(spot.needle)
  }
  return marks
}

/** One bar per head (grouping H) or per needle (grouping N, bobbin first when included): every head or
 * needle of the machine, 0 where the report lists nothing. */
export function machineBars(
  rows: readonly ThreadbreakCount[],
  dimension: 'head' | 'needle',
  size: number,
  { bobbin = false, reverseHeads = false }: { bobbin?: boolean; reverseHeads?: boolean } = {},
): Place[] {
  const keys = Array.from({ length: size }, (_, i) => i + 1)
  if (dimension === 'head' && reverseHeads) keys.reverse()
  if (dimension === 'needle' && bobbin) keys.unshift(0)
  const counts = new Map(keys.map((key) => [key, 0]))
  for (const row of rows) {
    const key = row[dimension]
    if (key === null) continue
    if (!counts.has(key)) keys.push(key)
    counts.set(key, (counts.get(key) ?? 0) + row.count)
  }
  return keys.map((key) => ({
    head: dimension === 'head' ? key : null,
    needle: dimension === 'needle' ? key : null,
    count: counts.get(key) ?? 0,
  }))
}
