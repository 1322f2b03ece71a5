import type { Context, Hono } from 'hono'
import * as z from 'zod'
import { MAX_ORDER_LINES, MAX_ORDER_QUANTITY, ORDER_PRIORITIES, type Order } from '../../src/lib/orders'
import { iso } from '../history/store'
import { jsonBody } from '../stops/routes'
import { bodyError, personName, typedText as text } from '../stops/settings'
import type { Finishes } from './finish'
import { orderImportRoutes } from './import-routes'
import { OrderError, type OrderInput, type OrderStore } from './store'

export interface OrderOptions {
  /** whether the asker may change orders (server/people/guard.ts checks each change) */
  canChange: (c: Context) => Promise<boolean>
  /** whether the asker may correct a count (an operator's) */
  canCorrect: (c: Context) => Promise<boolean>
  /** the designs the production API knows, by ID; a string: why they cannot be known now */
  designs: () => Promise<ReadonlyMap<string, number | null> | string>
  /** the open orders' expected finishes (server/orders/finish.ts), or why they cannot be told now */
  finishes: (orders: readonly Order[]) => Promise<Finishes>
  now: () => number
  /** the factory's time zone: a CSV's due times without an offset are in it */
  timeZone: string
}

export type OrdersState = { orders?: OrderStore } | { unavailable: string }

const MAX_BODY_BYTES = 64 * 1024
/** Done orders listed for this many days after they were done. */
const DONE_DAYS = 14

const quantity = z
  .number({ error: 'is not a number' })
  .int('is not a whole number')
  .min(1, 'is not at least 1')
  .max(MAX_ORDER_QUANTITY, `is more than ${MAX_ORDER_QUANTITY.toLocaleString('en')}`)

/** A time with its offset, as ISO 8601 writes it (2026-12-11T16:00:00+01:00). */
const moment = z
  .string({ error: 'is not a date and time' })
  .refine(
    (s) =>
      /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/.test(s) &&
      !Number.isNaN(Date.parse(s)),
    'is not a date and time with its offset (2026-12-11T16:00:00+01:00)',
  )
  .transform((s) => Date.parse(s))

const orderFields = {
  reference: text(60, false),
  customer: text(120, false),
  dueAt: moment,
  priority: z
    .enum(ORDER_PRIORITIES, { error: `is not one of ${ORDER_PRIORITIES.join(', ')}` })
    .default('normal'),
  machineIds: z
    .array(z.string().min(1).max(128), { error: 'is not a list of machine IDs' })
    .max(500)
    .default([]),
  note: text(500, true).default(''),
  lines: z
    .array(
      z
        .object({
          id: z.number().int().positive().optional(),
          designId: text(128, false),
          quantity,
        })
        .strict(),
      { error: 'is not a list of lines' },
    )
    .min(1, 'has no line: an order needs at least one design and quantity')
    .max(MAX_ORDER_LINES, `has more than ${MAX_ORDER_LINES} lines`),
  by: personName,
}
const newOrder = z.object(orderFields).strict()
const changedOrder = z.object({ ...orderFields, version: z.number().int().positive() }).strict()
const correction = z
  .object({
    lineId: z.number().int().positive(),
    pieces: z
      .number({ error: 'is not a number' })
      .int('is not a whole number')
      .min(-MAX_ORDER_QUANTITY)
      .max(MAX_ORDER_QUANTITY)
      .refine((n) => n !== 0, 'is 0: a correction adds or takes away pieces'),
    kind: z.enum(['correction', 'scrap']),
    reason: text(200, false),
    by: personName,
  })
  .strict()

/** An order as the pages read it (src/api/orders). */
export const orderJson = (order: Order) => order

