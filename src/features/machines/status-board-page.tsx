import { memo, Suspense, useDeferredValue, useMemo } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { useAlertsInCache } from '../../api/alerts/alerts-cache'
import { useStatusCodes } from '../../api/core/app-config'
import { useDesignsById } from '../../api/machines/designs'
import { useLocations } from '../../api/machines/locations'
import { useMachines } from '../../api/machines/machines'
import { usePace } from '../../api/plan/pace'
import { WidgetErrorBoundary } from '../../components/error-boundary'
import { FilterBar } from '../../components/filters/filter-bar'
import { useFilters } from '../../components/filters/use-filters'
import { FoldOnPhone, settingsInSearch } from '../../components/fold-on-phone'
import { useT } from '../../components/i18n'
import { NotInKiosk, useKiosk } from '../../components/kiosk/kiosk-context'
import { LiveIndicator } from '../../components/live-indicator'
import { MalformedRecords } from '../../components/malformed-records'
import { useNow } from '../../components/now'
import { DataAge, QueryState } from '../../components/query-state'
import { Skeleton } from '../../components/skeleton'
import { StatusBadge } from '../../components/status-badge'
import { useElapsed } from '../../components/use-elapsed'
import { WhenIdle } from '../../components/when-idle'
import { lazyPart } from '../../components/with-messages'
import type { Alert, Machine } from '../../lib/domain'
import {
  type BoardState,
  boardState,
  boardSummary,
  callsOut,
  STATE_KEYS,
  type StatusDictionary,
  sortMachines,
} from '../../lib/machine-state'
import { naturalCompare } from '../../lib/natural-order'
import { BoardControls } from './board-controls'
import { BOARD_STATES, type BoardParams, boardParams, withBoardParams } from './board-params'
import { MachineTile } from './machine-tile'

/** The status board (home page): which machines are not sewing, since when, and why. */
export function StatusBoardPage() {
  const { t } = useT()
  const machines = useMachines()
  // asked beside the machines, not after them: the tiles wait for the design names (Board) and for the
  // pace, and asking when the machines have come made three round trips of two
  useDesignsById()
  usePace()
  const { filters } = useFilters()
  const [search, setSearch] = useSearchParams()
  const params = boardParams(search)
  const set = (patch: Partial<BoardParams>) =>
    setSearch((current) => withBoardParams(current, { ...boardParams(current), ...patch }))
  const wall = params.density === 'wall'
  const kiosk = useKiosk()
  return (
    <section
      className={kiosk.on && wall ? 'flex h-full flex-col gap-2 p-2' : `space-y-3 ${wall ? 'p-2' : 'p-4'}`}
      aria-labelledby="board-heading"
    >
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <h1 id="board-heading" className="text-2xl font-semibold">
          {t('machines.board.title')}
        </h1>
        <FoldOnPhone set={settingsInSearch(search, ['only', 'status'])}>
          <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
            <FilterBar show={['location', 'machines']} />
            <NotInKiosk>
              <BoardControls params={params} set={set} />
            </NotInKiosk>
          </div>
        </FoldOnPhone>
      </div>
      <WidgetErrorBoundary name={t('machines.board.widget')}>
        <QueryState
          query={machines}
          isEmpty={(data) => data.records.length === 0 && data.malformed.length === 0}
          empty={<p>{t('machines.board.noMachines')}</p>}
        >
          {(data) => (
            <>
              <MalformedRecords
                records={data.malformed}
                title={(count) => t('machines.board.malformed', { count })}
              />
              <Board
                records={data.records}
                location={filters.location}
                machineIds={filters.machines.join('\n')}
                params={params}
                set={set}
                updatedAt={machines.dataUpdatedAt}
              />
            </>
          )}
        </QueryState>
      </WidgetErrorBoundary>
    </section>
  )
}

/** How long the board waits for the design catalogue before it draws tiles without names. */
const DESIGNS_WAIT_MS = 1500

