import { queryOptions } from '@tanstack/react-query'
import type { OrderFinish } from '../../lib/order-finish'
import type { ImportMapping } from '../../lib/order-import'
import type { Order, OrderEntry, OrderPriority } from '../../lib/orders'
import { postJson } from '../alerts/alerts'
import { getJson, lazySchemas } from '../core/http'

/** The order book (server/orders/routes.ts): the orders with their counts, and the changes to them. */

export const ORDERS_KEY = ['orders'] as const

/** An order as a person writes it: the due time as ISO 8601 with its offset. */
export interface OrderBody {
  reference: string
  customer: string
  dueAt: string
  priority: OrderPriority
  machineIds: string[]
  note: string
  lines: Array<{ id?: number; designId: string; quantity: number }>
  by: string
}

const schemas = lazySchemas((z) => {
  const line = z.object({
    id: z.number(),
    designId: z.string(),
    quantity: z.number(),
    made: z.number(),
    doneAt: z.nullable(z.number()),
  })
  const order = z.object({
    id: z.number(),
    reference: z.string(),
    customer: z.string(),
    dueAt: z.number(),
    priority: z.enum(['low', 'normal', 'high']),
    machineIds: z.array(z.string()),
    note: z.string(),
    lines: z.array(line),
    createdAt: z.number(),
    createdBy: z.string(),
    updatedAt: z.number(),
    updatedBy: z.string(),
    version: z.number(),
    doneAt: z.nullable(z.number()),
  })
  const entry = z.object({
    id: z.number(),
    lineId: z.number(),
    kind: z.enum(['machine', 'correction', 'scrap']),
    machineId: z.nullable(z.string()),
    pieces: z.number(),
    from: z.nullable(z.number()),
    till: z.nullable(z.number()),
    reason: z.nullable(z.string()),
    by: z.nullable(z.string()),
    at: z.number(),
  })
  const at = z.nullable(z.number())
  const finish = z.object({
    orderId: z.number(),
    state: z.enum(['on-time', 'at-risk', 'late', 'unknown']),
    finishAt: at,
    earliestAt: at,
    latestAt: at,
    marginMs: at,
    lines: z.array(
      z.object({
        lineId: z.number(),
        designId: z.string(),
        remaining: z.number(),
        machineIds: z.array(z.string()),
        finishAt: at,
        earliestAt: at,
        latestAt: at,
        source: z.enum(['passes', 'stitches']),
        betweenLearned: z.boolean(),
      }),
    ),
    save: z.nullable(
      z.union([
        z.object({
          kind: z.literal('add-machine'),
          machineId: z.string(),
          name: z.string(),
          freeAt: z.number(),
          finishAt: z.number(),
        }),
        z.object({ kind: z.literal('overtime'), hours: z.number(), shift: z.nullable(z.string()) }),
        z.object({ kind: z.literal('short'), hours: z.number() }),
      ]),
    ),
    unknown: z.nullable(z.literal('no-machine')),
  })
  return {
    list: z.object({
      available: z.boolean(),
      reason: z.optional(z.string()),
      orders: z.array(order),
      finishes: z._default(z.array(finish), []),
      finishError: z.optional(z.string()),
      canChange: z.boolean(),
      canCorrect: z._default(z.boolean(), false),
    }),
    one: z.object({ order, entries: z.array(entry), canChange: z.boolean() }),
    saved: z.object({ order, warnings: z._default(z.array(z.string()), []) }),
    importMapping: z.object({ mapping: z.nullable(z.record(z.string(), z.string())) }),
    imported: z.object({ imported: z.number(), references: z.array(z.string()) }),
    corrected: z.object({ order }),
  }
})

export type OrderList = {
  available: boolean
  reason?: string
  orders: Order[]
  /** the open orders' expected finishes (server/orders/finish.ts) */
  finishes: OrderFinish[]
  /** why the finishes cannot be told now */
  finishError?: string | undefined
  canChange: boolean
  canCorrect: boolean
}

export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'list'],
    queryFn: ({ signal }): Promise<OrderList> =>
      getJson('/api/orders', () => schemas().then((s) => s.list), signal),
    // the machines' pieces are counted at every poll
    refetchInterval: 60_000,
    placeholderData: (previous) => previous,
  })

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'one', id],
    queryFn: ({ signal }): Promise<{ order: Order; entries: OrderEntry[]; canChange: boolean }> =>
      getJson(`/api/orders/${id}`, () => schemas().then((s) => s.one), signal),
  })

const authorised = (token: string): Record<string, string> =>
  token ? { Authorization: `Bearer ${token}` } : {}

/** A new order (id null) or a change of one made on `version`. */
export const saveOrder = (
  { id, version, body }: { id: number | null; version: number | null; body: OrderBody },
  token: string,
): Promise<{ order: Order; warnings: string[] }> =>
  postJson(
    id === null ? '/api/orders' : `/api/orders/${id}`,
    id === null ? body : { ...body, version },
    () => schemas().then((s) => s.saved),
    authorised(token),
  )

export const correctCount = async (
  orderId: number,
  body: { lineId: number; pieces: number; kind: 'correction' | 'scrap'; reason: string; by: string },
): Promise<Order> =>
  (await postJson(`/api/orders/${orderId}/correct`, body, () => schemas().then((s) => s.corrected))).order

/** The column mapping the last CSV import used (server/orders/import-routes.ts), null before the first. */
export const importMappingQueryOptions = () =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'import-mapping'],
    queryFn: async ({ signal }): Promise<ImportMapping | null> =>
      (await getJson('/api/orders/import', () => schemas().then((s) => s.importMapping), signal)).mapping,
  })

/** Imports the orders of an ERP's CSV file: all of them, or none and the rows that are wrong. */
export const importOrderFile = (
  body: { csv: string; mapping: ImportMapping; by: string },
  token: string,
): Promise<{ imported: number; references: string[] }> =>
  postJson('/api/orders/import', body, () => schemas().then((s) => s.imported), authorised(token))
