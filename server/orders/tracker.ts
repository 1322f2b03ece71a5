import { piecesMadeOf } from '../../src/api/contract/to-domain'
import type { OrderStore } from './store'

/** The longest span asked of the production API at once: after a long outage the count catches up in
 * spans of six hours, each booked on its own. */
const MAX_SPAN_MS = 6 * 3_600_000
/** The shortest span worth a report (a minute: the vendor's logs are by the minute), shorter only when the
 * count keeps closer to the clock than that. */
const MIN_SPAN_MS = 60_000
/** How far behind the clock the count stays by default (ORDERS_COUNT_DELAY_SECONDS): a collector unit may
 * upload its last minutes late, and a span once booked is never asked again. */
export const COUNT_LAG_MS = 2 * 60_000
/** Spans booked in one tick at most (two days of catching up), so one tick never runs for long. */
const MAX_SPANS = 8

export interface TrackerOptions {
  store: OrderStore
  /** a GET of the production API as JSON */
  upstreamJson: (path: string) => Promise<unknown>
  log: (line: string) => void
  /** told of the orders that became done */
  onDone?: (orderIds: readonly number[]) => void
  /** how far behind the clock the count stays (ms; COUNT_LAG_MS by default) */
  lagMs?: number
}

/**
 * Counts the pieces the machines made for the open orders: at each poll of the polling instance, the
 * number-of-pieces report of the span since the last count, booked in one transaction with the count's
 * new end (OrderStore.book), so no span is counted twice or left out, whichever instance polls.
 */
export class OrderTracker {
  constructor(private readonly options: TrackerOptions) {}

  async tick(at: number): Promise<void> {
    const { store, upstreamJson, log } = this.options
    const lagMs = this.options.lagMs ?? COUNT_LAG_MS
    const minSpanMs = Math.min(MIN_SPAN_MS, Math.max(1000, lagMs))
    // whole seconds: the report's range is in Unix seconds, and spans must meet exactly
    const now = Math.floor((at - lagMs) / 1000) * 1000
    let from = await store.trackedUntil()
    // the first count begins now: orders count the pieces made once they exist
    if (from === null) {
      await store.book(null, now, [], at)
      return
    }
    for (let i = 0; i < MAX_SPANS && now - from >= minSpanMs; i++) {
      const till = Math.min(now, from + MAX_SPAN_MS)
      const { made, unreadable } = piecesMadeOf(
        await upstreamJson(
          `/reports/number-of-pieces?from=${from / 1000}&till=${till / 1000}&machineIds=all`,
        ),
      )
      if (unreadable > 0)
        log(`stitchboard: the orders' count left out ${unreadable} unreadable number-of-pieces rows`)
      const result = await store.book(from, till, made, at)
      // another instance counted this span first: it goes on from there
      if (!result) return
      if (result.done.length > 0) this.options.onDone?.(result.done)
      from = till
    }
  }
}
