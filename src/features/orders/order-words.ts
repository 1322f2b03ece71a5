import type { MessageKey } from '../../lib/i18n/translator'
import type { OrderPriority } from '../../lib/orders'

/** Each priority's word. */
export const PRIORITY_WORDS: Record<OrderPriority, MessageKey> = {
  low: 'orders.priority.low',
  normal: 'orders.priority.normal',
  high: 'orders.priority.high',
}
