import type { Hono } from 'hono'
import * as z from 'zod'
import { parseCsv } from '../../src/lib/csv'
import { IMPORT_FIELDS, type ImportMapping, importOrders, MAX_IMPORT_ROWS } from '../../src/lib/order-import'
import { jsonBody } from '../stops/routes'
import { bodyError, personName } from '../stops/settings'
import { OrderError, type OrderStore } from './store'

/** A CSV file sent at most (with its JSON around it, under the guard's 128 KiB). */
const MAX_CSV_CHARS = 100_000
const MAX_BODY_BYTES = 128 * 1024

const mappingSchema = z
  .object(Object.fromEntries(IMPORT_FIELDS.map((f) => [f, z.string().max(200).optional()])))
  .strict() as unknown as z.ZodType<ImportMapping>

const importBody = z
  .object({
    csv: z
      .string({ error: 'is not text' })
      .min(1, 'is empty')
      .max(MAX_CSV_CHARS, `is longer than ${MAX_CSV_CHARS.toLocaleString('en')} characters: split the file`)
      .refine(
        (text) => !text.includes('\ufffd'),
        'holds characters that were not read (U+FFFD): the file was not read as UTF-8; export it as UTF-8 and send it again',
      ),
    mapping: mappingSchema,
    by: personName,
  })
  .strict()

/**
 * The CSV import of an ERP's orders: `GET /api/orders/import` gives the mapping the last import used, and
 * `POST /api/orders/import` checks every row (src/lib/order-import.ts) and saves all the orders with the
 * mapping, or nothing and every bad row by its line.
 */
export function orderImportRoutes(
  app: Hono,
  storeOf: () => OrderStore | string,
  options: {
    /** the designs the production API knows, or why they cannot be known now */
    designs: () => Promise<ReadonlyMap<string, number | null> | string>
    now: () => number
    /** due times without an offset are in it */
    timeZone: string
  },
) {
  app.get('/api/orders/import', async (c) => {
    const store = storeOf()
    if (typeof store === 'string') return c.json({ error: `No orders: ${store}` }, 503)
    const kept = await store.importMapping()
    return c.json({ mapping: kept ? (JSON.parse(kept) as ImportMapping) : null, maxRows: MAX_IMPORT_ROWS })
  })

  app.post('/api/orders/import', async (c) => {
    const store = storeOf()
    if (typeof store === 'string') return c.json({ error: `No orders: ${store}` }, 503)
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const parsed = importBody.safeParse(body.value)
    if (!parsed.success)
      return c.json({ error: bodyError(parsed.error, 'The orders cannot be imported') }, 400)
    const { csv, mapping, by } = parsed.data
    const designs = await options.designs()
    if (typeof designs === 'string')
      return c.json(
        { error: `The orders cannot be imported: the designs cannot be checked (${designs})` },
        502,
      )
    const { orders, problems } = importOrders(parseCsv(csv), mapping, {
      timeZone: options.timeZone,
      designs,
      taken: await store.references(),
    })
    if (problems.length > 0)
      return c.json(
        {
          error: `Nothing was imported: ${problems.length === 1 ? '1 row is' : `${problems.length} rows are`} wrong (${problems
            .slice(0, 5)
            .map((p) => `line ${p.line}`)
            .join(', ')}${problems.length > 5 ? ', …' : ''})`,
          problems: problems.slice(0, 500),
        },
        400,
      )
    try {
      const imported = await store.importMany(orders, JSON.stringify(mapping), by, options.now())
      return c.json({ imported, references: orders.map((o) => o.reference) }, 201)
    } catch (error) {
      if (error instanceof OrderError)
        return c.json({ error: error.message, reason: error.reason }, error.status)
      throw error
    }
  })
}
