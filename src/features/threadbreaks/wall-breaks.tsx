import { type ReactNode, useMemo } from 'react'
import { HeatmapLegend } from '../../components/heatmap/heatmap-legend'
import { HeatmapSmallMultiples } from '../../components/heatmap/small-multiples'
import { useT } from '../../components/i18n'
import { useWallFit, WallMore } from '../../components/wall-fit'
import { trendInWords } from '../../lib/breaks-trend'
import {
  HEALTHY_BREAKS_PER_HEAD_HOUR,
  perHeadHour,
  type threadbreakView,
  wallOrder,
} from './threadbreak-view'

const FIXED_2 = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const
/** the flagged machines' heatmaps on the wall, most breaks first: the rest are marked ▲ in the list */
const WALL_HEATMAPS = 4

/** The wall: where to look first, heatmaps of the (four most breaking) machines with a flagged place, and
 * the machines in one compact list ranked by breaks per head-hour, as many as fit two screens; a line says
 * how many more the desk page has. */
export function WallBreaks({
  view,
  heatmaps,
  cell,
  where,
  earlier,
}: {
  view: ReturnType<typeof threadbreakView>
  heatmaps: ReadonlyArray<Parameters<typeof HeatmapSmallMultiples>[0]['machines'][number]>
  cell: number
  where: ReactNode
  earlier: ReadonlyMap<string, number> | null
}) {
  const { t, number } = useT()
  const { flagged, ranked } = useMemo(() => wallOrder(view), [view])
  const flaggedIds = new Set(flagged.map((m) => m.machineId))
  const shown = flagged
    .map((m) => heatmaps.find((h) => h.machineId === m.machineId))
    .filter((h) => h !== undefined)
    .slice(0, WALL_HEATMAPS)
  const fit = useWallFit<HTMLOListElement>(ranked.length, ranked)
  return (
    <div className="space-y-4">
      {where}
      {shown.length > 0 && (
        <section aria-label={t('threadbreaks.wall.flagged')}>
          <HeatmapLegend max={view.max} />
          <HeatmapSmallMultiples machines={shown} max={view.max} cell={cell} />
        </section>
      )}
      <section aria-labelledby="wall-ranked">
        <h2 id="wall-ranked" className="text-kiosk-base font-semibold">
          {t('threadbreaks.wall.ranked')}
        </h2>
        <p className="text-kiosk-sm">
          {t('threadbreaks.wall.legend', { rate: number(HEALTHY_BREAKS_PER_HEAD_HOUR, FIXED_2) })}
        </p>
        <ol
          ref={fit.ref}
          className="grid grid-cols-[repeat(auto-fill,minmax(32rem,1fr))] gap-x-8 text-kiosk-sm leading-snug"
        >
          {ranked.slice(0, fit.shown).map((m) => {
            const rate = perHeadHour(m)
            const above = rate !== null && rate > HEALTHY_BREAKS_PER_HEAD_HOUR
            return (
              <li
                key={m.machineId}
                data-wall-item=""
                className="flex flex-wrap justify-between gap-x-3 border-b border-gray-800 py-0.5"
              >
                <span
                  className={`whitespace-nowrap ${above || flaggedIds.has(m.machineId) ? 'font-semibold' : ''}`}
                >
                  {flaggedIds.has(m.machineId) ? '▲ ' : ''}
                  {m.machineName}
                </span>
                {/* a German or Spanish row's figures are longer than its column at times: they wrap under
                    the name, right-aligned, a number never apart from its unit (non-breaking spaces) */}
                <span className="ml-auto text-right tabular-nums">
                  {t('threadbreaks.common.breaks', { count: m.total })}
                  {earlier && ` (${trendInWords(m.total, earlier.get(m.machineId) ?? 0, t)})`}
                  {rate !== null && ` · ${t('threadbreaks.wall.rate', { rate: number(rate, FIXED_2) })}`}
                  {above && ' ↑'}
                </span>
              </li>
            )
          })}
        </ol>
        <WallMore count={fit.more} what="machines" lineRef={fit.moreRef} />
      </section>
    </div>
  )
}
