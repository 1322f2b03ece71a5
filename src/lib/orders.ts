/**
 * The order book's rules, as pure functions: which order line the pieces a machine made go to, and when
 * a line and an order are done. The server applies them as the pieces come in (server/orders/); the pages
 * show their result.
 */

/** Pieces of a line at most, and of a correction at once: ten million. */
export const MAX_ORDER_QUANTITY = 10_000_000
/** Lines an order may have. */
export const MAX_ORDER_LINES = 50

export const ORDER_PRIORITIES = ['low', 'normal', 'high'] as const
export type OrderPriority = (typeof ORDER_PRIORITIES)[number]

export interface OrderLine {
  id: number
  designId: string
  quantity: number
  /** pieces counted for it: the machines' and the corrections', never below 0 */
  made: number
  /** when its quantity was reached (ms), null while open */
  doneAt: number | null
}

export interface Order {
  id: number
  reference: string
  customer: string
  /** due (ms) */
  dueAt: number
  priority: OrderPriority
  /** the machines it is meant for; empty: any machine that sews its designs */
  machineIds: readonly string[]
  note: string
  lines: readonly OrderLine[]
  createdAt: number
  createdBy: string
  updatedAt: number
  updatedBy: string
  /** raised by every change: a change names the version it was made on, and a stale one is refused */
  version: number
  /** when its last line was done (ms), null while open */
  doneAt: number | null
}

/** One count of an order's line: the pieces a machine made in a span, or a person's correction or rejects,
 * with its reason. */
export interface OrderEntry {
  id: number
  lineId: number
  kind: 'machine' | 'correction' | 'scrap'
  machineId: string | null
  pieces: number
  /** the span a machine's pieces were made in (ms), null for a person's */
  from: number | null
  till: number | null
  reason: string | null
  by: string | null
  at: number
}

/** Pieces one machine made of one design in a span (the vendor's number-of-pieces report). */
export interface MadePieces {
  machineId: string
  designId: string
  pieces: number
}

/** An order line still open, as the allocation weighs it. */
export interface OpenLine {
  lineId: number
  designId: string
  /** pieces still to make */
  remaining: number
  dueAt: number
  priority: OrderPriority
  machineIds: readonly string[]
  /** the order's creation, then its id: the older order first when all else is equal */
  createdAt: number
  orderId: number
}

export interface Allocation {
  lineId: number
  machineId: string
  pieces: number
}

const PRIORITY_RANK: Record<OrderPriority, number> = { high: 0, normal: 1, low: 2 }

/** How near a line is to this machine's pieces: pinned to it, open to any machine, pinned elsewhere. */
const nearness = (line: OpenLine, machineId: string) =>
  line.machineIds.length === 0 ? 1 : line.machineIds.includes(machineId) ? 0 : 2

/**
 * The lines `made` pieces go to. A machine's pieces of a design go first to the lines of that design whose
 * order is meant for that machine, then to orders meant for any machine, then to orders meant for other
 * machines; within each, due first, then by priority, then the older order. A line takes at most what it
 * still needs; pieces that no line needs are left out (they were made for no open order).
 */
export function allocatePieces(made: readonly MadePieces[], lines: readonly OpenLine[]): Allocation[] {
  const remaining = new Map(lines.map((l) => [l.lineId, Math.max(0, l.remaining)]))
  const out: Allocation[] = []
  // machines in a fixed order, so that the same pieces always go to the same lines
  const sorted = [...made]
    .filter((m) => m.pieces > 0)
    .sort((a, b) => a.machineId.localeCompare(b.machineId) || a.designId.localeCompare(b.designId))
  for (const { machineId, designId, pieces } of sorted) {
    let left = pieces
    const candidates = lines
      .filter((l) => l.designId === designId)
      .sort(
        (a, b) =>
          nearness(a, machineId) - nearness(b, machineId) ||
          a.dueAt - b.dueAt ||
          PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
          a.createdAt - b.createdAt ||
          a.orderId - b.orderId ||
          a.lineId - b.lineId,
      )
    for (const line of candidates) {
      if (left === 0) break
      const need = remaining.get(line.lineId) ?? 0
      if (need === 0) continue
      const take = Math.min(need, left)
      remaining.set(line.lineId, need - take)
      left -= take
      const last = out.at(-1)
      if (last && last.lineId === line.lineId && last.machineId === machineId) last.pieces += take
      else out.push({ lineId: line.lineId, machineId, pieces: take })
    }
  }
  return out
}

/** The open lines of open orders, as the allocation weighs them. */
export function openLinesOf(orders: readonly Order[]): OpenLine[] {
  return orders.flatMap((order) =>
    order.doneAt !== null
      ? []
      : order.lines
          .filter((line) => line.made < line.quantity)
          .map((line) => ({
            lineId: line.id,
            designId: line.designId,
            remaining: line.quantity - line.made,
            dueAt: order.dueAt,
            priority: order.priority,
            machineIds: order.machineIds,
            createdAt: order.createdAt,
            orderId: order.id,
          })),
  )
}

/** A line's count after adding `delta` pieces (a correction may take pieces away, never below 0). */
export const madeAfter = (made: number, delta: number) => Math.max(0, made + delta)

/** How far an order is: pieces made of pieces ordered, over all its lines (a line's surplus does not
 * make up for another line's shortfall). */
export function orderProgress(order: Pick<Order, 'lines'>): { made: number; quantity: number } {
  let made = 0
  let quantity = 0
  for (const line of order.lines) {
    made += Math.min(line.made, line.quantity)
    quantity += line.quantity
  }
  return { made, quantity }
}
