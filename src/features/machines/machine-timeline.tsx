import { useId } from 'react'
import { useSearchParams } from 'react-router'
import { useKnownFactoryZone, useStatusCodes } from '../../api/core/app-config'
import { useMachineTimeline } from '../../api/history/history'
import { designLabel, useDesignsById } from '../../api/machines/designs'
import { FactoryTime } from '../../components/factory-time'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
import { withNodes } from '../../components/message-nodes'
import { useNow } from '../../components/now'
import { QueryState } from '../../components/query-state'
import { Skeleton } from '../../components/skeleton'
import { StateTimeline } from '../../components/state-timeline'
import type { Machine } from '../../lib/domain'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import { withParam } from '../../lib/filters'
import type { MessageKey } from '../../lib/i18n/translator'
import { durationInWords, type StatusDictionary } from '../../lib/machine-state'
import { stopsOf, ticksOf, timelineSegments, unrecorded } from '../../lib/timeline'
import { BeforeRecording } from '../timeline/before-recording'
import { boardParams } from './board-params'

const SPANS: Record<'1d' | '7d', { days: number; title: MessageKey; label: MessageKey }> = {
  '1d': { days: 1, title: 'machines.timeline.title1d', label: 'machines.timeline.label1d' },
  '7d': { days: 7, title: 'machines.timeline.title7d', label: 'machines.timeline.label7d' },
}
type Span = keyof typeof SPANS

/** The machine's states over the last 24 hours or 7 days, from the server's history (issue 18): a strip,
 * and the stops longer than the board's threshold in words. */
export function MachineTimeline({ machine }: { machine: Machine }) {
  const { t } = useT()
  const [search, setSearch] = useSearchParams()
  const span: Span = search.get('timeline') === '1d' ? '1d' : '7d'
  const now = useNow()
  // a whole minute, so the query's key changes once a minute, not on every render
  const till = Math.floor(now / 60) * 60_000 + 60_000
  const from = till - SPANS[span].days * 86_400_000
  const timeline = useMachineTimeline(machine.id, from, till)
  const codes = useStatusCodes()
  const timeZone = useKnownFactoryZone()
  const id = useId()
  return (
    <section aria-labelledby={id} className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id={id} className="text-xl font-semibold">
          {t(SPANS[span].title)}
        </h2>
        <label className="flex flex-col text-sm">
          {t('machines.timeline.show')}
          <select
            className={CONTROL}
            value={span}
            onChange={(e) =>
              setSearch((current) =>
                withParam(current, 'timeline', e.target.value === '7d' ? null : e.target.value),
              )
            }
          >
            <option value="1d">{t('machines.timeline.last24h')}</option>
            <option value="7d">{t('machines.timeline.last7d')}</option>
          </select>
        </label>
      </div>
      <QueryState query={timeline} empty={null} loading={<Skeleton reserve="8.5rem" />}>
        {(data) =>
          codes && timeZone ? (
            <TimelineBody
              machine={machine}
              data={data}
              codes={codes}
              timeZone={timeZone}
              attentionMinutes={boardParams(search).attentionMinutes}
              spanLabel={SPANS[span].label}
            />
          ) : null
        }
      </QueryState>
    </section>
  )
}

function TimelineBody({
  machine,
  data,
  codes,
  timeZone,
  attentionMinutes,
  spanLabel,
}: {
  machine: Machine
  data: NonNullable<ReturnType<typeof useMachineTimeline>['data']>
  codes: StatusDictionary
  timeZone: string
  attentionMinutes: number
  /** the strip's name for its span (a message taking {machine} and {from}) */
  spanLabel: MessageKey
}) {
  const { t } = useT()
  const designs = useDesignsById().data
  const name = (designId: string) => designLabel(designs, designId)
  const missing = unrecorded(data.from, data.till, data.recordingSince, data.gaps, t)
  const segments = timelineSegments(
    data.intervals,
    data.from,
    data.till,
    codes,
    t,
    name,
    attentionMinutes * 60,
    missing,
  )
  const stops = stopsOf(machine.id, data.intervals, data.from, data.till, codes, t, attentionMinutes * 60)
  return (
    <div className="space-y-2">
      <StateTimeline
        segments={segments}
        from={data.from}
        till={data.till}
        timeZone={timeZone}
        ticks={ticksOf(data.from, data.till, timeZone)}
        label={t(spanLabel, {
          machine: machine.name,
          from: `${formatFactoryDate(data.from, timeZone)} ${formatFactoryTime(data.from, timeZone, false)}`,
        })}
      />
      <p className="flex justify-between text-xs text-gray-700 tabular-nums dark:text-gray-300">
        <span>
          <FactoryTime epochMs={data.from} format="date" />{' '}
          <FactoryTime epochMs={data.from} withSeconds={false} />
        </span>
        <span>{t('machines.timeline.now')}</span>
      </p>
      <BeforeRecording
        scope={{ machineIds: [machine.id] }}
        from={data.from}
        till={data.till}
        recordingSince={data.recordingSince}
      />
      <h3 className="font-semibold">
        {t('machines.timeline.stopsLonger', { minutes: attentionMinutes, count: stops.length })}
      </h3>
      {stops.length > 0 && (
        <ol className="list-decimal space-y-0.5 pl-6 text-sm">
          {stops.slice(0, 10).map((s) => (
            <li key={s.start}>
              {withNodes(
                (m) => {
                  const values = {
                    ...m,
                    what:
                      s.code === null
                        ? s.label
                        : t('machines.timeline.stopWithCode', { label: s.label, code: String(s.code) }),
                    duration: durationInWords(Math.round((s.end - s.start) / 1000)),
                  }
                  return s.atLeast
                    ? t('machines.timeline.stopAtLeast', values)
                    : t('machines.timeline.stop', values)
                },
                {
                  date: <FactoryTime epochMs={s.start} format="date" />,
                  time: <FactoryTime epochMs={s.start} withSeconds={false} />,
                },
              )}
              {s.ongoing ? `, ${t('machines.timeline.stillGoing')}` : ''}
              {s.designId ? `, ${name(s.designId)}` : ''}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
