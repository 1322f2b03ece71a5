import { useT } from '../../components/i18n'
import { roughDurationInWords } from '../../lib/duration'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import type { Translator } from '../../lib/i18n/translator'
import type { OrderFinish, SaveSuggestion } from '../../lib/order-finish'
import type { Order } from '../../lib/orders'

export const LATE = 'font-semibold text-red-800 dark:text-red-300'
const AT_RISK = 'font-semibold text-amber-800 dark:text-amber-300'

/** How urgent an order is on the list: late first, then at risk, then the rest (each due first). */
export function urgency(order: Order, finish: OrderFinish | undefined, now: number): number {
  if (order.doneAt !== null) return 3
  if (order.dueAt < now || finish?.state === 'late') return 0
  return finish?.state === 'at-risk' ? 1 : 2
}

/** What would save a late order, in words ("To save it: add North 04 (free from 13:20)"); `time` says
 * when the machine is free. */
export function saveWords(save: SaveSuggestion, t: Translator['t'], time: (at: number) => string): string {
  if (save.kind === 'add-machine')
    return t('orders.save.addMachine', { machine: save.name, time: time(save.freeAt) })
  if (save.kind === 'short') return t('orders.save.short', { hours: save.hours })
  return save.shift
    ? t('orders.save.overtime', { hours: save.hours, shift: save.shift })
    : t('orders.save.overtimeAnyShift', { hours: save.hours })
}

/** Whether an order is late or may be: what the wall and the alert speak of. */
export const atRisk = (finish: OrderFinish | undefined) =>
  finish?.state === 'late' || finish?.state === 'at-risk'

/**
 * An order's finish in words: "On time, 5 h to spare" or "Late by about 3 h", when it is expected with its
 * spread, what it was worked out from when that is less than the machines' passes, and what would save a
 * late one ("Add North 04, free from 13:20" or "3 h more on the Late shift").
 */
export function FinishWords({
  order,
  finish,
  now,
  timeZone,
  designName,
}: {
  order: Order
  finish: OrderFinish | undefined
  now: number
  timeZone: string
  designName: (id: string) => string
}) {
  const { t } = useT()
  if (order.doneAt !== null)
    return (
      <span>
        {t('orders.state.done', {
          when: t('orders.when', {
            date: formatFactoryDate(order.doneAt, timeZone),
            time: formatFactoryTime(order.doneAt, timeZone, false),
          }),
        })}
      </span>
    )
  /** the time alone on the day of `day` (today by default), else with its date */
  const time = (at: number, day = now) =>
    formatFactoryDate(at, timeZone) === formatFactoryDate(day, timeZone)
      ? formatFactoryTime(at, timeZone, false)
      : t('orders.when', {
          date: formatFactoryDate(at, timeZone),
          time: formatFactoryTime(at, timeZone, false),
        })
  if (!finish)
    return (
      <span className={order.dueAt < now ? LATE : ''}>
        {t(order.dueAt < now ? 'orders.state.overdue' : 'orders.state.open')}
      </span>
    )
  const { state, finishAt, earliestAt, latestAt, marginMs, save } = finish
  const headline =
    order.dueAt < now
      ? t('orders.state.overdue')
      : state === 'unknown'
        ? t('orders.finish.unknown')
        : finishAt === null
          ? t('orders.finish.beyond')
          : state === 'late'
            ? t('orders.finish.late', { late: roughDurationInWords(-(marginMs ?? 0) / 1000) })
            : state === 'at-risk'
              ? t('orders.finish.atRisk', { spare: roughDurationInWords((marginMs ?? 0) / 1000) })
              : t('orders.finish.onTime', { spare: roughDurationInWords((marginMs ?? 0) / 1000) })
  const unknownDesigns = finish.lines
    .filter((l) => l.machineIds.length === 0)
    .map((l) => designName(l.designId))
  const fromStitches = finish.lines.some((l) => l.source === 'stitches')
  const sewingOnly = finish.lines.some((l) => !l.betweenLearned)
  return (
    <div className="space-y-0.5">
      <p className={state === 'late' || order.dueAt < now ? LATE : state === 'at-risk' ? AT_RISK : ''}>
        {state === 'late' || order.dueAt < now ? '▲ ' : state === 'at-risk' ? '△ ' : ''}
        {headline}
      </p>
      {finishAt !== null && (
        <p>
          {earliestAt === null || latestAt === null || latestAt - earliestAt < 60_000
            ? t('orders.finish.expectedAt', { when: time(finishAt) })
            : t('orders.finish.expected', {
                when: time(finishAt),
                earliest: time(earliestAt, finishAt),
                latest: time(latestAt, finishAt),
              })}
        </p>
      )}
      {unknownDesigns.length > 0 && (
        <p className="text-xs">{t('orders.finish.noMachine', { designs: unknownDesigns.join(', ') })}</p>
      )}
      {fromStitches && <p className="text-xs">{t('orders.finish.fromStitches')}</p>}
      {sewingOnly && <p className="text-xs">{t('orders.finish.sewingOnly')}</p>}
      {save && <p className="font-semibold">{saveWords(save, t, time)}</p>}
    </div>
  )
}
