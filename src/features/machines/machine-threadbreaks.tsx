import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { type ReportParams, rangeBefore } from '../../api/vendor-reports/report-params'
import { useThreadbreaks } from '../../api/vendor-reports/reports'
import { FilterBar } from '../../components/filters/filter-bar'
import { useReportScope } from '../../components/filters/use-filters'
import { HeatmapCanvas } from '../../components/heatmap/heatmap-canvas'
import { gridFamilies, machineGrid, marksOf } from '../../components/heatmap/heatmap-grid'
import { HeatmapLegend } from '../../components/heatmap/heatmap-legend'
import { HeatmapTable } from '../../components/heatmap/lazy-heatmap-table'
import { useT } from '../../components/i18n'
import { LazyDetails } from '../../components/lazy-details'
import { QueryState } from '../../components/query-state'
import { Skeleton } from '../../components/skeleton'
import { breaksAt, trendInWords } from '../../lib/breaks-trend'
import type { Machine, ThreadbreakCount } from '../../lib/domain'
import { withParam } from '../../lib/filters'
import { findHotSpots, hotSpotInWords } from '../../lib/hot-spots'
import { BreakChecks } from './break-checks'

/** The room the summary and heatmap take while they load (most of a screen at desk width). */
const HEATMAP_HEIGHT = '16rem'

/** The machine page's thread breaks by head and needle, against the range before. */
export function MachineThreadbreaks({ machine }: { machine: Machine }) {
  const { t } = useT()
  const scope = useReportScope()
  const [search, setSearch] = useSearchParams()
  const bobbin = search.get('bobbin') === '1'
  const setBobbin = (on: boolean) => setSearch((current) => withParam(current, 'bobbin', on ? '1' : null))
  return (
    <section aria-labelledby="breaks-heading" className="space-y-2">
      <h2 id="breaks-heading" className="text-xl font-semibold">
        {t('machines.breaks.title')}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <FilterBar show={['range', 'shift']} />
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={bobbin} onChange={(e) => setBobbin(e.target.checked)} />
          {t('machines.breaks.includeBobbin')}
        </label>
      </div>
      {scope.status === 'loading' && <Skeleton reserve={HEATMAP_HEIGHT} />}
      {scope.status === 'error' && <p role="alert">{scope.error}</p>}
      {scope.status === 'ready' && (
        <MachineHeatmap
          machine={machine}
          params={{
            ...scope.params,
            machineIds: [machine.id],
            locationId: 0,
            includeBobbinThreadbreaks: bobbin,
            grouping: 'HN',
          }}
        />
      )}
    </section>
  )
}

function MachineHeatmap({
  machine,
  params,
}: {
  machine: Machine
  params: ReportParams & { grouping?: 'HN' }
}) {
  const breaks = useThreadbreaks(params)
  // the range before, as long as this one: is it getting worse?
  const earlier = useThreadbreaks(rangeBefore(params))
  return (
    <QueryState query={breaks} empty={null} loading={<Skeleton reserve={HEATMAP_HEIGHT} />}>
      {({ records }) => (
        <MachineGrid
          machine={machine}
          rows={records}
          earlier={earlier.data?.records}
          bobbin={params.includeBobbinThreadbreaks ?? false}
          params={params}
        />
      )}
    </QueryState>
  )
}

/** The machine's heads × needles with the hot-spot rule of the thread-break page applied to it alone. */
function MachineGrid({
  machine,
  rows,
  earlier,
  bobbin,
  params,
}: {
  machine: Machine
  rows: ThreadbreakCount[]
  /** the rows of the range before (undefined while they load) */
  earlier: readonly ThreadbreakCount[] | undefined
  bobbin: boolean
  /** the report filters of the grid, for the assistant's read of the break log */
  params: ReportParams
}) {
  const { t } = useT()
  const { grid, spots, marks } = useMemo(() => {
    const grid = machineGrid(rows, machine.heads ?? 1, machine.needles ?? 1, { bobbin })
    const spots = findHotSpots(gridFamilies(grid, machine.id, machine.name))
    return { grid, spots, marks: marksOf(spots) }
  }, [rows, machine.heads, machine.needles, machine.id, machine.name, bobbin])
  const max = Math.max(0, ...grid.counts.values())
  const total = [...grid.counts.values()].reduce((sum, n) => sum + n, 0)
  const trend = (now: number, place: { head: number | null; needle: number | null }) =>
    earlier
      ? ` ${t('machines.breaks.trendBefore', { trend: trendInWords(now, breaksAt(earlier, { ...place, machineId: machine.id }), t) })}`
      : ''
  return (
    <div className="space-y-2">
      <p>
        {earlier
          ? t('machines.breaks.totalWithTrend', {
              count: total,
              trend: trendInWords(
                total,
                breaksAt(earlier, { machineId: machine.id, head: null, needle: null }),
                t,
              ),
            })
          : t('machines.breaks.total', { count: total })}
      </p>
      {rows.length === 0 ? (
        <p>{t('machines.breaks.none')}</p>
      ) : spots.length > 0 ? (
        <ul className="list-disc pl-5" aria-label={t('machines.breaks.whereFirst')}>
          {spots.map((spot) => (
            <li key={`${spot.head}|${spot.needle}`}>
              {hotSpotInWords(spot, t)}
              {trend(spot.count, spot)}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('machines.breaks.even')}</p>
      )}
      {rows.length > 0 && (
        <BreakChecks
          machineId={machine.id}
          rows={rows}
          heads={machine.heads ?? 1}
          needles={machine.needles ?? 1}
          params={params}
        />
      )}
      <HeatmapLegend max={max} />
      <HeatmapCanvas grid={grid} max={max} label={machine.name} marks={marks} cell={26} fit />
      <LazyDetails summary={t('machines.breaks.asTable')}>
        {() => (
          <HeatmapTable
            grid={grid}
            max={max}
            caption={t('machines.breaks.tableCaption', { machine: machine.name })}
          />
        )}
      </LazyDetails>
    </div>
  )
}
