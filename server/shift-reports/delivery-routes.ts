import type { Context, Hono, MiddlewareHandler } from 'hono'
import { REPORT_KINDS, type ReportKind } from '../../src/lib/shift-report-figures'
import type { Channel } from '../alerts/settings'
import { jsonBody } from '../stops/routes'
import { personName } from '../stops/settings'
import type { ReportDelivery } from './delivery'
import { checkReportSettings } from './delivery-settings'
import type { ReportOutbox } from './outbox'
import type { ReportStore } from './store'

export interface ReportDeliveryContext {
  outbox: ReportOutbox
  delivery: ReportDelivery
  reports: ReportStore
  channels: () => Promise<readonly Channel[]>
  /** null when the request carries ADMIN_TOKEN; otherwise the refusal */
  /** whether the asker may change the settings (server/people/guard.ts checks each change) */
  canChange: (c: Context) => Promise<boolean>
  mailConfigured: boolean
  now: () => number
}

const MAX_BODY_BYTES = 8 * 1024

/**
 * The reports' delivery settings: `GET /api/report-settings` (which channels get which report, the grace,
 * the daily and weekly times, each channel's deliveries and the latest report of each kind),
 * `POST /api/report-settings` (ADMIN_TOKEN; `by` says who) and `POST /api/report-settings/send-now`
 * (ADMIN_TOKEN: the latest report of a kind to its channels again, now).
 */
export function reportDeliveryRoutes(
  app: Hono,
  contextOf: () => ReportDeliveryContext | { unavailable: string },
) {
  const available: MiddlewareHandler = async (c, next) => {
    c.header('Cache-Control', 'no-store')
    const context = contextOf()
    if ('unavailable' in context) return c.json({ error: `No shift reports: ${context.unavailable}` }, 503)
    await next()
  }
  app.use('/api/report-settings', available)
  app.use('/api/report-settings/*', available)
  const ctx = () => contextOf() as ReportDeliveryContext

  app.get('/api/report-settings', async (c) => {
    const { outbox, reports, channels, canChange, mailConfigured } = ctx()
    const [settings, health, known, ...latest] = await Promise.all([
      outbox.settings(),
      outbox.health(),
      channels(),
      ...REPORT_KINDS.map((kind) => reports.latest(kind)),
    ])
    const { updatedBy, updatedAt, ...chosen } = settings
    return c.json({
      settings: chosen,
      updatedBy,
      updatedAt,
      canChange: await canChange(c),
      mailConfigured,
      // the alerts' channels without their addresses (a webhook's carries its key)
      channels: known.map((ch) => ({ id: ch.id, name: ch.name, kind: ch.kind })),
      health,
      latest: Object.fromEntries(
        REPORT_KINDS.map((kind, i) => {
          const report = latest[i]
          return [
            kind,
            report
              ? { id: report.id, shift: report.shift, day: report.day, start: report.start, end: report.end }
              : null,
          ]
        }),
      ),
    })
  })

  app.post('/api/report-settings', async (c) => {
    const { outbox, channels, now } = ctx()
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const input = body.value as { by?: unknown; settings?: unknown } | null
    const who = personName.safeParse(input?.by)
    if (!who.success)
      return c.json({ error: 'Say who changes the settings: by, a name of 1–60 characters' }, 400)
    const checked = checkReportSettings(
      input?.settings,
      (await channels()).map((ch) => ch.id),
    )
    if (!checked.ok) return c.json({ error: `Report settings: ${checked.error}` }, 400)
    await outbox.saveSettings(checked.settings, who.data, now())
    return c.json({ settings: checked.settings })
  })

  app.post('/api/report-settings/send-now', async (c) => {
    const { outbox, reports, delivery, now } = ctx()
    const body = await jsonBody(c, MAX_BODY_BYTES)
    if (!body.ok) return body.response
    const input = body.value as { by?: unknown; kind?: unknown } | null
    const who = personName.safeParse(input?.by)
    if (!who.success) return c.json({ error: 'Say who sends it: by, a name of 1–60 characters' }, 400)
    const kind = input?.kind ?? 'shift'
    if (!REPORT_KINDS.includes(kind as ReportKind))
      return c.json({ error: `kind must be one of ${REPORT_KINDS.join(', ')}` }, 400)
    const report = await reports.latest(kind as ReportKind)
    if (!report) return c.json({ error: `No ${kind} report has been built yet` }, 404)
    const settings = await outbox.settings()
    const to = settings.channels[kind as ReportKind]
    if (to.length === 0)
      return c.json({ error: `No channel is chosen for the ${kind} reports: choose one and save first` }, 409)
    await outbox.sendNow({ id: report.id, kind: kind as ReportKind }, to, who.data, now())
    void delivery.dispatch()
    return c.json({ reportId: report.id, channels: to })
  })
}
