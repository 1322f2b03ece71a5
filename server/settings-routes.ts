import type { Context, Hono } from 'hono'
import type { Role } from '../src/lib/roles'
import { roleAtLeast } from '../src/lib/roles'
import type { AlertEngine } from './alerts/engine'
import { alertRoutes } from './alerts/routes'
import type { AuditLog } from './audit/log'
import type { Config } from './config'
import type { HistoryStore } from './history/store'
import { type MaintenanceParts, maintenanceRoutes } from './maintenance/routes'
import type { OrderParts } from './orders/parts'
import { orderRoutes } from './orders/routes'
import { authRoutes } from './people/auth-routes'
import { deviceRoutes } from './people/device-routes'
import type { DeviceStore } from './people/devices'
import { peopleGuard } from './people/guard'
import { OidcClient } from './people/oidc'
import { peopleRoutes } from './people/routes'
import type { PeopleStore } from './people/store'
import { viewGate } from './people/view-gate'
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
  | ({ store: HistoryStore } & PlanParts & {
        alerts?: AlertEngine
        stops?: StopBook
        delivery?: ReportDeliveryParts
        reports?: ReportStore
        people?: PeopleStore
        audit?: AuditLog
        devices?: DeviceStore
      } & OrderParts &
      MaintenanceParts)
  | { unavailable: string }

/** How the server knows a request's client (server/app.ts). */
export interface ClientOf {
  address: (c: Context) => string
  isHttps: (c: Context) => boolean
}

/** The routes that read and change what people set and say: stop reasons, the plan, the alerts, the
 * reports' delivery, and the people themselves. Every change passes one guard (server/people/guard.ts):
 * its role from one table, and an entry in the audit log. Returns who may look (the gate app.ts puts in
 * front of every request once accounts exist). */
