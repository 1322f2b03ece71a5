// One piece: the order book's SQL (orders, lines, counts, imports) reads as one with its schema.
import {
  type Allocation,
  allocatePieces,
  type MadePieces,
  madeAfter,
  type Order,
  type OrderEntry,
  type OrderLine,
  type OrderPriority,
  openLinesOf,
} from '../../src/lib/orders'
import type { Db, Tx } from '../history/db'
import { iso, ms } from '../history/store'
import { settle } from './settle'

/** A refusal the routes pass on as it is: its status and its words. */
export class OrderError extends Error {
  override name = 'OrderError'
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    /** for the page's own words: `changed` (someone changed the order first), `duplicate` (the reference
     * is taken) */
    readonly reason: 'changed' | 'duplicate' | null = null,
  ) {
    super(message)
  }
}

/** What a person writes of an order (the store keeps the rest). */
export interface OrderInput {
  reference: string
  customer: string
  dueAt: number
  priority: OrderPriority
  machineIds: readonly string[]
  note: string
  /** `id`: a line the order has already (kept with its count); without it, a new line */
  lines: ReadonlyArray<{ id?: number; designId: string; quantity: number }>
}

/** Open orders read at most (the order book of a factory is hundreds, not tens of thousands). */
export const MAX_OPEN = 5000
/** Done orders read at most, the newest first. */
const MAX_DONE = 500
/** A line's log read at most. */
const MAX_ENTRIES = 500

const ORDER_COLUMNS = `id, reference, customer, due_at, priority, machine_ids, note, created_at, created_by,
  updated_at, updated_by, version, done_at`

type Row = Record<string, unknown>
const json = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value)

function ordersOf(rows: readonly Row[], lineRows: readonly Row[]): Order[] {
  const lines = new Map<number, OrderLine[]>()
  for (const r of lineRows) {
    const list = lines.get(Number(r.order_id)) ?? []
    list.push({
      id: Number(r.id),
      designId: String(r.design_id),
      quantity: Number(r.quantity),
      made: Number(r.made),
      doneAt: ms(r.done_at),
    })
    lines.set(Number(r.order_id), list)
  }
  return rows.map((r) => ({
    id: Number(r.id),
    reference: String(r.reference),
    customer: String(r.customer),
    dueAt: ms(r.due_at)!,
    priority: String(r.priority) as OrderPriority,
    machineIds: (json(r.machine_ids) as string[]) ?? [],
    note: String(r.note),
    lines: lines.get(Number(r.id)) ?? [],
    createdAt: ms(r.created_at)!,
    createdBy: String(r.created_by),
    updatedAt: ms(r.updated_at)!,
    updatedBy: String(r.updated_by),
    version: Number(r.version),
    doneAt: ms(r.done_at),
  }))
}

/** The order's own fields as the insert and the change write them ($1 … $6 of theirs, in this order). */
const orderFields = (input: OrderInput) => [
  input.reference,
  input.customer,
  iso(input.dueAt),
  input.priority,
  JSON.stringify(input.machineIds),
  input.note,
]

const duplicate = (reference: string) =>
  new OrderError(409, `An order with the reference "${reference}" exists already`, 'duplicate')

/** The short stops of a machine with a design loaded: their total, the sum of their squares, their count. */
export interface ShortStops {
  totalMs: number
  squaresMs2: number
  count: number
}

/**
 * The order book (migration 12): orders, their lines, and every count of a line. A line's `made` is the
 * sum of its counts, written in the transaction that adds one; an order is done when each of its lines
 * has its quantity, and open again when a correction or a larger quantity takes that back.
 */
export class OrderStore {
  /** Changes written by this instance (orders, counts): what is worked out from the orders is worked out
   * again at once when it grows. */
  private written = 0
  constructor(readonly db: Db) {}

  get changes(): number {
    return this.written
  }

