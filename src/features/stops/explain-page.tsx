import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { useCurrentShift, useFactoryZone, useStatusCodes } from '../../api/core/app-config'
import { useMachines } from '../../api/machines/machines'
import { stopPartsQueryOptions } from '../../api/stops/stops'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { DataAge, QueryState, useAnsweredAt } from '../../components/query-state'
import { Skeleton } from '../../components/skeleton'
import { durationInWords } from '../../lib/duration'
import { formatFactoryTime } from '../../lib/factory-time'
import { codeWords } from '../../lib/machine-state'
import { meaningLabel } from '../../lib/status-codes'
import { explainStops } from '../../lib/stop-figures'
import { needsReason, partKey, type StopPart } from '../../lib/stop-parts'
import { reasonName } from '../../lib/stop-reasons'
import { givenHere, ReasonDialog } from './reason-dialog'
import { sharePercent, useStopSettings } from './use-stops'

/** The newest this many are listed at first (a phone's few screens); the rest on request. */
const SHOWN = 20
/** Without shifts, the last this many hours are "this shift". */
const NO_SHIFT_HOURS = 8

/**
 * "Stops to explain" (phone first): this shift's stops of the threshold or longer without a reason, newest
 * first. A tap on one opens its reasons; a tap on a reason gives it. Read again whenever a reason is given
 * anywhere (the live stream) and every 15 s (a new stop).
 */
export function ExplainPage() {
  const { t } = useT()
  const now = useNow()
  const shift = useCurrentShift(now)
  if (shift === undefined) return <Skeleton />
  const from = shift ? shift.span[0] : now - NO_SHIFT_HOURS * 3600
  return (
    <div className="space-y-3 p-4">
      <h1 className="text-2xl font-semibold">{t('stops.explain.title')}</h1>
      <ToExplain from={from} till={now + 60} shiftName={shift?.shift.name ?? null} />
    </div>
  )
}

function ToExplain({ from, till, shiftName }: { from: number; till: number; shiftName: string | null }) {
  const { t, number } = useT()
  const parts = useQuery({ ...stopPartsQueryOptions(from, till), refetchInterval: 15_000 })
  const answeredAt = useAnsweredAt(parts.dataUpdatedAt)
  const settings = useStopSettings()
  const machines = useMachines()
  const codes = useStatusCodes()
  const timeZone = useFactoryZone()
  const [open, setOpen] = useState<StopPart | null>(null)
  const [told, setTold] = useState<string | null>(null)
  const [all, setAll] = useState(false)
  const names = new Map((machines.data?.records ?? []).map((m) => [m.id, m.name]))
  const nameOf = (id: string) => names.get(id) ?? id
  const time = (ms: number) => formatFactoryTime(ms, timeZone, false)
  return (
    <QueryState query={parts} empty={null} loading={<Skeleton />}>
      {(data) => {
        const threshold = data.thresholdMinutes
        const list = data.parts.filter((p) => needsReason(p, threshold)).sort((a, b) => b.start - a.start)
        const share = settings
          ? explainStops(data.parts, data.from, data.till, settings.reasons, threshold).share
          : null
        // a reason given here that another person has changed since
        const changed = data.parts.filter((p) => {
          const mine = givenHere.get(partKey(p))
          return mine !== undefined && p.source === 'person' && p.reason !== mine
        })
        return (
          <>
            <p>
              {shiftName
                ? t('stops.explain.introShift', { shift: shiftName, minutes: threshold })
                : t('stops.explain.intro', { hours: NO_SHIFT_HOURS, minutes: threshold })}
            </p>
            <p className="text-lg font-semibold">
              <span>
                {share === null
                  ? t('stops.explain.nothingAsked')
                  : t('stops.words.explained', { percent: sharePercent(share, number) })}
              </span>{' '}
              <Link to="/stops" className="font-normal underline">
                {t('stops.explain.whereWent')}
              </Link>
            </p>
            <p role="status" className="min-h-6">
              {told}
            </p>
            {changed.map((p) => {
              const reason = settings?.reasons.find((r) => r.id === p.reason)
              return (
                <p key={partKey(p)} role="status" className="rounded bg-amber-100 p-2 text-gray-950">
                  {t('stops.explain.changedBy', {
                    machine: nameOf(p.machineId),
                    name: p.by ?? '',
                    reason: reason ? reasonName(reason, t) : (p.reason ?? ''),
                  })}
                </p>
              )
            })}
            {list.length === 0 ? (
              <p className="text-lg">{t('stops.explain.allExplained')}</p>
            ) : (
              <ul className="space-y-2" aria-label={t('stops.explain.listLabel', { count: list.length })}>
                {(all ? list : list.slice(0, SHOWN)).map((p) => {
                  const duration = durationInWords((p.end - p.start) / 1000)
                  const codeNames = p.codes.map((code) => {
                    const meaning = code === null ? undefined : codes?.get(code)
                    return meaning ? meaningLabel(meaning, t) : codeWords(code, t)
                  })
                  return (
                    <li key={partKey(p)}>
                      <button
                        type="button"
                        onClick={() => setOpen(p)}
                        className="w-full rounded-lg border-2 border-gray-400 bg-white p-3 text-left hover:bg-gray-50 dark:border-gray-600 dark:bg-gray-900 dark:hover:bg-gray-800"
                      >
                        <span className="block text-xl font-bold">{nameOf(p.machineId)}</span>
                        <span className="block">
                          {p.ongoing
                            ? t('stops.dialog.since', { from: time(p.start), duration })
                            : t('stops.dialog.between', { from: time(p.start), till: time(p.end), duration })}
                        </span>
                        <span className="block text-gray-700 dark:text-gray-300">{codeNames.join(', ')}</span>
                        <span className="mt-1 block font-semibold text-blue-800 dark:text-blue-300">
                          {t('stops.explain.giveReason')}
                        </span>
                      </button>
                    </li>
                  )
                })}
              </ul>
            )}
            {!all && list.length > SHOWN && (
              <button
                type="button"
                className="min-h-11 rounded border border-gray-400 px-3 dark:border-gray-600"
                onClick={() => setAll(true)}
              >
                {t('stops.explain.showAll', { count: list.length })}
              </button>
            )}
            <DataAge updatedAt={answeredAt} />
            {open && (
              <ReasonDialog
                part={open}
                machineName={nameOf(open.machineId)}
                onClose={(given) => {
                  if (given)
                    setTold(t('stops.explain.given', { machine: nameOf(open.machineId), reason: given }))
                  setOpen(null)
                }}
              />
            )}
          </>
        )
      }}
    </QueryState>
  )
}