export function settingsRoutes(
  app: Hono,
  historyState: () => SettingsHistory,
  config: Pick<
    Config,
    | 'adminToken'
    | 'ordersApiKey'
    | 'shifts'
    | 'timeZone'
    | 'smtp'
    | 'basePath'
    | 'sessionHours'
    | 'sessionIdleMinutes'
    | 'oidc'
    | 'publicUrl'
  >,
  now: () => number,
  client: ClientOf,
) {
  const parts = () => {
    const state = historyState()
    return 'store' in state && state.people && state.audit && state.devices
      ? { people: state.people, audit: state.audit, devices: state.devices }
      : null
  }
  const idleMs = config.sessionIdleMinutes * 60_000
  const guard = peopleGuard({
    parts,
    adminGate: adminGate(() => config.adminToken, now),
    adminToken: config.adminToken,
    integrationKey: config.ordersApiKey,
    address: client.address,
    isHttps: client.isHttps,
    basePath: config.basePath,
    idleMs,
    sessionMs: config.sessionHours * 3_600_000,
    now,
    stateOf: async (what, path) => {
      const state = historyState()
      if (!('store' in state)) return undefined
      if (what === 'stop settings') return state.stops?.settings()
      if (what === 'alert settings') return state.alerts?.settings()
      if (what === 'report settings') {
        const {
          updatedAt: _at,
          updatedBy: _by,
          ...settings
        } = (await state.delivery?.outbox.settings()) ?? {}
        return settings
      }
      if (what === 'order') {
        const order = /^\/api\/orders\/(\d{1,15})$/.exec(path)?.[1]
        return order ? state.orders?.byId(Number(order)) : undefined
      }
      const id = /^\/api\/people\/(\d{1,15})$/.exec(path)?.[1]
      return id ? state.people?.byId(Number(id)) : undefined
    },
    machineLocations: async () => {
      const state = historyState()
      if (!('store' in state)) return new Map()
      // the machine facts (the latest /machines answer, else the production API's now), else the stops'
      const facts = await state.machineFacts?.().catch(() => null)
      if (facts) return new Map([...facts].map(([id, f]) => [id, f.locationId ?? null]))
      return state.stops?.machineLocations() ?? new Map()
    },
    placeNow: async (what, path) => {
      const state = historyState()
      if (!('store' in state)) return undefined
      if (what === 'planned stop') {
        const id = /^\/api\/stops\/planned\/(\d{1,15})\/cancel$/.exec(path)?.[1]
        return id && state.stops ? state.stops.plannedById(Number(id)) : undefined
      }
      const id = /^\/api\/maintenance\/tasks\/(\d{1,15})$/.exec(path)?.[1]
      if (!id || !state.maintenance) return undefined
      return (await state.maintenance.tasks()).find((t) => t.id === Number(id))
    },
  })
  app.use('/api/*', guard.middleware)
  const viewers = viewGate({ parts, idleMs, address: client.address, now })
  // a sign-out, an ended session, a revoked device, a person switched off: out at once on this instance
  // (on the others within VIEW_CHECK_MS)
  app.use('/api/*', async (c, next) => {
    await next()
    if (
      c.req.method === 'POST' &&
      /^\/api\/(people|devices|sessions|auth\/(sign-out|first-admin))/.test(c.req.path)
    )
      viewers.forget()
  })
  const peopleOptions = {
    parts,
    guard,
    address: client.address,
    adminToken: config.adminToken,
    idleMs,
    now,
    oidc: config.oidc ? new OidcClient(config.oidc) : null,
    basePath: config.basePath,
    isHttps: client.isHttps,
  }
  authRoutes(app, peopleOptions)
  peopleRoutes(app, peopleOptions)
  deviceRoutes(app, { ...peopleOptions, publicUrl: config.publicUrl })
  /** whether the asker may do what needs `role`: a signed-in person's role, or (no accounts yet) the
   * server's ADMIN_TOKEN being set */
  const mayChange = (role: Role) => async (c: Context) => {
    const caller = await guard.resolve(c)
    if (caller.kind === 'person') return roleAtLeast(caller.person.role, role)
    return !(await guard.accounts()) && config.adminToken !== null
  }
  const settingsOptions = (role: Role) => ({
    canChange: mayChange(role),
    shiftNames: config.shifts.map((s) => s.name),
    shifts: config.shifts,
    timeZone: config.timeZone,
    now,
  })
  // the reasons and their rules are an administrator's; planned stops a supervisor's
  stopRoutes(app, historyState, { ...settingsOptions('admin'), canPlan: mayChange('supervisor') })
  // the shift reports' archive, read by anyone (their delivery's settings are below, behind the gate)
  reportRoutes(app, () => {
    const state = historyState()
    if ('unavailable' in state) return state.unavailable
    return state.reports ?? 'this server keeps no history'
  })
  planRoutes(app, historyState, settingsOptions('supervisor'))
  orderRoutes(
    app,
    () => {
      const state = historyState()
      return 'store' in state ? state : { unavailable: state.unavailable }
    },
    {
      canChange: mayChange('supervisor'),
      canCorrect: async (c) => {
        const caller = await guard.resolve(c)
        // before accounts, anyone on the floor corrects with a typed name (as a reason is given)
        return caller.kind === 'person'
          ? roleAtLeast(caller.person.role, 'operator')
          : !(await guard.accounts())
      },
      designs: async () => {
        const state = historyState()
        return 'store' in state && state.designs ? state.designs() : 'this server keeps no orders'
      },
      finishes: async (orders) => {
        const state = historyState()
        return 'store' in state && state.finishes
          ? state.finishes.finishes(orders)
          : 'this server works out no finish times'
      },
      timeZone: config.timeZone,
      now,
    },
  )
  maintenanceRoutes(
    app,
    () => {
      const state = historyState()
      return 'store' in state ? state : { unavailable: state.unavailable }
    },
    {
      canChange: mayChange('supervisor'),
      canSignOff: async (c) => {
        const caller = await guard.resolve(c)
        // before accounts, anyone on the floor signs off with a typed name (as a reason is given); a floor
        // device with a PIN
        if (caller.kind === 'person') return roleAtLeast(caller.person.role, 'operator')
        if (caller.kind === 'device') return caller.device.kind === 'floor'
        return !(await guard.accounts())
      },
      now,
    },
  )
  alertRoutes(app, () => {
    const state = historyState()
    if (!('store' in state)) return { unavailable: state.unavailable }
    if (!state.alerts) return { unavailable: 'this server keeps no alerts' }
    return {
      engine: state.alerts,
      canChange: mayChange('admin'),
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
      canChange: mayChange('admin'),
      mailConfigured: config.smtp !== null,
      now,
    }
  })
  return { viewers }
}