const idOf = (c: Context) => {
  const id = Number(c.req.param('id'))
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/** The order book's routes: the orders with their counts, a new order, a change (refused when someone
 * changed it meanwhile), and a correction of a count. */
export function orderRoutes(app: Hono, stateOf: () => OrdersState, options: OrderOptions) {
  const storeOf = (): OrderStore | string => {
    const state = stateOf()
    if ('unavailable' in state) return state.unavailable
    return state.orders ?? 'this server keeps no orders'
  }
  app.use('/api/orders/*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    await next()
  })

  /** The designs each line names, checked against the production API's: the unknown ones in words. */
  const designsError = async (
    lines: OrderInput['lines'],
    all: OrderInput['lines'] = lines,
  ): Promise<{ status: 400 | 502; error: string } | null> => {
    if (lines.length === 0) return null
    const known = await options.designs()
    if (typeof known === 'string')
      return { status: 502, error: `The order cannot be saved: the designs cannot be checked (${known})` }
    const unknown = lines.flatMap((l) =>
      known.has(l.designId) ? [] : [`line ${all.indexOf(l) + 1}: ${l.designId}`],
    )
    return unknown.length === 0
      ? null
      : {
          status: 400,
          error: `The order cannot be saved: the production API knows no design ${unknown.join(', ')}`,
        }
  }

  /** What is accepted but worth saying: a due time already past. */
  const warnings = (input: OrderInput) =>
    input.dueAt < options.now()
      ? [`The due time ${iso(input.dueAt)} is in the past: the order is late already`]
      : []

  const failed = (c: Context, error: unknown) => {
    if (error instanceof OrderError)
      return c.json({ error: error.message, ...(error.reason ? { reason: error.reason } : {}) }, error.status)
    throw error
  }

  app.get('/api/orders', async (c) => {
    const store = storeOf()
    if (typeof store === 'string')
      return c.json({ available: false, reason: store, orders: [], canChange: false, canCorrect: false })
    const orders = await store.list(options.now() - DONE_DAYS * 86_400_000)
    const finishes = await options.finishes(orders)
    return c.json({
      available: true,
      orders: orders.map(orderJson),
      ...(typeof finishes === 'string'
        ? { finishes: [], finishError: finishes }
        : { finishes: [...finishes.byOrder.values()], learnedAt: finishes.learnedAt }),
      canChange: await options.canChange(c),
      canCorrect: await options.canCorrect(c),
    })
  })

  // before /api/orders/:id: "import" is not an order's ID
  orderImportRoutes(app, storeOf, options)

  app.get('/api/orders/:id', async (c) => {
    const store = storeOf()
    if (typeof store === 'string') return c.json({ error: `No orders: ${store}` }, 503)
    const id = idOf(c)
    const order = id === null ? null : await store.byId(id)
    if (!order) return c.json({ error: `There is no order ${c.req.param('id').slice(0, 20)}` }, 404)
    return c.json({
      order: orderJson(order),
      entries: await store.entries(order.id),
      canChange: await options.canChange(c),
    })
  })

  app.post('/api/orders', async (c) => {
    const store = storeOf()
    if (typeof store === 'string') return c.json({ error: `No orders: ${store}` }, 503)
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const parsed = newOrder.safeParse(body.value)
    if (!parsed.success) return c.json({ error: bodyError(parsed.error, 'The order cannot be saved') }, 400)
    const { by, ...input } = parsed.data
    const wrong = await designsError(input.lines)
    if (wrong) return c.json({ error: wrong.error }, wrong.status)
    try {
      const order = await store.create(input, by, options.now())
      return c.json({ order: orderJson(order), warnings: warnings(input) }, 201)
    } catch (error) {
      return failed(c, error)
    }
  })

  app.post('/api/orders/:id', async (c) => {
    const store = storeOf()
    if (typeof store === 'string') return c.json({ error: `No orders: ${store}` }, 503)
    const id = idOf(c)
    if (id === null) return c.json({ error: 'The order cannot be saved: its ID is not a number' }, 400)
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const parsed = changedOrder.safeParse(body.value)
    if (!parsed.success) return c.json({ error: bodyError(parsed.error, 'The order cannot be saved') }, 400)
    const { by, version, ...input } = parsed.data
    // a kept line's design may have left the catalogue since: only new and changed designs are checked
    const kept = new Map((await store.byId(id))?.lines.map((l) => [l.id, l.designId]) ?? [])
    const wrong = await designsError(
      input.lines.filter((l) => l.id === undefined || kept.get(l.id) !== l.designId),
      input.lines,
    )
    if (wrong) return c.json({ error: wrong.error }, wrong.status)
    try {
      const order = await store.update(id, version, input, by, options.now())
      return c.json({ order: orderJson(order), warnings: warnings(input) })
    } catch (error) {
      return failed(c, error)
    }
  })

  app.post('/api/orders/:id/correct', async (c) => {
    const store = storeOf()
    if (typeof store === 'string') return c.json({ error: `No orders: ${store}` }, 503)
    const id = idOf(c)
    if (id === null)
      return c.json({ error: 'The count cannot be corrected: the order ID is not a number' }, 400)
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const parsed = correction.safeParse(body.value)
    if (!parsed.success)
      return c.json({ error: bodyError(parsed.error, 'The count cannot be corrected') }, 400)
    const { by, ...entry } = parsed.data
    try {
      return c.json({ order: orderJson(await store.correct(id, entry, by, options.now())) })
    } catch (error) {
      return failed(c, error)
    }
  })
}
