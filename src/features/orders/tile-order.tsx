import { useQuery } from '@tanstack/react-query'
import { ordersQueryOptions } from '../../api/orders/orders'
import { useT } from '../../components/i18n'
import type { OrderFinish } from '../../lib/order-finish'
import type { Order, OrderLine } from '../../lib/orders'

/** The open order line a machine sews now: of its loaded design and scheduled on it, due first. */
export function sewingNow(
  orders: readonly Order[],
  finishes: readonly OrderFinish[],
  machineId: string,
  designId: string,
): { order: Order; line: OrderLine; finish: OrderFinish | undefined } | null {
  const byOrder = new Map(finishes.map((f) => [f.orderId, f]))
  for (const order of orders) {
    if (order.doneAt !== null) continue
    const finish = byOrder.get(order.id)
    for (const line of order.lines)
      if (
        line.designId === designId &&
        line.doneAt === null &&
        finish?.lines.some((l) => l.lineId === line.id && l.machineIds.includes(machineId))
      )
        return { order, line, finish }
  }
  return null
}

/**
 * A board tile's line for the order its machine sews now: its reference, the pieces of its quantity, and
 * "late" or "at risk" when it is (the machine page and /orders say by how much and what would save it).
 * Loaded with the board's first standing or sewing machine, so the board's first load does not carry it.
 */
export function TileOrder({ machineId, designId }: { machineId: string; designId: string }) {
  const { t } = useT()
  const list = useQuery(ordersQueryOptions())
  if (!list.data?.available) return null
  const now = sewingNow(list.data.orders, list.data.finishes, machineId, designId)
  if (!now) return null
  const state = now.finish?.state
  return (
    <p className="text-sm tabular-nums">
      {t('orders.tile.sewing', {
        order: now.order.reference,
        made: now.line.made,
        quantity: now.line.quantity,
      })}
      {(state === 'late' || state === 'at-risk') && (
        <strong className="ml-1 text-red-800 dark:text-red-300">
          <span aria-hidden="true">▲ </span>
          {t(state === 'late' ? 'orders.tile.late' : 'orders.tile.atRisk')}
        </strong>
      )}
    </p>
  )
}
