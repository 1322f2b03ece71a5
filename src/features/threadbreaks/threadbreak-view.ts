import type { MachineLayout as ApiMachineLayout } from '../../api/machines/machines'
import type { HeatmapGrid } from '../../components/heatmap/heatmap'
import { gridFamilies, machineBars, machineGrid, sizeFromRows } from '../../components/heatmap/heatmap-grid'
import type { MachineSummary, ThreadbreakCount } from '../../lib/domain'
import { findHotSpots, type HotSpot, type Place, type PlaceFamily } from '../../lib/hot-spots'
import type { StatusDictionary } from '../../lib/machine-state'
import { naturalCompare, textCompare } from '../../lib/natural-order'
import { secondsInStateOf } from '../../lib/status-codes'
import type { ThreadbreakParams } from './threadbreak-params'

/** What the view needs of a machine's build (GET /machines). */
export type MachineLayout = Pick<ApiMachineLayout, 'machineId' | 'machineName' | 'heads' | 'needles'> & {
  activeHeads?: number | null
}

export interface MachineBreaks extends MachineLayout {
  /** the rows behind the view, most breaks first (reference 4.3 ordering within a machine) */
  rows: ThreadbreakCount[]
  total: number
  /** grouping HN */
  grid: HeatmapGrid | null
  /** grouping H or N */
  bars: Place[] | null
  spots: HotSpot[]
  /** from a report that carries the machine's running time in the range, when one does */
  runningHours: number | null
}

export interface ThreadbreakView {
  machines: MachineBreaks[]
  spots: HotSpot[]
  /** the top of the shared colour scale */
  max: number
}

/** Machines by name, numbers in names compared as numbers ("M 2" before "M 10"). */
export const byMachine = (a: { machineName: string; machineId: string }, b: typeof a) =>
  naturalCompare(a.machineName, b.machineName) || textCompare(a.machineId, b.machineId)

/** Rows in the reference's order (4.3): by machine, then by frequency, highest first. */
export function referenceOrder(rows: readonly ThreadbreakCount[]): ThreadbreakCount[] {
  return [...rows].sort(
    (a, b) =>
      byMachine(a, b) ||
      b.count - a.count ||
      (a.head ?? 0) - (b.head ?? 0) ||
      (a.needle ?? 0) - (b.needle ?? 0),
  )
}

/** Every machine in scope, with or without breaks, its grid or bars, and the hot spots of the view. */
export function threadbreakView(
  rows: readonly ThreadbreakCount[],
  layouts: readonly MachineLayout[],
  params: Pick<ThreadbreakParams, 'grouping' | 'bobbin' | 'reverse'>,
  runningHours: ReadonlyMap<string, number> = new Map(),
): ThreadbreakView {
  const rowsByMachine = new Map<string, ThreadbreakCount[]>()
  for (const row of referenceOrder(rows)) {
    const list = rowsByMachine.get(row.machineId)
    if (list) list.push(row)
    else rowsByMachine.set(row.machineId, [row])
  }
  const known = new Map(layouts.map((layout) => [layout.machineId, layout]))
  // a machine in the answer but not in GET /machines is still shown, sized by its rows
  for (const [machineId, list] of rowsByMachine) {
    if (known.has(machineId)) continue
    known.set(machineId, {
      machineId,
      machineName: list[0]?.machineName ?? machineId,
      ...sizeFromRows(list),
    })
  }

  const families: PlaceFamily[] = []
  const machines = [...known.values()].sort(byMachine).map((layout): MachineBreaks => {
    const machineRows = rowsByMachine.get(layout.machineId) ?? []
    const options = { bobbin: params.bobbin, reverseHeads: params.reverse }
    let grid: HeatmapGrid | null = null
    let bars: Place[] | null = null
    if (params.grouping === 'HN') {
      grid = machineGrid(machineRows, layout.heads, layout.needles, options)
      families.push(...gridFamilies(grid, layout.machineId, layout.machineName))
    } else {
      bars =
        params.grouping === 'H'
          ? machineBars(machineRows, 'head', layout.heads, options)
          : machineBars(machineRows, 'needle', layout.needles, options)
      families.push({ machineId: layout.machineId, machineName: layout.machineName, places: bars })
    }
    return {
      ...layout,
      rows: machineRows,
      total: machineRows.reduce((sum, row) => sum + row.count, 0),
      grid,
      bars,
      spots: [],
      runningHours: runningHours.get(layout.machineId) ?? null,
    }
  })

  const spots = findHotSpots(families)
  const byId = new Map(machines.map((m) => [m.machineId, m]))
  for (const spot of spots) byId.get(spot.machineId)?.spots.push(spot)

  const values = machines.flatMap((m) =>
    m.grid ? [...m.grid.counts.values()] : (m.bars ?? []).map((b) => b.count),
  )
  return { machines, spots, max: Math.max(0, ...values) }
}

/** Running hours by machine from the machine summary: the seconds of every status code the
 * dictionary calls running. */
export function runningHoursByMachine(
  rows: readonly MachineSummary[] | undefined,
  codes: StatusDictionary | undefined,
) {
  const hours = new Map<string, number>()
  // which codes mean running is not known until the dictionary is read: no hours rather than 0
  if (!codes) return hours
  for (const row of rows ?? [])
    hours.set(row.machineId, secondsInStateOf(row.secondsByStatus, 'running', codes) / 3600)
  return hours
}

/** Rule of thumb (issue 6): a healthy 15-head machine breaks about 2–3 times an hour in total. */
export const HEALTHY_BREAKS_PER_HEAD_HOUR = 3 / 15

/** Breaks per head and running hour, or null without running time. */
export function perHeadHour(machine: Pick<MachineBreaks, 'total' | 'heads' | 'runningHours'>): number | null {
  const hours = machine.runningHours
  return hours && hours > 0 && machine.heads > 0 ? machine.total / hours / machine.heads : null
}

/**
 * The wall's order (exception first): the machines with a flagged place, most breaks first, drawn as
 * heatmaps; every machine in one compact list, most breaks per head-hour first (without running time:
 * by breaks, after those with it).
 */
export function wallOrder(view: ThreadbreakView): { flagged: MachineBreaks[]; ranked: MachineBreaks[] } {
  const flagged = view.machines
    .filter((m) => m.spots.length > 0)
    .sort((a, b) => b.total - a.total || byMachine(a, b))
  const ranked = [...view.machines].sort((a, b) => {
    const ra = perHeadHour(a)
    const rb = perHeadHour(b)
    if (ra !== null && rb !== null && ra !== rb) return rb - ra
    if ((ra === null) !== (rb === null)) return ra === null ? 1 : -1
    return b.total - a.total || byMachine(a, b)
  })
  return { flagged, ranked }
}
