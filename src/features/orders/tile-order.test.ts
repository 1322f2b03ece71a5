import { describe, expect, it } from 'vitest'
import type { OrderFinish } from '../../lib/order-finish'
import type { Order } from '../../lib/orders'
import { sewingNow } from './tile-order'

const T0 = Date.UTC(2026, 11, 7, 8) // pinned
const order = (id: number, designId: string, over: Partial<Order> = {}): Order => ({
  id,
  reference: `PO-${id}`,
  customer: 'FC Heimat',
  dueAt: T0 + id * 3_600_000,
  priority: 'normal',
  machineIds: [],
  note: '',
  lines: [{ id: id * 10, designId, quantity: 600, made: 120, doneAt: null }],
  createdAt: T0,
  createdBy: 'Marta',
  updatedAt: T0,
  updatedBy: 'Marta',
  version: 1,
  doneAt: null,
  ...over,
})
const on = (o: Order, machineIds: string[]): OrderFinish => ({
  orderId: o.id,
  state: 'on-time',
  finishAt: T0,
  earliestAt: T0,
  latestAt: T0,
  marginMs: 0,
  save: null,
  unknown: null,
  lines: o.lines.map((l) => ({
    lineId: l.id,
    designId: l.designId,
    remaining: l.quantity - l.made,
    machineIds,
    finishAt: T0,
    earliestAt: T0,
    latestAt: T0,
    source: 'passes' as const,
    betweenLearned: true,
  })),
})

describe('the order a machine sews now', () => {
  const cap = order(1, 'CAP')
  const polo = order(2, 'POLO')
  const laterCap = order(3, 'CAP')
  const otherMachine = order(4, 'CAP')
  const finishes = [on(cap, ['M1']), on(polo, ['M1']), on(laterCap, ['M1']), on(otherMachine, ['M2'])]
  it.each([
    [
      'the first line of its loaded design scheduled on it',
      [cap, polo, laterCap, otherMachine],
      'M1',
      'CAP',
      'PO-1',
    ],
    ['another design loaded: that design’s line', [cap, polo, laterCap], 'M1', 'POLO', 'PO-2'],
    ['not the line scheduled on another machine', [otherMachine], 'M1', 'CAP', null],
    ['none of the loaded design', [cap], 'M1', 'JACKET', null],
    ['not a done order', [order(1, 'CAP', { doneAt: T0 })], 'M1', 'CAP', null],
  ])('%s', (_, orders, machineId, designId, reference) => {
    expect(sewingNow(orders, finishes, machineId, designId)?.order.reference ?? null).toBe(reference)
  })
})