function Board({
  records,
  location: locationFilter,
  machineIds,
  params,
  set,
  updatedAt,
}: {
  records: Machine[]
  location: number | null | undefined
  /** the chosen machines' ids, one a line (a string, so that an unchanged choice is an unchanged value) */
  machineIds: string
  params: BoardParams
  set: (patch: Partial<BoardParams>) => void
  updatedAt: number
}) {
  const { t } = useT()
  // the same array while the answer and the filters are the same (the deferred tiles rely on it)
  const machines = useMemo(() => {
    const chosen = machineIds ? new Set(machineIds.split('\n')) : null
    return records.filter(
      (m) => (!locationFilter || m.locationId === locationFilter) && (!chosen || chosen.has(m.id)),
    )
  }, [records, locationFilter, machineIds])
  const now = useNow()
  const location = useLocation()
  const { nameOf } = useLocations()
  const designQuery = useDesignsById()
  const designs = designQuery.data
  const codes = useStatusCodes()
  const pace = usePace()
  const alerts = useAlertsInCache()
  const alertByMachine = useMemo(() => alertsByMachine(alerts?.alerts), [alerts])
  // the board is drawn once with design names rather than twice, unless the catalogue is slow
  const waited = useElapsed(DESIGNS_WAIT_MS)
  const { attentionMinutes, onlyAttention } = params
  const states = params.states.join(',')
  const attention = useMemo(
    () => new Set(codes ? machines.filter((m) => callsOut(m, now, attentionMinutes, codes)) : []),
    [machines, now, attentionMinutes, codes],
  )
  // the same array while what decides it is the same (the deferred tiles rely on it)
  const shown = useMemo(
    () =>
      codes
        ? machines.filter(
            (m) =>
              (!states || states.split(',').includes(boardState(m, now, codes))) &&
              (!onlyAttention || attention.has(m)),
          )
        : [],
    [machines, now, codes, states, onlyAttention, attention],
  )
  const deferred = {
    machines: useDeferredValue(shown),
    designs: useDeferredValue(designs),
    now: useDeferredValue(now),
    pace: useDeferredValue(pace),
    alerts: useDeferredValue(alertByMachine),
  }
  if (!codes || (designQuery.isPending && !waited)) return <Skeleton />
  const toggle = (state: BoardState) =>
    set({
      states: params.states.includes(state)
        ? params.states.filter((s) => s !== state)
        : [...params.states, state],
    })
  if (params.density === 'wall')
    return (
      <Suspense fallback={<Skeleton />}>
        <WallBoard
          machines={shown}
          attentionMinutes={params.attentionMinutes}
          codes={codes}
          designs={designs}
          now={now}
          linkSearch={location.search}
          locationName={(m) => nameOf(m.locationId) ?? null}
        />
      </Suspense>
    )
  const summary = boardSummary(machines, now, codes)
  return (
    <>
      <section aria-label={t('machines.board.summary')} className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          aria-pressed={params.onlyAttention}
          onClick={() => set({ onlyAttention: !params.onlyAttention })}
          className={`min-h-11 rounded-lg border-2 px-3 text-lg font-bold ${attention.size > 0 ? 'border-status-stopped bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100' : 'border-gray-400'} ${params.onlyAttention ? 'ring-4 ring-sky-500' : ''}`}
        >
          {attention.size > 0 && <span aria-hidden="true">⚠ </span>}
          {t('machines.attention.count', { count: attention.size })}
        </button>
        <p className="text-lg font-semibold">
          {t('machines.board.running', { percent: Math.round(summary.runningShare * 100) })}{' '}
          <span className="font-normal text-gray-700 dark:text-gray-300">
            {t('machines.board.runningOf', { running: summary.counts.running, total: summary.total })}
          </span>
        </p>
        {/* on a phone the chips, the codes' link and the pace fold behind one button, so that the first
            machine is wholly on the first screen (issue 55); in place on a desk */}
        <FoldOnPhone set={params.states.length} label={t('machines.board.statesAndPace')}>
          <ul className="flex flex-wrap gap-2">
            {BOARD_STATES.filter(
              (s) => summary.counts[s] > 0 || (s !== 'unknown' && s !== 'error' && s !== 'setup'),
            ).map((state) => (
              <li key={state}>
                <button
                  type="button"
                  aria-pressed={params.states.includes(state)}
                  onClick={() => toggle(state)}
                  className={`min-h-11 rounded ${params.states.includes(state) ? 'ring-4 ring-sky-500' : ''}`}
                >
                  <StatusBadge
                    state={state}
                    label={t('machines.board.stateCount', {
                      state: t(STATE_KEYS[state]),
                      count: summary.counts[state],
                    })}
                  />
                </button>
              </li>
            ))}
          </ul>
          <NotInKiosk>
            <Link
              to="/status-codes"
              className="text-sm underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center"
            >
              {t('machines.board.codesLink')}
            </Link>
          </NotInKiosk>
          {/* the shift against its plan (issue 36), in one line of its own, after the tiles (on a phone its
              code and questions before them cost 10 points of Lighthouse); its room held meanwhile, so the
              tiles below do not move when it comes */}
          <div className="min-h-[7.75rem] w-full sm:min-h-18 xl:min-h-12">
            <WhenIdle>
              <Suspense fallback={null}>
                <PaceSummary />
              </Suspense>
            </WhenIdle>
          </div>
        </FoldOnPhone>
        {/* a line of its own: beside the chips it wrapped under them when a chip came or grew, and
            every tile below jumped */}
        <div className="flex w-full flex-col sm:flex-row sm:flex-wrap sm:gap-x-4">
          <DataAge updatedAt={updatedAt} />
          <LiveIndicator />
        </div>
      </section>
      <TileGroups
        machines={deferred.machines}
        designs={deferred.designs}
        now={deferred.now}
        pace={deferred.pace}
        alerts={deferred.alerts}
        codes={codes}
        attentionMinutes={params.attentionMinutes}
        sort={params.sort}
        group={params.group}
        linkSearch={location.search}
      />
    </>
  )
}

