import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useDesignsById } from '../../api/machines/designs'
import type { ReportParams } from '../../api/vendor-reports/report-params'
import { threadbreakEventsQueryOptions } from '../../api/vendor-reports/reports'
import { nearViewport, whenNearViewport } from '../../components/heatmap/near-viewport'
import { useT } from '../../components/i18n'
import {
  type LogSuggestion,
  logSuggestionsOf,
  type Suggestion,
  suggestionsOf,
} from '../../lib/break-assistant'
import type { ThreadbreakCount } from '../../lib/domain'
import { filterSearch, withParam } from '../../lib/filters'
import { CheckScore, CheckVerdictButtons } from './check-verdict'

/** The thread-break assistant on a machine's page: from the pattern of its breaks by head and needle, what
 * to check first, each with its evidence (src/lib/break-assistant.ts). The break log's patterns (speed,
 * stretches of a design) follow; the log is read once the section comes near the screen. */
export function BreakChecks({
  machineId,
  rows,
  heads,
  needles,
  params,
}: {
  machineId: string
  rows: readonly ThreadbreakCount[]
  heads: number
  needles: number
  /** the section's report filters (range, shift, bobbin), for the machine's break log */
  params: ReportParams
}) {
  const { t, number } = useT()
  const id = useId()
  const found = useMemo(
    () =>
      suggestionsOf(
        rows.flatMap((r) =>
          r.head !== null && r.needle !== null ? [{ head: r.head, needle: r.needle, count: r.count }] : [],
        ),
        heads,
        needles,
      ),
    [rows, heads, needles],
  )
  const place = useRef<HTMLElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = place.current
    if (near || !element) return
    if (nearViewport(element)) setNear(true)
    else return whenNearViewport(element, () => setNear(true))
  }, [near])
  const log = useQuery({
    ...threadbreakEventsQueryOptions({ ...params, machineIds: [machineId] }),
    enabled: near,
  })
  const fromLog = useMemo(
    () => (log.data ? logSuggestionsOf(log.data.records.filter((e) => e.machineId === machineId)) : []),
    [log.data, machineId],
  )
  const check = (s: Suggestion) =>
    s.kind === 'needle'
      ? t('machines.assist.needle', { needle: s.needle!, on: s.spread!.on, of: s.spread!.of })
      : s.kind === 'head'
        ? t('machines.assist.head', { head: s.head!, on: s.spread!.on, of: s.spread!.of })
        : t('machines.assist.cell', { head: s.head!, needle: s.needle! })
  return (
    <section ref={place} aria-labelledby={id} className="space-y-1">
      <h3 id={id} className="text-lg font-semibold">
        {t('machines.assist.title')}
      </h3>
      {found.length === 0 && fromLog.length === 0 ? (
        <p>{t('machines.assist.none')}</p>
      ) : (
        <ol className="list-decimal space-y-1 pl-[2em]">
          {found.map((s) => {
            const evidence = t('machines.assist.evidence', {
              count: s.count,
              ratio: number(s.ratio, { maximumFractionDigits: 1 }),
              expected: number(s.expected, { maximumFractionDigits: 1 }),
            })
            return (
              <li key={`${s.kind}|${s.head}|${s.needle}`}>
                <span className="font-semibold">{check(s)}</span> <span className="text-sm">{evidence}</span>{' '}
                <CheckVerdictButtons
                  machineId={machineId}
                  suggestion={s}
                  check={check(s)}
                  evidence={evidence}
                />
              </li>
            )
          })}
          {/* after the head and needle checks, which are there first: the list does not reorder as the log comes */}
          {fromLog.map((s) => (
            <LogCheck
              key={s.kind === 'speed' ? 'speed' : `stretch|${s.designId}|${s.stretch.from}`}
              machineId={machineId}
              suggestion={s}
            />
          ))}
        </ol>
      )}
      {log.isError ? (
        <p className="text-sm">{t('machines.assist.logFailed')}</p>
      ) : (
        log.data && fromLog.length === 0 && <p className="text-sm">{t('machines.assist.logNone')}</p>
      )}
      <CheckScore />
    </section>
  )
}

const ratioText = (ratio: number, number: ReturnType<typeof useT>['number']) =>
  number(ratio, { maximumFractionDigits: ratio < 10 ? 1 : 0 })

/** A check from the break log: speed, or a stretch of a design. */
function LogCheck({ machineId, suggestion: s }: { machineId: string; suggestion: LogSuggestion }) {
  const { t, number } = useT()
  const designs = useDesignsById()
  const [search] = useSearchParams()
  const speeds = (band: { from: number; to: number }) =>
    band.from === band.to ? number(band.from) : `${number(band.from)}–${number(band.to)}`
  const perThousand = (rate: number) =>
    number(rate * 1000, { maximumFractionDigits: rate * 1000 < 10 ? 2 : 1 })
  const target = { kind: s.kind, head: null, needle: null }
  if (s.kind === 'speed') {
    const check = t('machines.assist.speed', { from: s.fast.from })
    const evidence = t('machines.assist.speedEvidence', {
      fastRate: perThousand(s.fast.rate),
      fast: speeds(s.fast),
      slowRate: perThousand(s.slow.rate),
      slow: speeds(s.slow),
      ratio: Number.isFinite(s.ratio) ? ratioText(s.ratio, number) : '∞',
      count: s.fast.breaks,
      expected: number(s.expected, { maximumFractionDigits: 1 }),
    })
    return (
      <li>
        <span className="font-semibold">{check}</span> <span className="text-sm">{evidence}</span>{' '}
        <CheckVerdictButtons machineId={machineId} suggestion={target} check={check} evidence={evidence} />
      </li>
    )
  }
  const design = designs.data?.get(s.designId)?.name ?? s.designId
  const check = t('machines.assist.stretch', { design, from: s.stretch.from, to: s.stretch.to })
  const evidence = t('machines.assist.stretchEvidence', {
    count: s.stretch.count,
    ratio: ratioText(s.ratio, number),
    expected: number(s.stretch.expected, { maximumFractionDigits: 1 }),
    stitches: s.designStitches,
  })
  return (
    <li>
      <span className="font-semibold">{check}</span> <span className="text-sm">{evidence}</span>{' '}
      <CheckVerdictButtons machineId={machineId} suggestion={target} check={check} evidence={evidence} />{' '}
      <Link
        className="text-sm underline"
        to={{
          pathname: '/design-breaks',
          search: withParam(new URLSearchParams(filterSearch(search)), 'design', s.designId).toString(),
        }}
      >
        {t('machines.assist.stretchLink', { design })}
      </Link>
    </li>
  )
}
