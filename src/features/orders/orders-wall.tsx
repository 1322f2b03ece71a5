import { useQuery } from '@tanstack/react-query'
import { useFactoryZone } from '../../api/core/app-config'
import { ordersQueryOptions } from '../../api/orders/orders'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { QueryState } from '../../components/query-state'
import { roughDurationInWords } from '../../lib/duration'
import { formatFactoryDate, formatFactoryTime, localDateKey } from '../../lib/factory-time'
import type { OrderFinish } from '../../lib/order-finish'
import { type Order, orderProgress } from '../../lib/orders'
import { saveWords } from './order-finish'

/** Orders a wall lists at most: read from 5 m at a glance. */
const MAX_ON_WALL = 6

/**
 * The orders on the wall: today's orders (due by the end of the factory's day, or overdue) that are late or
 * at risk, large, each with what would save it; those on time are only counted, quietly.
 */
export function OrdersWall() {
  const { t } = useT()
  const timeZone = useFactoryZone()
  const now = useNow() * 1000
  const list = useQuery(ordersQueryOptions())
  const today = localDateKey(Math.floor(now / 1000), timeZone)
  return (
    <div className="space-y-6 p-6">
      <QueryState query={list} empty={<p className="text-3xl">{t('orders.none')}</p>} isEmpty={() => false}>
        {(data) => {
          const finishes = new Map(data.finishes.map((f) => [f.orderId, f]))
          const dueToday = data.orders.filter(
            (o) => o.doneAt === null && localDateKey(Math.floor(o.dueAt / 1000), timeZone) <= today,
          )
          const risky = (o: Order) => {
            const state = finishes.get(o.id)?.state
            return o.dueAt < now || state === 'late' || state === 'at-risk'
          }
          const atRisk = dueToday.filter(risky).sort((a, b) => a.dueAt - b.dueAt)
          const onTime = dueToday.length - atRisk.length
          return (
            <>
              {atRisk.length === 0 ? (
                <p className="text-4xl text-gray-700 dark:text-gray-300">{t('orders.wall.allOnTime')}</p>
              ) : (
                <ul aria-label={t('orders.wall.label')} className="space-y-5">
                  {atRisk.slice(0, MAX_ON_WALL).map((order) => (
                    <WallOrder
                      key={order.id}
                      order={order}
                      finish={finishes.get(order.id)}
                      now={now}
                      timeZone={timeZone}
                    />
                  ))}
                </ul>
              )}
              {atRisk.length > MAX_ON_WALL && (
                <p className="text-3xl">{t('orders.wall.more', { count: atRisk.length - MAX_ON_WALL })}</p>
              )}
              {atRisk.length > 0 && onTime > 0 && (
                <p className="text-3xl text-gray-700 dark:text-gray-300">
                  {t('orders.wall.onTime', { count: onTime })}
                </p>
              )}
            </>
          )
        }}
      </QueryState>
    </div>
  )
}

function WallOrder({
  order,
  finish,
  now,
  timeZone,
}: {
  order: Order
  finish: OrderFinish | undefined
  now: number
  timeZone: string
}) {
  const { t } = useT()
  const { made, quantity } = orderProgress(order)
  const due =
    formatFactoryDate(order.dueAt, timeZone) === formatFactoryDate(now, timeZone)
      ? formatFactoryTime(order.dueAt, timeZone, false)
      : t('orders.when', {
          date: formatFactoryDate(order.dueAt, timeZone),
          time: formatFactoryTime(order.dueAt, timeZone, false),
        })
  const late = order.dueAt < now || finish?.state === 'late'
  const state =
    order.dueAt < now
      ? t('orders.state.overdue')
      : finish?.state === 'late' && finish.marginMs !== null
        ? t('orders.finish.late', { late: roughDurationInWords(-finish.marginMs / 1000) })
        : finish?.state === 'late'
          ? t('orders.finish.beyond')
          : t('orders.wall.atRisk', { spare: roughDurationInWords((finish?.marginMs ?? 0) / 1000) })
  const save = finish?.save
  return (
    <li
      className={`rounded border-l-8 p-4 ${late ? 'border-red-700 bg-red-50 dark:bg-red-950' : 'border-amber-600 bg-amber-50 dark:bg-amber-950'}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-6 text-5xl font-bold">
        <span>{order.reference}</span>
        <span className={late ? 'text-red-800 dark:text-red-300' : 'text-amber-800 dark:text-amber-300'}>
          {late ? '▲ ' : '△ '}
          {state}
        </span>
      </p>
      <p className="mt-2 text-3xl">
        {t('orders.wall.detail', { customer: order.customer, due, made, quantity })}
      </p>
      {save && (
        <p className="mt-2 text-3xl font-semibold">
          {saveWords(save, t, (at) => formatFactoryTime(at, timeZone, false))}
        </p>
      )}
    </li>
  )
}
