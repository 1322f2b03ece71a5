import { lazy, Suspense, useMemo } from 'react'
import { CONTROL } from '../../components/form-styles'
import { marksOf } from '../../components/heatmap/heatmap-grid'
import { HeatmapLegend } from '../../components/heatmap/heatmap-legend'
import { useT } from '../../components/i18n'
import { NotInKiosk, useKiosk } from '../../components/kiosk/kiosk-context'
import { Skeleton } from '../../components/skeleton'
import { lazyPart, withMessages } from '../../components/with-messages'
import { breaksByMachine, trendInWords } from '../../lib/breaks-trend'
import type { ThreadbreakCount } from '../../lib/domain'
import { COMPARING } from './comparing-style'
import { MachineNote } from './machine-note'
import type { ThreadbreakParams } from './threadbreak-params'
import { type MachineLayout, threadbreakView } from './threadbreak-view'
import { WhereToLook } from './where-to-look'

// not needed for the default view's first paint: loaded when chosen
const BarSmallMultiples = lazyPart(
  'src/features/threadbreaks/bar-small-multiples.tsx',
  () => import('./bar-small-multiples'),
  (module) => module.BarSmallMultiples,
)
// the heatmaps' drawing code is fetched as soon as this page's code runs, beside the page's data (which
// takes longer), rather than before the page can show its controls and skeleton
const smallMultiples = withMessages(
  'src/components/heatmap/small-multiples.tsx',
  () => import('../../components/heatmap/small-multiples'),
)()
const HeatmapSmallMultiples = lazy(() => smallMultiples.then((m) => ({ default: m.HeatmapSmallMultiples })))
// the wall's own layout: only a kiosk loads it
const WallBreaks = lazyPart(
  'src/features/threadbreaks/wall-breaks.tsx',
  () => import('./wall-breaks'),
  (module) => module.WallBreaks,
)
const RowsView = lazyPart(
  'src/features/threadbreaks/rows-view.tsx',
  () => import('./rows-view'),
  (module) => module.RowsView,
)
const loadExport = () => withMessages('src/features/threadbreaks/export.ts', () => import('./export'))()

/** Where the hot-spot list looks: the page's rows (range null), or a longer range's. */
interface SpotSource {
  rows: readonly ThreadbreakCount[] | undefined
  earlier: readonly ThreadbreakCount[] | undefined
  /** the range before is still loading (its words' room is kept) */
  comparing: boolean
  range: string | null
}

/** The view of the rows: the total against the range before, exports, where to look first, and the
 * heatmaps, bars or rows (the wall's own layout in a kiosk). */
export function BreaksView({
  rows,
  layouts,
  hours,
  params,
  range,
  earlier,
  comparing,
  spots,
}: {
  rows: ThreadbreakCount[]
  layouts: MachineLayout[]
  hours: ReadonlyMap<string, number>
  params: ThreadbreakParams
  range: { text: string; stem: string }
  /** the rows of the range before (undefined while they load) */
  earlier: readonly ThreadbreakCount[] | undefined
  /** the range before is still loading: the words it will give keep their room, so nothing moves */
  comparing: boolean
  spots: SpotSource
}) {
  const { t } = useT()
  const { grouping, bobbin, reverse } = params
  const kiosk = useKiosk()
  const view = useMemo(
    () => threadbreakView(rows, layouts, { grouping, bobbin, reverse }, hours),
    [rows, layouts, grouping, bobbin, reverse, hours],
  )
  const total = view.machines.reduce((sum, m) => sum + m.total, 0)
  const earlierTotals = useMemo(() => (earlier ? breaksByMachine(earlier) : null), [earlier])
  const heatmaps = useMemo(
    () =>
      view.machines.map((m) => ({
        machineId: m.machineId,
        machineName: m.machineName,
        grid: m.grid ?? { heads: [], needles: [], counts: new Map() },
        marks: marksOf(m.spots),
        note: (
          <MachineNote
            machine={m}
            before={earlierTotals ? (earlierTotals.get(m.machineId) ?? 0) : comparing ? 'comparing' : null}
          />
        ),
      })),
    [view, earlierTotals, comparing],
  )
  // the hot spots of the page's range, or of the longer range the list defaults to
  const spotView = useMemo(
    () =>
      spots.range === null || !spots.rows
        ? null
        : threadbreakView(spots.rows as ThreadbreakCount[], layouts, { grouping, bobbin, reverse }),
    [spots.range, spots.rows, layouts, grouping, bobbin, reverse],
  )
  const where = (
    <WhereToLook
      view={view}
      spots={spots.range === null ? view.spots : (spotView?.spots ?? null)}
      longer={spots.range}
      earlier={spots.range === null ? earlier : spots.earlier}
      comparing={spots.range === null ? comparing : spots.comparing}
    />
  )
  const fileStem = `threadbreaks_${params.grouping}_${range.stem}`
  if (view.machines.length === 0) return <p>{t('threadbreaks.view.noMachines')}</p>
  const counted = { total, machines: view.machines.length, range: range.text }
  return (
    <div className="space-y-4">
      <p>
        {params.bobbin
          ? t('threadbreaks.view.summaryWithBobbin', counted)
          : t('threadbreaks.view.summaryWithoutBobbin', counted)}
        {earlier &&
          t('threadbreaks.view.trend', {
            trend: trendInWords(
              total,
              earlier.reduce((sum, r) => sum + r.count, 0),
              t,
            ),
          })}
        {!earlier && comparing && <span className={COMPARING}>{t('threadbreaks.view.comparing')}</span>}.
      </p>
      <NotInKiosk>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={CONTROL}
            onClick={() => void loadExport().then((m) => m.downloadCsv(`${fileStem}.csv`, view, t))}
          >
            {t('threadbreaks.view.downloadCsv')}
          </button>
          {params.grouping === 'HN' && (
            <button
              type="button"
              className={CONTROL}
              onClick={() =>
                void loadExport().then((m) => m.downloadPng(`${fileStem}.png`, view, range.text, t))
              }
            >
              {t('threadbreaks.view.downloadPng')}
            </button>
          )}
        </div>
      </NotInKiosk>
      {kiosk.on && params.grouping === 'HN' && params.view !== 'rows' ? (
        <Suspense fallback={<Skeleton />}>
          <WallBreaks
            view={view}
            heatmaps={heatmaps}
            cell={kiosk.cell}
            where={where}
            earlier={earlierTotals}
          />
        </Suspense>
      ) : (
        <div className="flex flex-col gap-4 xl:flex-row">
          {where}
          <div className="min-w-0 flex-1 space-y-2">
            {params.view === 'rows' ? (
              <Suspense fallback={<Skeleton />}>
                <RowsView machines={view.machines} grouping={params.grouping} />
              </Suspense>
            ) : (
              <>
                <HeatmapLegend max={view.max} />
                <p className="text-sm text-gray-700 dark:text-gray-300">
                  {params.grouping === 'HN'
                    ? t('threadbreaks.view.heatmapHelp')
                    : params.grouping === 'H'
                      ? t('threadbreaks.view.headBarsHelp')
                      : t('threadbreaks.view.needleBarsHelp')}
                </p>
                {params.grouping === 'HN' ? (
                  <Suspense fallback={<Skeleton />}>
                    <HeatmapSmallMultiples machines={heatmaps} max={view.max} cell={kiosk.cell} />
                  </Suspense>
                ) : (
                  <Suspense fallback={<Skeleton />}>
                    <BarSmallMultiples machines={view.machines} max={view.max} />
                  </Suspense>
                )}
              </>
            )}
          </div>
        </div>
      )}
    </div>
  )
}
