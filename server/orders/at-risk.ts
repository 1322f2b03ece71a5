import type { OrderAtRisk } from '../alerts/rules'
import { HORIZON_DAYS, type OrderFinishes } from './finish'
import type { OrderStore } from './store'

/**
 * The open orders late or at risk, for the orders alert rule: worked out at most once a minute (the
 * alerts are evaluated at every poll), and at once after this instance changed an order or counted
 * pieces, each with when it was first seen so. When the finishes cannot be
 * worked out, the last good answer stands, so a passing upstream failure neither raises nor clears.
 */
export function ordersAtRisk(
  store: OrderStore,
  finishes: OrderFinishes,
  now: () => number,
  everyMs = 60_000,
): () => Promise<readonly OrderAtRisk[]> {
  let kept: { at: number; changes: number; list: Promise<readonly OrderAtRisk[]> } | null = null
  let lastGood: readonly OrderAtRisk[] = []
  const since = new Map<number, number>()
  const read = async (at: number): Promise<readonly OrderAtRisk[]> => {
    const open = await store.list(at)
    const result = await finishes.finishes(open)
    if (typeof result === 'string') return lastGood
    const list: OrderAtRisk[] = []
    for (const order of open) {
      const finish = result.byOrder.get(order.id)
      if (!finish || (finish.state !== 'late' && finish.state !== 'at-risk')) continue
      list.push({
        id: order.id,
        reference: order.reference,
        customer: order.customer,
        dueAt: order.dueAt,
        late: finish.state === 'late',
        // no finish known: its due time has passed (no machine can sew it), or it is not finished within
        // the schedule's 4 weeks (late by at least the part of them after its due time)
        marginMs:
          finish.marginMs ??
          (finish.unknown === 'no-machine'
            ? order.dueAt - at
            : order.dueAt - (at + HORIZON_DAYS * 86_400_000)),
        since: since.get(order.id) ?? at,
      })
    }
    since.clear()
    for (const o of list) since.set(o.id, o.since)
    lastGood = list
    return list
  }
  return () => {
    const at = now()
    if (!kept || at - kept.at >= everyMs || kept.changes !== store.changes) {
      const changes = store.changes
      const list = read(at).catch(() => lastGood)
      kept = { at, changes, list }
    }
    return kept.list
  }
}
