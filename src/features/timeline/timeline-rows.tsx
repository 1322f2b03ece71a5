import { useQuery } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useMemo, useRef } from 'react'
import { Link } from 'react-router'
import type { FactoryTimeline } from '../../api/history/history'
import { stopPartsQueryOptions } from '../../api/stops/stops'
import { usePhone } from '../../components/fold-on-phone'
import { useT } from '../../components/i18n'
import { machinePath } from '../../components/machine-path'
import { StateTimeline, TimeAxis } from '../../components/state-timeline'
import type { Machine } from '../../lib/domain'
import type { StatusDictionary } from '../../lib/machine-state'
import { reasonName, type StopReason } from '../../lib/stop-reasons'
import { type TimelineSegment, timelineSegments } from '../../lib/timeline'
import { ReasonSwatch } from '../stops/reason-swatch'
import { useStopSettings } from '../stops/use-stops'
import { timelineRow } from './reserve'

/** The factory timeline's rows: a machine each, drawn as they scroll into view (1,000 machines cost what a
 * screenful does). */
export function TimelineRows({
  machines,
  data,
  codes,
  timeZone,
  ticks,
  designName,
  missing,
  reasons = false,
}: {
  machines: readonly Machine[]
  data: FactoryTimeline
  codes: StatusDictionary
  timeZone: string
  ticks: ReadonlyArray<{ at: number; label: string }>
  designName: (id: string) => string
  missing: ReadonlyArray<{ start: number; end: number; reason: string }>
  /** the stops' reasons over the rows, in their colours and patterns, with a legend */
  reasons?: boolean
}) {
  const { t } = useT()
  const overlays = useReasonOverlays(data, reasons)
  const shown = machines
  const name = designName
  const scroller = useRef<HTMLDivElement>(null)
  // a row's parts are worked out when it first scrolls into view and kept while the answer is the same
  const segmentsOf = useMemo(() => {
    const kept = new Map<string, readonly TimelineSegment[]>()
    return (machineId: string) => {
      let segments = kept.get(machineId)
      if (!segments) {
        segments = timelineSegments(
          data.machines.get(machineId) ?? [],
          data.from,
          data.till,
          codes,
          t,
          name,
          Number.POSITIVE_INFINITY,
          missing,
        )
        kept.set(machineId, segments)
      }
      return segments
    }
  }, [data, codes, t, name, missing])
  // on a phone a row is as tall as its name link's touch target, so that the targets do not overlap
  const row = timelineRow(usePhone())
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => row,
    overscan: 10,
    initialRect: { width: 1200, height: 600 },
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the row's height changes
  useEffect(() => virtualizer.measure(), [row, virtualizer])
  return (
    <div
      ref={scroller}
      className="max-h-[70vh] overflow-auto rounded border border-gray-300 dark:border-gray-700"
    >
      <div className="sticky top-0 z-10 grid grid-cols-[6rem_1fr] sm:grid-cols-[10rem_1fr] gap-2 bg-gray-100 px-2 py-1 dark:bg-gray-800">
        <span className="text-sm font-semibold">{t('timeline.rows.machine')}</span>
        <TimeAxis from={data.from} till={data.till} ticks={ticks} />
      </div>
      {/* every machine's states over one time axis: one chart (data-chart, as the desk pages' first-screen
          measure counts them), a strip a row */}
      <ul
        aria-label={t('timeline.rows.label')}
        data-chart=""
        className="m-0 list-none p-0"
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const m = shown[item.index]!
          return (
            <li
              key={m.id}
              className="absolute left-0 grid w-full grid-cols-[6rem_1fr] sm:grid-cols-[10rem_1fr] items-center gap-2 px-2"
              style={{ top: item.start, height: row }}
            >
              <Link to={machinePath(m.id)} className="truncate text-sm underline" title={m.name}>
                {m.name}
              </Link>
              <StateTimeline
                segments={segmentsOf(m.id)}
                from={data.from}
                till={data.till}
                timeZone={timeZone}
                label={t('timeline.rows.states', { machine: m.name })}
                height={20}
                compact
                overlay={overlays.byMachine.get(m.id)}
              />
            </li>
          )
        })}
      </ul>
      {reasons && overlays.legend.length > 0 && (
        <ul
          className="sticky bottom-0 flex flex-wrap gap-x-4 bg-gray-100 px-2 py-1 text-sm dark:bg-gray-800"
          aria-label={t('timeline.rows.reasonsLegend')}
        >
          {overlays.legend.map((r) => (
            <li key={r.id}>
              <ReasonSwatch reason={r} />
              {reasonName(r, t)}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

type Overlay = NonNullable<Parameters<typeof StateTimeline>[0]['overlay']>

/** The parts with a reason, by machine, in their reason's colour and pattern; the reasons shown. */
function useReasonOverlays(data: FactoryTimeline, on: boolean) {
  const parts = useQuery({
    ...stopPartsQueryOptions(Math.floor(data.from / 1000), Math.ceil(data.till / 1000)),
    enabled: on,
  })
  const settings = useStopSettings()
  return useMemo(() => {
    const byMachine = new Map<string, Overlay[number][]>()
    const legend = new Map<string, StopReason>()
    if (!on || !parts.data || !settings) return { byMachine, legend: [] }
    const reasons = new Map(settings.reasons.map((r) => [r.id, r]))
    for (const p of parts.data.parts) {
      const reason = p.reason === null ? undefined : reasons.get(p.reason)
      if (!reason) continue
      legend.set(reason.id, reason)
      const list = byMachine.get(p.machineId) ?? []
      list.push({ start: p.start, end: p.end, colour: reason.colour, pattern: reason.pattern })
      byMachine.set(p.machineId, list)
    }
    return { byMachine, legend: [...legend.values()] }
  }, [on, parts.data, settings])
}
