import type { Context, Hono } from 'hono'
import { isQuiet } from '../../src/lib/quiet-hours'
import type { NamedShift } from '../../src/lib/time-range'
import { readBodyLimited } from '../proxy/request-body'
import type { AlertEngine } from './engine'
import { mergeSettings, publicSettings } from './settings'
import { alarmLoad, alertReport } from './stats'

export interface AlertsContext {
  engine: AlertEngine
  /** whether the asker may change the settings (server/people/guard.ts checks each change) */
  canChange: (c: Context) => Promise<boolean>
  mailConfigured: boolean
  timeZone: string
  shifts: readonly NamedShift[]
  now: () => number
}

const MAX_SETTINGS_BYTES = 64 * 1024
const MAX_RANGE_DAYS = 31
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/

/** The alerts' routes: the list, "I'm on it", the settings (changed only with ADMIN_TOKEN), a test per
 * channel, and the figures of a range. Registered before the read-only proxy claims /api/*. */
export function alertRoutes(app: Hono, alertsOf: () => AlertsContext | { unavailable: string }) {
  app.use('/api/alerts/*', async (c, next) => {
    const context = alertsOf()
    // (the pattern also matches /api/alerts itself, which answers below as a normal answer)
    if ('unavailable' in context && c.req.path !== '/api/alerts')
      return c.json({ error: `No alerts: ${context.unavailable}` }, 503)
    c.header('Cache-Control', 'no-store')
    await next()
  })
  app.use('/api/alerts', async (c, next) => {
    const context = alertsOf()
    if ('unavailable' in context) {
      c.header('Cache-Control', 'no-store')
      return c.json({ available: false, reason: context.unavailable, alerts: [] })
    }
    c.header('Cache-Control', 'no-store')
    await next()
  })
  const ctx = () => alertsOf() as AlertsContext

  app.get('/api/alerts', async (c) => {
    const { engine, timeZone, now } = ctx()
    const [snapshot, settings] = await Promise.all([engine.snapshot(), engine.settings()])
    return c.json({ available: true, ...snapshot, quiet: isQuiet(settings.quietHours, now(), timeZone) })
  })

  app.post('/api/alerts/:id/acknowledge', async (c) => {
    const id = c.req.param('id')
    if (!/^\d{1,15}$/.test(id)) return c.json({ error: 'Not an alert ID' }, 400)
    const body = await readBodyLimited(c.req.raw, 4096)
    if (!body.ok) return c.json({ error: 'Send {"name": "…"} of at most 4 KiB' }, 400)
    let name: unknown
    try {
      name = (JSON.parse(body.text) as { name?: unknown } | null)?.name
    } catch {
      return c.json({ error: 'The body is not JSON; send {"name": "…"}' }, 400)
    }
    if (typeof name !== 'string' || name.trim().length === 0 || name.trim().length > 60 || CONTROL.test(name))
      return c.json({ error: 'Say who is on it: a name of 1–60 characters' }, 400)
    const { engine } = ctx()
    const alert = await engine.acknowledge(Number(id), name.trim())
    if (!alert) return c.json({ error: `No alert ${id}` }, 404)
    if (alert.clearedAt !== null && alert.acknowledgedAt === null)
      return c.json({ error: 'This alert is already cleared', alert }, 409)
    return c.json({ alert })
  })

  app.get('/api/alerts/settings', async (c) => {
    const { engine, canChange, mailConfigured, timeZone, shifts, now } = ctx()
    const at = now()
    const [settings, health, recent] = await Promise.all([
      engine.settings(),
      engine.health(),
      engine.raisedBetween(at - 2 * 86_400_000, at + 1),
    ])
    return c.json({
      settings: publicSettings(settings),
      canChange: await canChange(c),
      mailConfigured,
      health,
      load: alarmLoad(recent, at, timeZone, shifts, settings.alertsPerHour),
      problems: engine.problems(),
    })
  })

  app.post('/api/alerts/settings', async (c) => {
    const body = await readBodyLimited(c.req.raw, MAX_SETTINGS_BYTES)
    if (!body.ok) return c.json({ error: `Settings may be at most ${MAX_SETTINGS_BYTES / 1024} KiB` }, 413)
    let input: unknown
    try {
      input = JSON.parse(body.text)
    } catch {
      return c.json({ error: 'The settings are not JSON' }, 400)
    }
    const { engine } = ctx()
    const merged = mergeSettings(input, await engine.settings())
    if (!merged.ok) return c.json({ error: merged.error }, 400)
    await engine.saveSettings(merged.settings)
    return c.json({ settings: publicSettings(merged.settings) })
  })

  app.post('/api/alerts/channels/:id/test', async (c) => {
    const { engine } = ctx()
    const channel = (await engine.settings()).channels.find((ch) => ch.id === c.req.param('id'))
    if (!channel) return c.json({ error: 'No such channel; save the settings first' }, 404)
    const message = await engine.test(channel.id)
    return c.json({ queued: message !== null, channel: channel.id })
  })

  app.get('/api/alerts/report', async (c) => {
    const from = c.req.query('from')
    const till = c.req.query('till')
    if (!from || !till || !/^\d{1,12}$/.test(from) || !/^\d{1,12}$/.test(till))
      return c.json({ error: 'Parameters from and till are required, as Unix seconds' }, 400)
    if (Number(from) >= Number(till)) return c.json({ error: 'Parameter from must be before till' }, 400)
    if (Number(till) - Number(from) > MAX_RANGE_DAYS * 86_400)
      return c.json({ error: `The range is longer than ${MAX_RANGE_DAYS} days; ask for a shorter one` }, 400)
    const alerts = await ctx().engine.raisedBetween(Number(from) * 1000, Number(till) * 1000)
    return c.json({ from: Number(from), till: Number(till), ...alertReport(alerts) })
  })
}
