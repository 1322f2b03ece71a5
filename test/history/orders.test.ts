// One piece: the order book on the three databases, its routes and counts sharing one app and one clock.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Db } from '../../server/history/db'
import { migrate } from '../../server/history/migrations'
import { HistoryStore } from '../../server/history/store'
import { Watcher } from '../../server/history/watcher'
import { MAX_OPEN, OrderStore } from '../../server/orders/store'
import { COUNT_LAG_MS, OrderTracker } from '../../server/orders/tracker'
import { upstreamsFor } from '../../server/upstreams'
import { parseCsv } from '../../src/lib/csv'
import { proposeMapping } from '../../src/lib/order-import'
import type { Order, OrderEntry } from '../../src/lib/orders'
import { erpExport } from '../erp-export'
import { BACKENDS } from './databases'

/** Issue 52: the order book on the real databases. The clock is pinned: T0 is Monday 7 December 2026,
 * 09:00 in Berlin. */
const T0 = Date.UTC(2026, 11, 7, 8, 0)
const MINUTE = 60_000
const HOUR = 3_600_000
const ADMIN = 'admin-token-for-tests-0123'
const ERP_KEY = 'erp-key-for-the-order-book-0123456789'
const DESIGNS = new Map<string, number | null>([
  ['CAP-LOGO', 6000],
  ['POLO-CREST', 9000],
  ['PATCH-EAGLE', 12000],
])

