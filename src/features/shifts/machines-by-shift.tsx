import type { MachineLayout } from '../../api/machines/machines'
import { DataTable } from '../../components/data-table'
import { gridFamilies, machineGrid, sizeFromRows } from '../../components/heatmap/heatmap-grid'
import { useT } from '../../components/i18n'
import { LazyDetails } from '../../components/lazy-details'
import type { ThreadbreakCount } from '../../lib/domain'
import { findHotSpots, type HotSpot, hotSpotInWords } from '../../lib/hot-spots'
import { naturalCompare } from '../../lib/natural-order'
import type { NamedShift } from '../../lib/time-range'

/** One shift over the page's range: its breaks (undefined while they load), hours and figures. */
export type PerShift = {
  shift: NamedShift
  breakRows: ThreadbreakCount[] | undefined
  hours: number
  figures: Record<string, number | null>
}

/** Hot spots by the answer they were found in (an answer's records keep their identity while cached). */
const spotsFound = new WeakMap<
  readonly ThreadbreakCount[],
  { layouts: readonly MachineLayout[] | undefined; spots: HotSpot[] }
>()

function spotsOfShift(rows: readonly ThreadbreakCount[], layouts: readonly MachineLayout[] | undefined) {
  const known = spotsFound.get(rows)
  if (known && known.layouts === layouts) return known.spots
  const spots = hotSpotsOf(rows, layouts)
  spotsFound.set(rows, { layouts, spots })
  return spots
}

/** The hot spots of one shift's breaks, every head and needle of each machine a place. */
function hotSpotsOf(
  rows: readonly ThreadbreakCount[],
  layouts: readonly MachineLayout[] | undefined,
): HotSpot[] {
  const layoutOf = new Map((layouts ?? []).map((l) => [l.machineId, l]))
  const byMachine = new Map<string, ThreadbreakCount[]>()
  for (const row of rows) {
    const list = byMachine.get(row.machineId)
    if (list) list.push(row)
    else byMachine.set(row.machineId, [row])
  }
  const families = [...byMachine].flatMap(([id, list]) => {
    const { heads, needles } = layoutOf.get(id) ?? sizeFromRows(list)
    // a machine's name as its last row gives it (as the table beside it does)
    return gridFamilies(machineGrid(list, heads, needles), id, list.at(-1)?.machineName ?? id)
  })
  return findHotSpots(families)
}

/** Where to look first in each shift (the thread-break page's rule), and breaks per machine and shift. */
export function MachinesByShift({
  perShift,
  layouts,
}: {
  perShift: PerShift[]
  layouts: readonly MachineLayout[] | undefined
}) {
  const { t, number } = useT()
  // each shift's hot spots are worked out once per answer (spotsOfShift): the page renders again as each
  // of its nine reports arrives, and working out every shift's spots each time was most of its longest task
  const spots = perShift.map(({ breakRows }) => (breakRows ? spotsOfShift(breakRows, layouts) : []))
  const names = new Map<string, string>()
  const counts = new Map<string, number>()
  for (const { breakRows, shift } of perShift) {
    for (const row of breakRows ?? []) {
      names.set(row.machineId, row.machineName)
      const key = `${row.machineId}|${shift.name}`
      counts.set(key, (counts.get(key) ?? 0) + row.count)
    }
  }
  const machines = [...names].sort((a, b) => naturalCompare(a[1], b[1]))
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section
        aria-label={t('shifts.machines.whereToLook')}
        className="rounded border border-gray-300 p-3 dark:border-gray-700"
      >
        <h3 className="font-semibold">{t('shifts.machines.whereToLook')}</h3>
        {perShift.map(({ shift }, i) => (
          <div key={shift.name} className="mt-2">
            <h4 className="font-medium">{shift.name}</h4>
            {(spots[i] ?? []).length === 0 ? (
              <p className="text-sm">{t('shifts.machines.nothing')}</p>
            ) : (
              <ul className="list-disc pl-5 text-sm">
                {(spots[i] ?? []).slice(0, 5).map((spot) => (
                  <li key={`${spot.machineId}|${spot.head}|${spot.needle}`}>{hotSpotInWords(spot, t)}</li>
                ))}
              </ul>
            )}
          </div>
        ))}
        <p className="mt-2 text-xs">{t('shifts.machines.rule')}</p>
      </section>
      <LazyDetails summary={t('shifts.machines.perMachine', { count: machines.length })}>
        {() => (
          <DataTable
            className="mt-2 text-sm tabular-nums"
            columns={[
              { key: 'machine', label: t('shifts.common.machine'), className: 'px-2 text-left' },
              ...perShift.map(({ shift }) => ({
                key: `shift ${shift.name}`,
                label: shift.name,
                className: 'px-2 text-right',
              })),
            ]}
          >
            {machines.map(([id, name]) => (
              <tr key={id}>
                <th scope="row" className="px-2 text-left font-normal">
                  {name}
                </th>
                {perShift.map(({ shift }) => (
                  <td key={shift.name} className="px-2 text-right">
                    {number(counts.get(`${id}|${shift.name}`) ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </DataTable>
        )}
      </LazyDetails>
    </div>
  )
}
