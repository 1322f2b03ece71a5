import { describe, expect, it } from 'vitest'
import type { OrderFinish } from '../../src/lib/order-finish'
import type { Order } from '../../src/lib/orders'
import { orderConditions } from '../alerts/rules'
import { defaultSettings } from '../alerts/settings'
import { ordersAtRisk } from './at-risk'
import type { Finishes, OrderFinishes } from './finish'
import type { OrderStore } from './store'

const T0 = Date.UTC(2026, 11, 7, 8) // pinned
const HOUR = 3_600_000

const order = (id: number, reference: string): Order => ({
  id,
  reference,
  customer: 'FC Heimat',
  dueAt: T0 + 4 * HOUR,
  priority: 'normal',
  machineIds: [],
  note: '',
  lines: [],
  createdAt: T0 - HOUR,
  createdBy: 'Ana',
  updatedAt: T0 - HOUR,
  updatedBy: 'Ana',
  version: 1,
  doneAt: null,
})

const finish = (orderId: number, state: OrderFinish['state'], marginMs: number): OrderFinish => ({
  orderId,
  state,
  finishAt: T0,
  earliestAt: T0,
  latestAt: T0,
  marginMs,
  lines: [],
  save: null,
  unknown: null,
})

function provider() {
  const clock = { at: T0 }
  let answer: Finishes = { byOrder: new Map(), learnedAt: T0 }
  let reads = 0
  const store = {
    list: async () => [order(1, 'PO-1'), order(2, 'PO-2'), order(3, 'PO-3')],
    changes: 0,
  } as { list: OrderStore['list']; changes: number }
  const finishes = {
    finishes: async () => {
      reads++
      return answer
    },
  } as unknown as OrderFinishes
  const read = ordersAtRisk(store as unknown as OrderStore, finishes, () => clock.at, 60_000)
  return { read, clock, store, set: (a: Finishes) => (answer = a), reads: () => reads }
}

describe('the orders alert rule', () => {
  it('raises one alert per order late or at risk, in words, and none for an order on time', async () => {
    const { read, set } = provider()
    set({
      byOrder: new Map([
        [1, finish(1, 'late', -3 * HOUR)],
        [2, finish(2, 'at-risk', HOUR)],
        [3, finish(3, 'on-time', 5 * HOUR)],
      ]),
      learnedAt: T0,
    })
    const conditions = await orderConditions(read, defaultSettings().rules.orders)
    expect(conditions.map((c) => [c.key, c.machineName, c.cause, c.detail, c.since])).toEqual([
      [
        'order-1|orders',
        'PO-1',
        'Order late',
        'Order PO-1 of FC Heimat will be late by about 3\u00a0h, since',
        T0,
      ],
      [
        'order-2|orders',
        'PO-2',
        'Order at risk',
        'Order PO-2 of FC Heimat may be late (1\u00a0h to spare if all goes as usual), since',
        T0,
      ],
    ])
    expect(await orderConditions(read, { ...defaultSettings().rules.orders, enabled: false })).toEqual([])
  })

  it('works the finishes out at most once a minute, keeps since, and keeps the last answer on a failure', async () => {
    const { read, clock, set, reads } = provider()
    set({ byOrder: new Map([[1, finish(1, 'late', -HOUR)]]), learnedAt: T0 })
    expect((await read()).map((o) => o.since)).toEqual([T0])
    clock.at = T0 + 30_000
    await read()
    expect(reads()).toBe(1)
    clock.at = T0 + 2 * 60_000
    set({ byOrder: new Map([[1, finish(1, 'late', -2 * HOUR)]]), learnedAt: T0 })
    expect(await read()).toMatchObject([{ id: 1, since: T0, marginMs: -2 * HOUR }])
    // the finishes cannot be told: the alert stands as it was
    clock.at = T0 + 4 * 60_000
    set('the finishes cannot be worked out now (the production API answered 503)')
    expect(await read()).toMatchObject([{ id: 1, since: T0 }])
    // safe again: gone, and a new turn starts a new since
    clock.at = T0 + 6 * 60_000
    set({ byOrder: new Map([[1, finish(1, 'on-time', HOUR)]]), learnedAt: T0 })
    expect(await read()).toEqual([])
    clock.at = T0 + 8 * 60_000
    set({ byOrder: new Map([[1, finish(1, 'at-risk', HOUR)]]), learnedAt: T0 })
    expect(await read()).toMatchObject([{ id: 1, since: T0 + 8 * 60_000, late: false }])
  })

  it('works the finishes out again at once when an order changed or pieces were counted here', async () => {
    const { read, clock, store, set, reads } = provider()
    set({ byOrder: new Map([[1, finish(1, 'on-time', HOUR)]]), learnedAt: T0 })
    expect(await read()).toEqual([])
    // a supervisor moves the due time forward: the order is at risk within the same minute
    clock.at = T0 + 10_000
    store.changes += 1
    set({ byOrder: new Map([[1, finish(1, 'at-risk', 5 * 60_000)]]), learnedAt: T0 })
    expect(await read()).toMatchObject([{ id: 1, since: T0 + 10_000, late: false }])
    clock.at = T0 + 20_000
    await read()
    expect(reads()).toBe(2)
  })

  it('says by how much at least an order is late that no schedule of 4 weeks finishes', async () => {
    const { read, set } = provider()
    set({
      byOrder: new Map([
        // beyond the calendar: late by at least the 4 weeks after its due time (4 h from now), not
        // "4 h to spare"
        [1, { ...finish(1, 'late', 0), finishAt: null, marginMs: null }],
      ]),
      learnedAt: T0,
    })
    expect((await read()).map((o) => [o.reference, o.late, o.marginMs])).toEqual([
      ['PO-1', true, 4 * HOUR - 28 * 24 * HOUR],
    ])
  })
})