/** Tiles after the first screen's are laid out and painted only when they come near the screen
 * (content-visibility), with a tile's usual height held meanwhile: on a phone, 40 of 44 tiles are off
 * screen at first. The first screen's tiles are drawn at once: placeholders there would jump. */
const SKIP_OFF_SCREEN = '[contain-intrinsic-size:auto_13rem] [content-visibility:auto]'

/** How many tiles the first screen holds, with a row to spare: the grid's columns (260 px and a 12 px
 * gap) by the rows of 13rem tiles the window's height takes. A phone (390×844) lays out 6 tiles at
 * first, not 24 (each laid-out tile was about 5 ms of a phone's first long layout); a 1440×900 desk 30. */
export function firstScreenTiles(width: number, height: number): number {
  const columns = Math.max(1, Math.floor((width + 12) / 272))
  const rows = Math.ceil(height / 208) + 1
  return columns * rows
}

/** The tiles, grouped and sorted. Drawn from deferred values: a new answer, the design names or the
 * minute's tick first update the summary above at once, then the tiles in a background render that React
 * cuts into slices (44 tiles were one task of 75 ms on a desk PC and 300 ms on a phone, during which the
 * page took no tap); memo keeps the tiles as they are when nothing they show has changed. */
/** The wall's density (the kiosk's board): its own code, not loaded by the desk's board. */
const WallBoard = lazyPart(
  'src/features/machines/wall-board.tsx',
  () => import('./wall-board'),
  (module) => module.WallBoard,
)

/** The shift's pace in one line: loaded after the board's own code, with its messages. */
const PaceSummary = lazyPart(
  'src/features/plan/pace-summary.tsx',
  () => import('../plan/pace-summary'),
  (module) => module.PaceSummary,
)

/** The open alert of each machine, the one nobody is on first (issue 19). */
function alertsByMachine(list: readonly Alert[] | undefined): ReadonlyMap<string, Alert> {
  const byMachine = new Map<string, Alert>()
  for (const a of list ?? []) {
    if (a.clearedAt !== null) continue
    const before = byMachine.get(a.machineId)
    if (!before || (before.acknowledgedAt !== null && a.acknowledgedAt === null))
      byMachine.set(a.machineId, a)
  }
  return byMachine
}

const TileGroups = memo(function TileGroups({
  machines,
  designs,
  now,
  pace,
  alerts,
  codes,
  attentionMinutes,
  sort,
  group: grouping,
  linkSearch,
}: {
  machines: Machine[]
  designs: ReturnType<typeof useDesignsById>['data']
  now: number
  pace: ReturnType<typeof usePace>
  alerts: ReadonlyMap<string, Alert>
  codes: StatusDictionary
  attentionMinutes: number
  sort: BoardParams['sort']
  group: BoardParams['group']
  linkSearch: string
}) {
  const { t } = useT()
  const { nameOf } = useLocations()
  const sorted = sortMachines(machines, sort, now, codes)
  // groups keep a fixed order (a wall should not reshuffle); machines within follow the sort
  const groups = new Map<string, Machine[]>()
  for (const m of sorted) {
    const name =
      grouping === 'location'
        ? (nameOf(m.locationId) ?? t('machines.board.noLocation'))
        : t('machines.board.allMachines')
    const list = groups.get(name)
    if (list) list.push(m)
    else groups.set(name, [m])
  }
  // in the order the groups are drawn: the first tiles fill the first screen even on a wall
  const drawn = [...groups].sort(([a], [b]) => naturalCompare(a, b))
  const firstScreen = new Set(
    drawn
      .flatMap(([, list]) => list)
      .slice(0, firstScreenTiles(window.innerWidth, window.innerHeight))
      .map((m) => m.id),
  )
  return (
    <>
      {sorted.length === 0 && <p>{t('machines.board.noMatch')}</p>}
      {drawn.map(([name, list]) => (
        <section key={name} aria-label={name}>
          <h2 className={grouping === 'location' ? 'mb-2 text-xl font-semibold' : 'sr-only'}>
            {name} <span className="font-normal text-gray-600 dark:text-gray-400">({list.length})</span>
          </h2>
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(260px,1fr))] gap-3">
            {list.map((m) => (
              <li key={m.id} className={firstScreen.has(m.id) ? undefined : SKIP_OFF_SCREEN}>
                <MachineTile
                  machine={m}
                  designs={designs}
                  now={now}
                  attentionMinutes={attentionMinutes}
                  linkSearch={linkSearch}
                  codes={codes}
                  pace={pace?.byMachine.get(m.id) ?? null}
                  alert={alerts.get(m.id) ?? null}
                  location={grouping === 'location' ? null : (nameOf(m.locationId) ?? null)}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  )
})
