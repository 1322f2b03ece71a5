import type { Hono } from 'hono'
import { parseDayKey } from '../../src/lib/factory-time'
import type { ReportStore } from './reports'

/** The longest range of reports listed at once: a quarter and a little. */
export const MAX_REPORT_DAYS = 100
const DAY = /^\d{4}-\d{2}-\d{2}$/

const validDay = (s: string) => {
  if (!DAY.test(s)) return false
  const { year, month, day } = parseDayKey(s)
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

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
    if (!validDay(from) || !validDay(till))
      return c.json({ error: 'Parameters from and till are required, as days YYYY-MM-DD' }, 400)
    if (from > till) return c.json({ error: 'Parameter from must not be after till' }, 400)
    if (Date.parse(till) - Date.parse(from) >= MAX_REPORT_DAYS * 86_400_000)
      return c.json({ error: `The range is longer than ${MAX_REPORT_DAYS} days; ask for a shorter one` }, 400)
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
