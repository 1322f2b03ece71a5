import type { Context, Hono } from 'hono'
import type { AlertEngine } from './alerts/engine'
import { alertRoutes } from './alerts/routes'
import type { Config } from './config'
import { type PlanParts, planRoutes } from './plan/routes'
import { adminGate } from './proxy/admin-token'
import { reportRoutes } from './shift-reports/archive-routes'
import type { ReportDeliveryParts } from './shift-reports/delivery'
import { reportDeliveryRoutes } from './shift-reports/delivery-routes'
import type { ReportStore } from './shift-reports/store'
import type { StopBook } from './stops/book'
import { stopRoutes } from './stops/routes'

/** What these routes read of the history (server/app.ts's RunningHistory), or why there is none. */
type SettingsHistory =
  | ({ store: unknown } & PlanParts & {
        alerts?: AlertEngine
        stops?: StopBook
        delivery?: ReportDeliveryParts
        reports?: ReportStore
      })
  | { unavailable: string }

/** The routes that read and change what people set and say: stop reasons, the plan, the alerts, the
 * reports' delivery. A change needs ADMIN_TOKEN (one gate, one count of wrong guesses). */
export function settingsRoutes(
  app: Hono,
  historyState: () => SettingsHistory,
  config: Pick<Config, 'adminToken' | 'shifts' | 'timeZone' | 'smtp'>,
  now: () => number,
) {
  const gate = adminGate(() => config.adminToken, now)
  const settingsOptions = (what: string) => ({
    adminRefusal: (c: Context) => gate(c, what),
    canChange: config.adminToken !== null,
    shiftNames: config.shifts.map((s) => s.name),
    shifts: config.shifts,
    timeZone: config.timeZone,
    now,
  })
  stopRoutes(app, historyState, settingsOptions('Stop reasons and planned stops'))
  // the shift reports' archive, read by anyone (their delivery's settings are below, behind the gate)
  reportRoutes(app, () => {
    const state = historyState()
    if ('unavailable' in state) return state.unavailable
    return state.reports ?? 'this server keeps no history'
  })
  planRoutes(app, historyState, settingsOptions('Targets'))
  alertRoutes(app, () => {
    const state = historyState()
    if (!('store' in state)) return { unavailable: state.unavailable }
    if (!state.alerts) return { unavailable: 'this server keeps no alerts' }
    return {
      engine: state.alerts,
      adminToken: config.adminToken,
      gate,
      mailConfigured: config.smtp !== null,
      timeZone: config.timeZone,
      shifts: config.shifts,
      now,
    }
  })
  reportDeliveryRoutes(app, () => {
    const state = historyState()
    if (!('store' in state)) return { unavailable: state.unavailable }
    if (!state.delivery || !state.reports) return { unavailable: 'this server sends no reports' }
    const { delivery } = state.delivery
    return {
      ...state.delivery,
      reports: state.reports,
      channels: () => delivery.channels(),
      adminRefusal: (c: Context) => gate(c, 'Report settings'),
      canChange: config.adminToken !== null,
      mailConfigured: config.smtp !== null,
      now,
    }
  })
}
