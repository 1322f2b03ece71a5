import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { useFactoryZone } from '../../api/core/app-config'
import { useMachines } from '../../api/machines/machines'
import { stopPartsQueryOptions } from '../../api/stops/stops'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { download } from '../../components/download'
import { HowComputed } from '../../components/how-computed'
import { useT } from '../../components/i18n'
import { QueryState } from '../../components/query-state'
import { Skeleton } from '../../components/skeleton'
import { toCsv } from '../../lib/csv'
import { durationInWords } from '../../lib/duration'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import { explainStops, longestUnexplained, type ReasonTotal } from '../../lib/stop-figures'
import { partKey, type StopPart } from '../../lib/stop-parts'
import { reasonName, type StopReason, type StopSettings } from '../../lib/stop-reasons'
import { ReasonDialog } from './reason-dialog'
import { reasonFill } from './reason-swatch'
import { sharePercent, useStopSettings } from './use-stops'

/** An unexplained bar: grey, hatched. */
const UNEXPLAINED = { colour: '#6b7280', pattern: 'cross' as const }

/**
 * Why the machines of `params` stood in its range: the explained share, the Pareto of stop time by reason
 * (unplanned apart from planned, "no reason given" among them) and by category, the longest stops without
 * a reason (each can be given one here), and the stop log with its reasons as CSV.
 */
export function ReasonsOfRange({ params, large = false }: { params: ReportParams; large?: boolean }) {
  const { t } = useT()
  const parts = useQuery(stopPartsQueryOptions(params.from, Math.ceil(params.till / 60) * 60))
  const settings = useStopSettings()
  const machines = useMachines()
  const [open, setOpen] = useState<StopPart | null>(null)
  const ids =
    Array.isArray(params.machineIds) && params.machineIds.length > 0 ? new Set(params.machineIds) : null
  const at = params.locationMachineIds ? new Set(params.locationMachineIds) : null
  const names = new Map((machines.data?.records ?? []).map((m) => [m.id, m.name]))
  const nameOf = (id: string) => names.get(id) ?? id
  return (
    <section aria-labelledby="reasons-heading" className="space-y-2">
      <h3 id="reasons-heading" className={large ? 'text-kiosk-md font-semibold' : 'text-lg font-semibold'}>
        {t('stops.range.title')}
      </h3>
      <QueryState query={parts} empty={null} loading={<Skeleton />}>
        {(data) => {
          if (!settings) return <Skeleton />
          const chosen = data.parts.filter(
            (p) => (!ids || ids.has(p.machineId)) && (!at || at.has(p.machineId)),
          )
          const e = explainStops(chosen, data.from, data.till, settings.reasons, data.thresholdMinutes)
          const longest = longestUnexplained(chosen, data.thresholdMinutes, large ? 5 : 10)
          return (
            <>
              <Explained e={e} threshold={data.thresholdMinutes} large={large} />
              <div className="grid gap-4 lg:grid-cols-2">
                <Pareto
                  title={t('stops.range.unplanned')}
                  totals={e.byReason.filter((r) => !r.planned)}
                  settings={settings}
                  large={large}
                />
                <Pareto
                  title={t('stops.range.planned')}
                  totals={e.byReason.filter((r) => r.planned)}
                  settings={settings}
                  large={large}
                />
              </div>
              {!large && e.byCategory.length > 0 && <Categories e={e} settings={settings} />}
              {!large && longest.length > 0 && <Longest parts={longest} nameOf={nameOf} onGive={setOpen} />}
              {!large && (
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                  <button
                    type="button"
                    className="min-h-11 rounded border border-gray-400 px-3 dark:border-gray-600"
                    onClick={() => downloadLog(chosen, settings, nameOf, t)}
                  >
                    {t('stops.range.csv')}
                  </button>
                  <Link to="/stops/explain" className="underline">
                    {t('app.nav.explain')}
                  </Link>
                  <Link to="/stops/settings" className="underline">
                    {t('stops.range.settings')}
                  </Link>
                </div>
              )}
              {open && (
                <ReasonDialog
                  part={open}
                  machineName={nameOf(open.machineId)}
                  onClose={() => setOpen(null)}
                />
              )}
            </>
          )
        }}
      </QueryState>
    </section>
  )
}

function Explained({
  e,
  threshold,
  large,
}: {
  e: ReturnType<typeof explainStops>
  threshold: number
  large: boolean
}) {
  const { t, number } = useT()
  const d = (ms: number) => durationInWords(ms / 1000)
  return (
    <div>
      <p className={large ? 'text-kiosk-lg font-bold' : 'text-2xl font-bold'}>
        {e.share === null
          ? t('stops.range.nothingAsked')
          : t('stops.words.explained', { percent: sharePercent(e.share, number) })}
      </p>
      {!large && (
        <HowComputed summary={t('stops.range.howSummary')}>
          <p>
            {t('stops.range.how', {
              stop: d(e.stopMs),
              explained: d(e.explainedMs),
              planned: d(e.plannedMs),
              unexplained: d(e.unexplainedMs),
              short: d(e.shortMs),
              minutes: threshold,
            })}
          </p>
        </HowComputed>
      )}
    </div>
  )
}

