import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from 'react-router'
import { useFactoryZone } from '../../api/core/app-config'
import { designLabel, useDesignsById } from '../../api/machines/designs'
import { ordersQueryOptions } from '../../api/orders/orders'
import { useT } from '../../components/i18n'
import { useNow } from '../../components/now'
import { FinishWords } from './order-finish'

/** Orders a machine's page lists at most: the one it sews now and what follows. */
const MAX_SHOWN = 3

/**
 * The machine page's section: the open orders scheduled on this machine (the one of its loaded design
 * first), each with its pieces of its quantity and its finish; nothing when it has none.
 */
export function MachineOrder({ machineId, designId }: { machineId: string; designId: string | null }) {
  const { t } = useT()
  const headingId = useId()
  const timeZone = useFactoryZone()
  const now = useNow() * 1000
  const list = useQuery(ordersQueryOptions())
  const designs = useDesignsById()
  if (!list.data) return null
  const finishes = new Map(list.data.finishes.map((f) => [f.orderId, f]))
  const mine = list.data.orders
    .filter((o) => o.doneAt === null)
    .flatMap((order) =>
      order.lines.flatMap((line) =>
        finishes.get(order.id)?.lines.some((l) => l.lineId === line.id && l.machineIds.includes(machineId))
          ? [{ order, line }]
          : [],
      ),
    )
    // the line of the design on the machine first, then as scheduled (due first)
    .sort((a, b) => Number(b.line.designId === designId) - Number(a.line.designId === designId))
    .slice(0, MAX_SHOWN)
  if (mine.length === 0) return null
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-lg font-semibold">
        <Link className="underline" to="/orders">
          {t('orders.machine.heading')}
        </Link>
      </h2>
      <ul className="space-y-2">
        {mine.map(({ order, line }) => (
          <li key={line.id} className="rounded border border-gray-300 p-2 dark:border-gray-700">
            <p>
              {t(line.designId === designId ? 'orders.machine.sewing' : 'orders.machine.next', {
                order: order.reference,
                customer: order.customer,
              })}
            </p>
            <p className="tabular-nums">
              {t('orders.lineProgress', {
                design: designLabel(designs.data, line.designId),
                made: line.made,
                quantity: line.quantity,
              })}
            </p>
            <FinishWords
              order={order}
              finish={finishes.get(order.id)}
              now={now}
              timeZone={timeZone}
              designName={(id) => designLabel(designs.data, id)}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}
