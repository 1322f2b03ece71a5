import type { ReactNode } from 'react'
import { useT } from '../i18n'
import { LazyDetails } from '../lazy-details'
import type { HeatmapMarks } from './draw-heatmap'
import type { HeatmapGrid } from './heatmap'
import { HeatmapCanvas } from './heatmap-canvas'
import { HeatmapTable } from './lazy-heatmap-table'

export interface MachineHeatmap {
  machineId: string
  machineName: string
  grid: HeatmapGrid
  marks?: HeatmapMarks
  /** a line under the name: totals, breaks per running hour, "no breaks in this range" */
  note?: ReactNode
}

/** One heatmap per machine on one shared colour scale (`max`), so the same colour means the same
 * count on every machine. */
export function HeatmapSmallMultiples({
  machines,
  max,
  cell,
}: {
  machines: readonly MachineHeatmap[]
  max: number
  cell?: number
}) {
  const { t } = useT()
  return (
    <ul className="flex flex-wrap items-start gap-4" aria-label={t('heatmap.byMachine')}>
      {machines.map((m) => (
        <li
          key={m.machineId}
          className="w-min min-w-48 rounded border border-gray-300 p-2 dark:border-gray-700"
        >
          <h3 className="font-semibold break-all">{m.machineName}</h3>
          {m.note && <div className="mb-1 text-sm">{m.note}</div>}
          <HeatmapCanvas grid={m.grid} max={max} label={m.machineName} marks={m.marks} cell={cell} />
          <LazyDetails summary={t('heatmap.asTable')}>
            {() => (
              <HeatmapTable
                grid={m.grid}
                max={max}
                caption={t('heatmap.tableCaption', { machine: m.machineName })}
              />
            )}
          </LazyDetails>
        </li>
      ))}
    </ul>
  )
}
