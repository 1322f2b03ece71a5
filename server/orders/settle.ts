import type { Tx } from '../history/db'
import { iso } from '../history/store'

/** Marks the lines and orders of `orderIds` done (or open again) as their counts say; returns the orders
 * that became done. */
export async function settle(tx: Tx, orderIds: readonly number[], at: number): Promise<number[]> {
  if (orderIds.length === 0) return []
  await tx.query(
    `update order_lines set done_at = case when made >= quantity then coalesce(done_at, $2::timestamptz) end
     where order_id = any($1::bigint[])`,
    [orderIds, iso(at)],
  )
  const rows = await tx.query<{ id: unknown }>(
    `update orders o set done_at = $2
     where o.id = any($1::bigint[]) and o.done_at is null
       and not exists (select 1 from order_lines l where l.order_id = o.id and l.done_at is null)
       and exists (select 1 from order_lines l where l.order_id = o.id)
     returning o.id`,
    [orderIds, iso(at)],
  )
  await tx.query(
    `update orders o set done_at = null
     where o.id = any($1::bigint[]) and o.done_at is not null
       and exists (select 1 from order_lines l where l.order_id = o.id and l.done_at is null)`,
    [orderIds],
  )
  return rows.map((r) => Number(r.id))
}
