import type { OrderFinishes } from './finish'
import type { OrderStore } from './store'

/** The order book's parts of a running history (server/start-history.ts), as the app and its routes read
 * them. */
export interface OrderParts {
  orders?: OrderStore
  /** the designs the production API knows: their stitch counts by ID (or why they cannot be known now) */
  designs?: () => Promise<ReadonlyMap<string, number | null> | string>
  /** the open orders' expected finishes */
  finishes?: OrderFinishes
}