  /** A transaction that changes the order book, counted in `changes` once it has ended. */
  private async write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work)
    } finally {
      this.written += 1
    }
  }

  /** Orders and their lines; `lock`: the orders' rows are held until the transaction ends. */
  private async read(
    q: Db | Tx,
    where: string,
    params: unknown[],
    limit: number,
    lock = false,
  ): Promise<Order[]> {
    const rows = await q.query<Row>(
      `select ${ORDER_COLUMNS} from orders ${where} limit ${limit}${lock ? ' for update' : ''}`,
      params,
    )
    if (rows.length === 0) return []
    const lineRows = await q.query<Row>(
      'select * from order_lines where order_id = any($1::bigint[]) order by order_id, position',
      [rows.map((r) => Number(r.id))],
    )
    return ordersOf(rows, lineRows)
  }

  /** Open orders, due first; and the orders done since `doneSince` (ms), the latest first. */
  async list(doneSince: number): Promise<Order[]> {
    const open = await this.read(this.db, 'where done_at is null order by due_at, id', [], MAX_OPEN)
    const done = await this.read(
      this.db,
      'where done_at >= $1 order by done_at desc, id desc',
      [iso(doneSince)],
      MAX_DONE,
    )
    return [...open, ...done]
  }

  async byId(id: number, q: Db | Tx = this.db): Promise<Order | null> {
    return (await this.read(q, 'where id = $1', [id], 1))[0] ?? null
  }

  /** A line's counts, the newest first. */
  async entries(orderId: number): Promise<OrderEntry[]> {
    const rows = await this.db.query<Row>(
      `select p.* from order_pieces p join order_lines l on l.id = p.line_id
       where l.order_id = $1 order by p.at desc, p.id desc limit ${MAX_ENTRIES}`,
      [orderId],
    )
    return rows.map((r) => ({
      id: Number(r.id),
      lineId: Number(r.line_id),
      kind: String(r.kind) as OrderEntry['kind'],
      machineId: r.machine_id === null ? null : String(r.machine_id),
      pieces: Number(r.pieces),
      from: ms(r.from_at),
      till: ms(r.till_at),
      reason: r.reason === null ? null : String(r.reason),
      by: r.by === null ? null : String(r.by),
      at: ms(r.at)!,
    }))
  }

  async create(input: OrderInput, by: string, at: number): Promise<Order> {
    try {
      return await this.write(async (tx) => {
        await this.roomFor(tx, 1)
        const id = await this.insertOrder(tx, input, by, at)
        return (await this.byId(id, tx))!
      })
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw duplicate(input.reference)
      throw error
    }
  }

  /**
   * Saves the orders of a CSV import and the column mapping it used in one transaction: all of them or,
   * when a reference is taken meanwhile, none.
   */
  async importMany(inputs: readonly OrderInput[], mapping: string, by: string, at: number): Promise<number> {
    try {
      return await this.write(async (tx) => {
        await this.roomFor(tx, inputs.length)
        for (const input of inputs) await this.insertOrder(tx, input, by, at)
        await tx.query('update order_tracker set import_mapping = $1 where id = 1', [mapping])
        return inputs.length
      })
    } catch (error) {
      if ((error as { code?: string }).code === '23505')
        throw new OrderError(
          409,
          'Nothing was imported: an order of the file was added meanwhile; import it again',
          'duplicate',
        )
      throw error
    }
  }

  /** Refuses `adding` orders more when the open ones would pass MAX_OPEN, the most the pages list. */
  private async roomFor(tx: Tx, adding: number): Promise<void> {
    const [row] = await tx.query<Row>('select count(*) as open from orders where done_at is null')
    const open = Number(row?.open ?? 0)
    if (open + adding > MAX_OPEN)
      throw new OrderError(
        409,
        `The order book holds ${open.toLocaleString('en')} open orders; at most ${MAX_OPEN.toLocaleString('en')} are kept open: finish or remove some first`,
      )
  }

  /** The column mapping of the last CSV import (JSON), null before the first. */
  async importMapping(): Promise<string | null> {
    const [row] = await this.db.query<Row>('select import_mapping from order_tracker where id = 1')
    return typeof row?.import_mapping === 'string' ? row.import_mapping : null
  }

  /** The references in the order book, lower case (a CSV import adds none of them again). */
  async references(): Promise<Set<string>> {
    const rows = await this.db.query<Row>('select lower(reference) as reference from orders')
    return new Set(rows.map((r) => String(r.reference)))
  }

  /** A new order with its lines; returns its id. */
  private async insertOrder(tx: Tx, input: OrderInput, by: string, at: number): Promise<number> {
    const [row] = await tx.query<{ id: unknown }>(
      `insert into orders (reference, customer, due_at, priority, machine_ids, note, created_at, created_by,
         updated_at, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $7, $8) returning id`,
      [...orderFields(input), iso(at), by],
    )
    const id = Number(row!.id)
    await this.insertLines(tx, id, input.lines, 0)
    return id
  }

  private async insertLines(tx: Tx, orderId: number, lines: OrderInput['lines'], from: number) {
    for (const [i, line] of lines.entries())
      await tx.query(
        'insert into order_lines (order_id, position, design_id, quantity) values ($1, $2, $3, $4)',
        [orderId, from + i, line.designId, line.quantity],
      )
  }

  /**
   * Changes an order made on `version`; refused when someone changed it since (nothing is overwritten), when
   * a line with pieces counted would go, or when a kept line's design changes. Returns the order as now.
   */
  async update(id: number, version: number, input: OrderInput, by: string, at: number): Promise<Order> {
    try {
      return await this.write(async (tx) => {
        const current = (await this.read(tx, 'where id = $1', [id], 1, true))[0]
        if (!current) throw new OrderError(404, `There is no order ${id}`)
        if (current.version !== version)
          throw new OrderError(
            409,
            `Order ${current.reference} was changed by ${current.updatedBy} at ${iso(current.updatedAt)} while you edited it: nothing was saved; open it again to see their change`,
            'changed',
          )
        const kept = new Map(current.lines.map((l) => [l.id, l]))
        for (const line of input.lines)
          if (line.id !== undefined) {
            const old = kept.get(line.id)
            if (!old) throw new OrderError(400, `Order ${current.reference} has no line ${line.id}`)
            if (old.designId !== line.designId && old.made > 0)
              throw new OrderError(
                400,
                `The line of design ${old.designId} has ${old.made} pieces counted: its design cannot change; add a new line instead`,
              )
          }
        const ids = input.lines.flatMap((l) => (l.id === undefined ? [] : [l.id]))
        if (new Set(ids).size !== ids.length)
          throw new OrderError(400, `The change of order ${current.reference} names one line twice`)
        const listed = new Set(ids)
        const counted = new Set(
          (
            await tx.query<{ line_id: unknown }>(
              'select distinct line_id from order_pieces where line_id = any($1::bigint[])',
              [current.lines.map((l) => l.id)],
            )
          ).map((r) => Number(r.line_id)),
        )
        for (const old of current.lines)
          if (!listed.has(old.id)) {
            if (counted.has(old.id))
              throw new OrderError(
                400,
                `The line of design ${old.designId} has counts in its log (${old.made} pieces now) and cannot be removed; set its quantity instead`,
              )
            await tx.query('delete from order_lines where id = $1', [old.id])
          }
        await tx.query(
          `update orders set reference = $2, customer = $3, due_at = $4, priority = $5, machine_ids = $6,
             note = $7, updated_at = $8, updated_by = $9, version = version + 1 where id = $1`,
          [id, ...orderFields(input), iso(at), by],
        )
        for (const [position, line] of input.lines.entries())
          if (line.id === undefined) await this.insertLines(tx, id, [line], position)
          else
            await tx.query(
              'update order_lines set position = $2, design_id = $3, quantity = $4 where id = $1',
              [line.id, position, line.designId, line.quantity],
            )
        await settle(tx, [id], at)
        return (await this.byId(id, tx))!
      })
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw duplicate(input.reference)
      throw error
    }
  }

  /** A person's correction of a line's count (+ or −, or scrap), with its reason. */
  async correct(
    orderId: number,
    entry: { lineId: number; pieces: number; kind: 'correction' | 'scrap'; reason: string },
    by: string,
    at: number,
  ): Promise<Order> {
    return this.write(async (tx) => {
      // the order first, then its line: the order a change and the count take them in (no deadlock)
      const [order] = await tx.query<Row>('select id from orders where id = $1 for update', [orderId])
      if (!order) throw new OrderError(404, `There is no order ${orderId}`)
      const [line] = await tx.query<Row>(
        'select id, made from order_lines where id = $1 and order_id = $2 for update',
        [entry.lineId, orderId],
      )
      if (!line) throw new OrderError(404, `Order ${orderId} has no line ${entry.lineId}`)
      const delta = entry.kind === 'scrap' ? -Math.abs(entry.pieces) : entry.pieces
      const made = madeAfter(Number(line.made), delta)
      await tx.query(
        `insert into order_pieces (line_id, kind, pieces, reason, by, at) values ($1, $2, $3, $4, $5, $6)`,
        [entry.lineId, entry.kind, made - Number(line.made), entry.reason, by, iso(at)],
      )
      await tx.query('update order_lines set made = $2 where id = $1', [entry.lineId, made])
      await settle(tx, [orderId], at)
      return (await this.byId(orderId, tx))!
    })
  }

  /** The count of the machines' pieces begins at `at` (ms): only for the demo's order book, entered before
   * its first start (server/orders/demo.ts). */
  async startCountAt(at: number): Promise<void> {
    await this.db.query('update order_tracker set tracked_until = $1 where id = 1', [iso(at)])
  }

  /**
   * The time each machine stood between passes from `from` to `till` (ms): its short stops with a design
   * loaded (hooping, frame change, a thread break mended), each under `shortMs`, while it reported. Longer
   * stops are losses of their own (a reason, a planned stop), not part of sewing a design.
   */
  async shortStops(from: number, till: number, shortMs: number): Promise<Map<string, ShortStops>> {
    const rows = await this.db.query<Row>(
      `select machine_id, sum(seconds) as seconds, sum(seconds * seconds) as squares, count(*) as stops
       from (
         select machine_id,
           extract(epoch from (least(ended_at, $2::timestamptz) - greatest(started_at, $1::timestamptz)))
             as seconds
         from state_intervals
         where ended_at is not null and ended_at > $1 and started_at < $2 and not turning and reporting
           and design_id is not null and extract(epoch from (ended_at - started_at)) * 1000 < $3
       ) s
       group by machine_id`,
      [iso(from), iso(till), shortMs],
    )
    return new Map(
      rows.map((r) => [
        String(r.machine_id),
        { totalMs: Number(r.seconds) * 1000, squaresMs2: Number(r.squares) * 1e6, count: Number(r.stops) },
      ]),
    )
  }

  /** Forgets the orders done before `before` (ms), with their lines and counts (the history's days): the
   * order book stays bounded however long stitchboard runs. Returns how many were forgotten. */
  async pruneDoneBefore(before: number): Promise<number> {
    const rows = await this.db.query<Row>('delete from orders where done_at < $1 returning id', [iso(before)])
    return rows.length
  }

  /** The orders done within [from, till), first done first (at most `limit`), with how many there were
   * and how many of them after their due time. */
  async finishedBetween(
    from: number,
    till: number,
    limit: number,
  ): Promise<{
    list: Array<{ reference: string; customer: string; dueAt: number; doneAt: number }>
    count: number
    late: number
  }> {
    const range = [iso(from), iso(till)]
    const [rows, [counts]] = await Promise.all([
      this.db.query<Row>(
        `select reference, customer, due_at, done_at from orders
         where done_at >= $1 and done_at < $2 order by done_at, id limit $3`,
        [...range, limit],
      ),
      this.db.query<Row>(
        `select count(*) as count, count(*) filter (where done_at > due_at) as late from orders
         where done_at >= $1 and done_at < $2`,
        range,
      ),
    ])
    return {
      list: rows.map((r) => ({
        reference: String(r.reference),
        customer: String(r.customer),
        dueAt: ms(r.due_at)!,
        doneAt: ms(r.done_at)!,
      })),
      count: Number(counts?.count ?? 0),
      late: Number(counts?.late ?? 0),
    }
  }

  /** Up to when the machines' pieces are counted (ms), null before the first count. */
  async trackedUntil(): Promise<number | null> {
    const [row] = await this.db.query<Row>('select tracked_until from order_tracker where id = 1')
    return ms(row?.tracked_until)
  }

  /**
   * Books the pieces the machines made from `from` to `till` to the open orders (src/lib/orders.ts's
   * allocatePieces), and moves the count on to `till`. Counts nothing when the count is no longer at
   * `from` (another instance counted the span first), so a span is counted once. Returns what it booked
   * and the orders that became done, or null when it counted nothing.
   */
  async book(
    from: number | null,
    till: number,
    made: readonly MadePieces[],
    at: number,
  ): Promise<{ booked: Allocation[]; done: number[] } | null> {
    const result = await this.db.transaction(async (tx) => {
      const [tracker] = await tx.query<Row>('select tracked_until from order_tracker where id = 1 for update')
      if (ms(tracker?.tracked_until) !== from) return null
      // an order counts the pieces of the spans that began once it existed
      // the open orders with a line of a design made in the span (however many orders are open); locked
      // in the order of their ids, as a change and a correction lock them
      const designs = [...new Set(made.map((m) => m.designId))]
      const wanted =
        from === null || designs.length === 0
          ? []
          : await tx.query<{ id: unknown }>(
              `select distinct o.id from orders o join order_lines l on l.order_id = o.id
               where o.done_at is null and o.created_at <= $1 and l.design_id = any($2::text[])
                 and l.made < l.quantity`,
              [iso(from!), designs],
            )
      const open =
        wanted.length === 0
          ? []
          : await this.read(
              tx,
              'where id = any($1::bigint[]) order by id',
              [wanted.map((r) => Number(r.id))],
              wanted.length,
              true,
            )
      const booked = allocatePieces(made, openLinesOf(open))
      for (const b of booked) {
        await tx.query(
          `insert into order_pieces (line_id, kind, machine_id, pieces, from_at, till_at, at)
           values ($1, 'machine', $2, $3, $4, $5, $6)`,
          [b.lineId, b.machineId, b.pieces, iso(from!), iso(till), iso(at)],
        )
        await tx.query('update order_lines set made = made + $2 where id = $1', [b.lineId, b.pieces])
      }
      const touched = [
        ...new Set(
          open.filter((o) => o.lines.some((l) => booked.some((b) => b.lineId === l.id))).map((o) => o.id),
        ),
      ]
      // done when the span that made its last pieces ended (a catch-up books hours at once)
      const done = await settle(tx, touched, till)
      await tx.query('update order_tracker set tracked_until = $1 where id = 1', [iso(till)])
      return { booked, done }
    })
    if (result && result.booked.length > 0) this.written += 1
    return result
  }
}
