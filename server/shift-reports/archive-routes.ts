import type { Hono } from 'hono'
import { dayRangeError } from '../plan/day-range'
import type { ReportStore } from './store'

/** The longest range of reports listed at once: a quarter and a little. */
export const MAX_REPORT_DAYS = 100
/**
 * The shift reports' archive: `GET /api/shift-reports?from&till` lists the reports of the shifts starting
 * on those days (newest first, each with its headline figures), `GET /api/shift-reports/:id` one report
 * with every figure as it was frozen when built.
 */
export function reportRoutes(app: Hono, storeOf: () => ReportStore | string) {
  app.use('/api/shift-reports', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    await next()
  })
  app.use('/api/shift-reports/*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    await next()
  })

  app.get('/api/shift-reports', async (c) => {
    const from = c.req.query('from') ?? ''
    const till = c.req.query('till') ?? ''
    const wrong = dayRangeError(from, till, MAX_REPORT_DAYS)
    if (wrong) return c.json({ error: wrong }, 400)
    const store = storeOf()
    if (typeof store === 'string') return c.json({ error: `No shift reports: ${store}` }, 503)
    // which instance built it stays in the database: its host's name is not the browsers' business
    return c.json({ reports: (await store.list(from, till)).map(({ builtBy: _, ...report }) => report) })
  })

  app.get('/api/shift-reports/:id', async (c) => {
    const raw = c.req.param('id')
    const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null
    if (id === null)
      return c.json({ error: `Report id ${JSON.stringify(raw.slice(0, 40))} is not a number` }, 400)
    const store = storeOf()
    if (typeof store === 'string') return c.json({ error: `No shift reports: ${store}` }, 503)
    const report = await store.get(id)
    if (!report) return c.json({ error: `No shift report ${id}` }, 404)
    const { builtBy: _, ...shown } = report
    return c.json(shown)
  })
}