function Pareto({
  title,
  totals,
  settings,
  large,
}: {
  title: string
  totals: ReasonTotal[]
  settings: StopSettings
  /** on the wall: the wall's type, the largest few */
  large: boolean
}) {
  const { t } = useT()
  const max = Math.max(1, ...totals.map((r) => r.ms))
  const size = large ? '' : 'text-sm'
  return (
    <div>
      <h4 className="font-semibold">{title}</h4>
      {totals.length === 0 ? (
        <p className="text-sm">{t('stops.range.none')}</p>
      ) : (
        // a bar chart (data-chart: what the desk pages' first-screen measure counts as one)
        <ul className="space-y-1" data-chart="">
          {(large ? totals.slice(0, 6) : totals).map((r) => {
            const reason = settings.reasons.find((x) => x.id === r.reason)
            const name =
              r.reason === null ? t('stops.words.noReason') : reason ? reasonName(reason, t) : r.reason
            return (
              <li
                key={r.reason ?? '∅'}
                className={`grid items-center gap-2 ${large ? 'grid-cols-[minmax(12rem,24rem)_1fr]' : 'grid-cols-[minmax(8rem,14rem)_1fr]'}`}
              >
                <span className={`${size} break-words`}>{name}</span>
                <span className={`flex items-center gap-2 ${size} tabular-nums`}>
                  <span
                    aria-hidden="true"
                    className="h-4 rounded-sm border border-gray-500"
                    style={{
                      ...reasonFill(reason ?? UNEXPLAINED),
                      width: `${(r.ms / max) * (large ? 40 : 70)}%`,
                    }}
                  />
                  {/* on the wall one line a reason: the rows stay short enough for the page to fit */}
                  <span className={large ? 'whitespace-nowrap' : undefined}>
                    {t('stops.range.bar', { duration: durationInWords(r.ms / 1000), count: r.count })}
                  </span>
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}

function Categories({ e, settings }: { e: ReturnType<typeof explainStops>; settings: StopSettings }) {
  const { t } = useT()
  return (
    <table className="text-sm">
      <caption className="text-left font-semibold">{t('stops.range.byCategory')}</caption>
      <thead>
        <tr>
          <th scope="col" className="pr-4 text-left">
            {t('stops.range.category')}
          </th>
          <th scope="col" className="pr-4 text-right">
            {t('stops.range.time')}
          </th>
          <th scope="col" className="text-right">
            {t('stops.range.stops')}
          </th>
        </tr>
      </thead>
      <tbody>
        {e.byCategory.map((c) => {
          const category = settings.categories.find((x) => x.id === c.category)
          return (
            <tr key={c.category}>
              <th scope="row" className="pr-4 text-left font-normal">
                {category ? reasonName(category, t) : c.category}
              </th>
              <td className="pr-4 text-right tabular-nums">{durationInWords(c.ms / 1000)}</td>
              <td className="text-right tabular-nums">{c.count}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

function Longest({
  parts,
  nameOf,
  onGive,
}: {
  parts: StopPart[]
  nameOf: (id: string) => string
  onGive: (part: StopPart) => void
}) {
  const { t } = useT()
  const timeZone = useFactoryZone()
  return (
    <div>
      <h4 className="font-semibold">{t('stops.range.longest')}</h4>
      <ul className="space-y-1">
        {parts.map((p) => (
          <li key={partKey(p)} className="flex flex-wrap items-center gap-x-3">
            <span className="font-medium">{nameOf(p.machineId)}</span>
            <span className="tabular-nums">
              {formatFactoryDate(p.start, timeZone)} {formatFactoryTime(p.start, timeZone, false)} ·{' '}
              {durationInWords((p.end - p.start) / 1000)}
            </span>
            <button
              type="button"
              className="min-h-11 underline"
              onClick={() => onGive(p)}
              aria-label={t('stops.tile.label', {
                action: t('stops.explain.giveReason'),
                machine: nameOf(p.machineId),
              })}
            >
              {t('stops.explain.giveReason')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

function downloadLog(
  parts: readonly StopPart[],
  settings: StopSettings,
  nameOf: (id: string) => string,
  t: ReturnType<typeof useT>['t'],
) {
  const byId = new Map<string, StopReason>(settings.reasons.map((r) => [r.id, r]))
  const rows = [...parts]
    .sort((a, b) => a.start - b.start)
    .map((p) => {
      const reason = p.reason === null ? undefined : byId.get(p.reason)
      const category = reason ? settings.categories.find((c) => c.id === reason.category) : undefined
      return [
        nameOf(p.machineId),
        p.machineId,
        new Date(p.start).toISOString(),
        p.ongoing ? null : new Date(p.end).toISOString(),
        Math.round((p.end - p.start) / 6000) / 10,
        p.codes.join(' '),
        reason ? reasonName(reason, t) : p.reason,
        category ? reasonName(category, t) : null,
        reason ? reason.planned : null,
        p.source,
        p.by,
        p.givenAt === null ? null : new Date(p.givenAt).toISOString(),
        p.comment,
      ]
    })
  const header = [
    'machine',
    'id',
    'start',
    'end',
    'minutes',
    'status_codes',
    'reason',
    'category',
    'planned',
    'source',
    'given_by',
    'given_at',
    'comment',
  ]
  download('stops-with-reasons.csv', toCsv(header, rows), 'text/csv')
}