describe.each(BACKENDS)('the order book on %s', (_, open) => {
  let db: Db
  let clock = T0
  let app: ReturnType<typeof createApp>
  let orders: OrderStore

  beforeAll(async () => {
    db = await open()
    await migrate(db)
  })
  afterAll(async () => {
    await db?.close()
  })
  beforeEach(async () => {
    await db.query('truncate orders, order_lines, order_pieces')
    await db.query('update order_tracker set tracked_until = null')
    clock = T0
    const config = loadConfig({
      FACTORY_TIMEZONE: 'Europe/Berlin',
      ADMIN_TOKEN: ADMIN,
      ORDERS_API_KEY: ERP_KEY,
    })
    const upstreams = upstreamsFor(config, () => Promise.reject(new Error('no upstream here')))
    const history = new HistoryStore(db, 60_000)
    const watcher = new Watcher({
      store: history,
      db,
      upstreams,
      pollSeconds: 15,
      historyDays: 30,
      upstreamTimeoutSeconds: 5,
    })
    orders = new OrderStore(db)
    app = createApp({
      config,
      upstreams,
      version: 'test',
      now: () => clock,
      history: () => ({ store: history, watcher, pollSeconds: 15, orders, designs: async () => DESIGNS }),
    })
  })

  const post = async (path: string, body: unknown) => {
    const answer = await app.request(`http://127.0.0.1${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'http://127.0.0.1',
        Authorization: `Bearer ${ADMIN}`,
      },
      body: JSON.stringify(body),
    })
    return {
      status: answer.status,
      body: (await answer.json()) as { order: Order; warnings: string[]; error: string },
    }
  }
  const list = async () =>
    ((await (await app.request('http://127.0.0.1/api/orders')).json()) as { orders: Order[] }).orders
  const order = (over: Record<string, unknown> = {}) => ({
    reference: 'PO-4711',
    customer: 'FC Heimat',
    dueAt: '2026-12-11T16:00:00+01:00',
    priority: 'normal',
    lines: [
      { designId: 'CAP-LOGO', quantity: 600 },
      { designId: 'POLO-CREST', quantity: 40 },
    ],
    by: 'Marta',
    ...over,
  })

  test('an order is saved with its lines; bad ones are refused in words and nothing is half saved', async () => {
    const saved = await post('/api/orders', order())
    expect(saved.status).toBe(201)
    expect(saved.body.warnings).toEqual([])
    expect(saved.body.order).toMatchObject({
      reference: 'PO-4711',
      customer: 'FC Heimat',
      dueAt: Date.UTC(2026, 11, 11, 15, 0),
      priority: 'normal',
      machineIds: [],
      version: 1,
      createdBy: 'Marta',
      doneAt: null,
      lines: [
        { designId: 'CAP-LOGO', quantity: 600, made: 0, doneAt: null },
        { designId: 'POLO-CREST', quantity: 40, made: 0, doneAt: null },
      ],
    })

    const refusals = await Promise.all([
      post('/api/orders', order({ reference: 'po-4711' })),
      post('/api/orders', order({ reference: 'PO-2', lines: [{ designId: 'TEDDY', quantity: 5 }] })),
      post('/api/orders', order({ reference: 'PO-3', lines: [{ designId: 'CAP-LOGO', quantity: 0 }] })),
      post(
        '/api/orders',
        order({ reference: 'PO-4', lines: [{ designId: 'CAP-LOGO', quantity: 10_000_001 }] }),
      ),
      post('/api/orders', order({ reference: 'PO-5', dueAt: 'Friday' })),
      post('/api/orders', order({ reference: 'PO-6', lines: [] })),
    ])
    expect(refusals.map((r) => [r.status, r.body.error])).toEqual([
      [409, 'An order with the reference "po-4711" exists already'],
      [400, 'The order cannot be saved: the production API knows no design line 1: TEDDY'],
      [400, 'The order cannot be saved: lines.0.quantity is not at least 1'],
      [400, 'The order cannot be saved: lines.0.quantity is more than 10,000,000'],
      [
        400,
        'The order cannot be saved: dueAt is not a date and time with its offset (2026-12-11T16:00:00+01:00)',
      ],
      [400, 'The order cannot be saved: lines has no line: an order needs at least one design and quantity'],
    ])
    expect((await list()).map((o) => o.reference)).toEqual(['PO-4711'])
    expect(Number((await db.query<{ n: unknown }>('select count(*) as n from order_lines'))[0]!.n)).toBe(2)

    // a due time in the past is taken, with a warning
    const late = await post('/api/orders', order({ reference: 'PO-7', dueAt: '2026-12-04T12:00:00Z' }))
    expect(late.status).toBe(201)
    expect(late.body.warnings).toEqual([
      'The due time 2026-12-04T12:00:00.000Z is in the past: the order is late already',
    ])
  })

  test('two people change one order at once: the second is told, and nothing is overwritten', async () => {
    const { body } = await post('/api/orders', order())
    const id = body.order.id
    const first = await post(`/api/orders/${id}`, {
      ...order({ customer: 'FC Heimat e.V.', by: 'Marta' }),
      lines: body.order.lines.map((l) => ({ id: l.id, designId: l.designId, quantity: l.quantity })),
      version: 1,
    })
    expect(first.status).toBe(200)
    expect(first.body.order).toMatchObject({ customer: 'FC Heimat e.V.', version: 2, updatedBy: 'Marta' })
    const second = await post(`/api/orders/${id}`, { ...order({ priority: 'high', by: 'Olaf' }), version: 1 })
    expect(second.status).toBe(409)
    expect(second.body.error).toBe(
      'Order PO-4711 was changed by Marta at 2026-12-07T08:00:00.000Z while you edited it: nothing was saved; open it again to see their change',
    )
    const [kept] = await list()
    expect(kept).toMatchObject({ customer: 'FC Heimat e.V.', priority: 'normal', version: 2 })
    expect(kept!.lines).toHaveLength(2)
  })

  test('a change keeps a design gone from the catalogue, and never drops a line with counts', async () => {
    const { body } = await post('/api/orders', order())
    const [cap, polo] = body.order.lines
    DESIGNS.delete('POLO-CREST')
    try {
      const lines = [
        { id: cap!.id, designId: 'CAP-LOGO', quantity: 600 },
        { id: polo!.id, designId: 'POLO-CREST', quantity: 50 },
      ]
      const changed = await post(`/api/orders/${body.order.id}`, { ...order(), lines, version: 1 })
      expect(changed.status).toBe(200)
      expect(changed.body.order.lines.map((l) => l.quantity)).toEqual([600, 50])
      // a new line of a design the catalogue no longer has is refused
      const added = await post(`/api/orders/${body.order.id}`, {
        ...order(),
        lines: [...lines, { designId: 'POLO-CREST', quantity: 5 }],
        version: 2,
      })
      expect(added.body.error).toBe(
        'The order cannot be saved: the production API knows no design line 3: POLO-CREST',
      )
    } finally {
      DESIGNS.set('POLO-CREST', 9000)
    }
    // counted and scrapped back to 0: its log still holds counts, so the line stays
    const fix = { lineId: polo!.id, kind: 'correction', reason: 'miscounted', by: 'Olaf' }
    await post(`/api/orders/${body.order.id}/correct`, { ...fix, pieces: 5 })
    await post(`/api/orders/${body.order.id}/correct`, { ...fix, pieces: -5 })
    const dropped = await post(`/api/orders/${body.order.id}`, {
      ...order(),
      lines: [{ id: cap!.id, designId: 'CAP-LOGO', quantity: 600 }],
      version: 2,
    })
    expect([dropped.status, dropped.body.error]).toEqual([
      400,
      'The line of design POLO-CREST has counts in its log (0 pieces now) and cannot be removed; set its quantity instead',
    ])
    const twice = await post(`/api/orders/${body.order.id}`, {
      ...order(),
      lines: [
        { id: cap!.id, designId: 'CAP-LOGO', quantity: 600 },
        { id: cap!.id, designId: 'CAP-LOGO', quantity: 700 },
      ],
      version: 2,
    })
    expect(twice.body.error).toBe('The change of order PO-4711 names one line twice')
  })

  test('the machines’ pieces go to the open orders, due first, each span counted once', async () => {
    const pinned = await post('/api/orders', order({ reference: 'PO-PIN', machineIds: ['M2'] }))
    const soon = await post(
      '/api/orders',
      order({
        reference: 'PO-SOON',
        dueAt: '2026-12-08T12:00:00+01:00',
        lines: [{ designId: 'CAP-LOGO', quantity: 100 }],
      }),
    )
    // pieces per span, as the number-of-pieces report answers them (myzsk-api.md 1.21)
    const spans: Array<{ from: number; till: number }> = []
    const answers = [
      [
        { machineId: 'M1', designId: 'CAP-LOGO', pieces: 90 },
        { machineId: 'M2', designId: 'CAP-LOGO', pieces: 60 },
        { machineId: 'M2', designId: 'PATCH-EAGLE', pieces: 12 },
      ],
      [{ machineId: 'M1', designId: 'CAP-LOGO', pieces: 30 }],
    ]
    const upstreamJson = async (path: string) => {
      const query = new URL(path, 'http://x').searchParams
      spans.push({ from: Number(query.get('from')), till: Number(query.get('till')) })
      const rows = answers[spans.length - 1] ?? []
      return {
        data: rows.map((r) => ({
          ...r,
          machineName: r.machineId,
          designName: r.designId,
          designStitches: 5000,
          passes: r.pieces / 6,
          activeHeads: 6,
          totalStitches: r.pieces * 5000,
        })),
      }
    }
    const tracker = new OrderTracker({ store: orders, upstreamJson, log: () => {} })
    const twin = new OrderTracker({ store: orders, upstreamJson, log: () => {} })
    // the count begins at T0 and stays COUNT_LAG_MS behind the clock (late uploads)
    await tracker.tick(T0 + COUNT_LAG_MS)
    clock += 5 * MINUTE
    await tracker.tick(clock + COUNT_LAG_MS)
    expect(spans).toEqual([{ from: T0 / 1000, till: (T0 + 5 * MINUTE) / 1000 }])

    const [soonOrder, pinnedOrder] = await list()
    expect(soonOrder!.reference).toBe('PO-SOON')
    // M2's pieces to the order meant for it; M1's to the one due first, the rest to the other
    expect(soonOrder!.lines[0]).toMatchObject({ made: 90 })
    expect(pinnedOrder!.lines[0]).toMatchObject({ made: 60 })

    clock += 5 * MINUTE
    await tracker.tick(clock + COUNT_LAG_MS)
    expect(spans.at(-1)).toEqual({ from: (T0 + 5 * MINUTE) / 1000, till: clock / 1000 })
    // another instance that read the same start of the span books nothing: the span is counted once
    const again = [{ machineId: 'M1', designId: 'CAP-LOGO', pieces: 30 }]
    expect(await orders.book(T0 + 5 * MINUTE, clock, again, clock)).toBeNull()
    await twin.tick(clock + COUNT_LAG_MS)
    expect(spans).toHaveLength(2)
    const after = await list()
    const done = after.find((o) => o.reference === 'PO-SOON')!
    // done when the span that made its last pieces ended
    expect(done.lines[0]).toMatchObject({ made: 100, doneAt: clock })
    expect(done.doneAt).toBe(clock)
    expect(after.find((o) => o.reference === 'PO-PIN')!.lines[0]!.made).toBe(80)
    expect(pinned.status).toBe(201)
    expect(soon.status).toBe(201)
  })

  test('a count corrected by a person: scrap takes pieces away, and a done order is open again', async () => {
    const { body } = await post('/api/orders', order({ lines: [{ designId: 'PATCH-EAGLE', quantity: 20 }] }))
    const id = body.order.id
    const lineId = body.order.lines[0]!.id
    const added = await post(`/api/orders/${id}/correct`, {
      lineId,
      pieces: 20,
      kind: 'correction',
      reason: 'sewn on the old machine',
      by: 'Olaf',
    })
    expect(added.body.order).toMatchObject({ doneAt: T0, lines: [{ made: 20, doneAt: T0 }] })
    clock += HOUR
    const scrapped = await post(`/api/orders/${id}/correct`, {
      lineId,
      pieces: 3,
      kind: 'scrap',
      reason: 'frame slipped',
      by: 'Olaf',
    })
    expect(scrapped.body.order).toMatchObject({ doneAt: null, lines: [{ made: 17, doneAt: null }] })
    const zero = await post(`/api/orders/${id}/correct`, {
      lineId,
      pieces: 0,
      kind: 'correction',
      reason: 'x',
      by: 'Olaf',
    })
    expect(zero.body.error).toBe(
      'The count cannot be corrected: pieces is 0: a correction adds or takes away pieces',
    )
    const log = (await (await app.request(`http://127.0.0.1/api/orders/${id}`)).json()) as {
      entries: OrderEntry[]
    }
    expect(log.entries.map((e) => [e.kind, e.pieces, e.reason, e.by])).toEqual([
      ['scrap', -3, 'frame slipped', 'Olaf'],
      ['correction', 20, 'sewn on the old machine', 'Olaf'],
    ])
  })

  test('the time a machine stood between passes: its short stops with a design loaded, in the span', async () => {
    await db.query('truncate state_intervals')
    const at = (minutes: number) => new Date(T0 + minutes * MINUTE).toISOString()
    const rows: Array<[string, boolean, boolean, string | null, number, number]> = [
      ['M1', false, true, 'CAP', 0, 3], // hooping: 3 min
      ['M1', true, true, 'CAP', 3, 13], // sewing: not a stop
      ['M1', false, true, 'CAP', 13, 15], // a thread break mended: 2 min
      ['M1', false, true, 'CAP', 15, 45], // 30 min: a stop of its own, not part of sewing
      ['M1', false, false, 'CAP', 45, 50], // silent: not seen standing
      ['M1', false, true, null, 50, 55], // no design loaded
      ['M2', false, true, 'POLO', -4, 4], // begins before the span: 4 min in it
    ]
    for (const [machine, turning, reporting, design, from, till] of rows)
      await db.query(
        `insert into state_intervals (machine_id, code, turning, reporting, design_id, started_at, ended_at)
         values ($1, 1, $2, $3, $4, $5, $6)`,
        [machine, turning, reporting, design, at(from), at(till)],
      )
    const stops = await orders.shortStops(T0, T0 + 60 * MINUTE, 15 * MINUTE)
    // M1: 3 + 2 min in two stops (their squares for the spread); M2: the 4 min in the span
    expect(Object.fromEntries(stops)).toEqual({
      M1: { totalMs: 5 * MINUTE, squaresMs2: (3 * MINUTE) ** 2 + (2 * MINUTE) ** 2, count: 2 },
      M2: { totalMs: 4 * MINUTE, squaresMs2: (4 * MINUTE) ** 2, count: 1 },
    })
  })

  test('the orders done within a shift, for its report: listed first done first, counted, the late ones counted', async () => {
    const due = Date.UTC(2026, 11, 11, 15, 0)
    for (const [reference, doneHoursAfterDue] of [
      ['PO-1', -2],
      ['PO-2', 1],
      ['PO-3', -1],
      ['PO-4', 5], // after the span
    ] as const) {
      const saved = await post('/api/orders', order({ reference }))
      await db.query('update orders set done_at = $2 where id = $1', [
        saved.body.order.id,
        new Date(due + doneHoursAfterDue * HOUR).toISOString(),
      ])
    }
    await post('/api/orders', order({ reference: 'PO-5' })) // still open
    const span = [due - 4 * HOUR, due + 4 * HOUR] as const
    // the history's days: orders done before a day are forgotten with their lines; open ones never
    expect(await orders.pruneDoneBefore(due - 90 * MINUTE)).toBe(1)
    const kept = (await list()).map((o) => o.reference).sort()
    expect(kept).toEqual(['PO-2', 'PO-3', 'PO-4', 'PO-5'])
    expect(
      await db.query(
        'select 1 from order_lines l left join orders o on o.id = l.order_id where o.id is null',
      ),
    ).toEqual([])
    expect(await orders.finishedBetween(...span, 2)).toEqual({
      list: [
        { reference: 'PO-3', customer: 'FC Heimat', dueAt: due, doneAt: due - HOUR },
        { reference: 'PO-2', customer: 'FC Heimat', dueAt: due, doneAt: due + HOUR },
      ],
      count: 2,
      late: 1,
    })
  })

  test('the open orders have a bound: past it a new order and an import are refused in words', async () => {
    await db.query(
      `insert into orders (reference, customer, due_at, priority, created_at, created_by, updated_at, updated_by)
       select 'BULK-' || g, 'FC Heimat', now(), 'normal', now(), 'Marta', now(), 'Marta'
       from generate_series(1, $1::int - 1) g`,
      [MAX_OPEN],
    )
    expect((await post('/api/orders', order({ reference: 'PO-LAST' }))).status).toBe(201)
    const refused = await post('/api/orders', order({ reference: 'PO-ONE-TOO-MANY' }))
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe(
      'The order book holds 5,000 open orders; at most 5,000 are kept open: finish or remove some first',
    )
  })

  test('a CSV with 3 bad rows of 50 is refused by their lines, nothing saved; fixed, 50 orders and the mapping kept', async () => {
    const designs = [...DESIGNS.keys()]
    const mapping = proposeMapping(parseCsv(erpExport(designs, false)).rows[0]!, null)
    // a file read in the wrong encoding (its accents became U+FFFD on the way) is refused by that
    const misread = await post('/api/orders/import', {
      csv: erpExport(designs, false).replace('\n', '\ufffd\n'),
      mapping,
      by: 'Marta',
    })
    expect(misread.status).toBe(400)
    expect(misread.body.error).toContain('holds characters that were not read (U+FFFD)')
    const bad = await post('/api/orders/import', { csv: erpExport(designs, true), mapping, by: 'Marta' })
    expect(bad.status).toBe(400)
    const refused = bad.body as unknown as {
      error: string
      problems: Array<{ line: number; message: string }>
    }
    expect(refused.error).toBe('Nothing was imported: 3 rows are wrong (line 8, line 23, line 47)')
    expect(refused.problems.map((p) => p.line)).toEqual([8, 23, 47])
    expect(await list()).toEqual([])
    expect(await (await app.request('http://127.0.0.1/api/orders/import')).json()).toMatchObject({
      mapping: null,
    })

    const good = await post('/api/orders/import', { csv: erpExport(designs, false), mapping, by: 'Marta' })
    expect(good.status).toBe(201)
    expect(good.body).toMatchObject({ imported: 50 })
    const orders = await list()
    expect(orders).toHaveLength(50)
    expect(orders.find((o) => o.reference === 'PO-7005')).toMatchObject({
      customer: 'Müller; Söhne GmbH',
      // 16:00 in Berlin on 6 January
      dueAt: Date.UTC(2027, 0, 6, 15),
      createdBy: 'Marta',
      lines: [{ quantity: 100 }],
    })
    // the mapping is remembered for the next file
    expect(await (await app.request('http://127.0.0.1/api/orders/import')).json()).toMatchObject({ mapping })
    // the same file again: every order is in the book already
    const again = await post('/api/orders/import', { csv: erpExport(designs, false), mapping, by: 'Marta' })
    expect(again.status).toBe(400)
    expect((await list()).length).toBe(50)
  })

  test('an ERP adds orders with ORDERS_API_KEY from anywhere, and changes nothing else with it', async () => {
    const call = (path: string, body: unknown, key: string) =>
      app.request(`http://127.0.0.1${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
        body: JSON.stringify(body),
      })
    const added = await call('/api/orders', order({ by: 'ERP' }), ERP_KEY)
    expect(added.status).toBe(201)
    expect((await list()).map((o) => [o.reference, o.createdBy])).toEqual([['PO-4711', 'ERP']])
    // a wrong key is no key: without a page's Origin the POST is refused
    const wrong = await call('/api/orders', order({ reference: 'PO-4712', by: 'ERP' }), `${ERP_KEY}x`)
    expect(wrong.status).toBe(403)
    // the key changes no order and no setting
    const changed = await call(
      `/api/orders/${(await list())[0]!.id}`,
      { ...order({ by: 'ERP' }), version: 1 },
      ERP_KEY,
    )
    expect(changed.status).toBe(403)
    const settings = await call('/api/stops/settings', { by: 'ERP' }, ERP_KEY)
    expect(settings.status).toBe(403)
    // even from a page: the key is not the admin token
    const fromPage = await app.request(`http://127.0.0.1/api/orders/${(await list())[0]!.id}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'http://127.0.0.1',
        Authorization: `Bearer ${ERP_KEY}`,
      },
      body: JSON.stringify({ ...order({ by: 'ERP' }), version: 1 }),
    })
    expect(fromPage.status).toBe(403)
    expect(await fromPage.json()).toEqual({ error: 'Orders: the orders API key only adds orders' })
    expect((await list()).map((o) => o.reference)).toEqual(['PO-4711'])
  })
})
