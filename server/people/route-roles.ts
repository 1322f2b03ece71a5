import type { Role } from '../../src/lib/roles'

/** Who may call a route that changes something, and what the audit log calls it. */
export interface WriteRoute {
  /** the least role; "anyone" for signing in (the route checks and logs its own attempt) */
  role: Role | 'anyone'
  /** the audit log's category and event */
  category:
    | 'access'
    | 'stops'
    | 'plan'
    | 'orders'
    | 'maintenance'
    | 'alerts'
    | 'reports'
    | 'people'
    | 'lookup'
  event: string
  /** the body's field that says who did it: a signed-in person's name is put there, never a typed one */
  who?: 'by' | 'name'
  /** while no administrator exists: what the ADMIN_TOKEN protects (its refusals name it) */
  settings?: string
  /** not kept in the audit log (a look-up changes nothing); the route logs itself ("self") */
  audit?: false | 'self'
  /** where the change is, for a person limited to locations: the body's machine, location (null: all of
   * them), scope (all, a location, a machine) or maintenance task's scope (all, a location, machines) */
  place?: 'machineId' | 'locationId' | 'scope' | 'task scope'
  /** what the change is made to, read before it (GuardOptions.placeNow): for a person limited to locations,
   * where it is now (as `place` reads it) must be wholly in them too, so they neither change nor remove what
   * is elsewhere as well */
  placeNow?: PlaceNow
  /** what it changes, read before and after (GuardOptions.stateOf): the audit log keeps the differences */
  state?: ChangedState
  /** an ERP may call it with ORDERS_API_KEY (without a page's Origin) */
  integration?: true
}

/** The things whose place now a change must be in too (WriteRoute.placeNow). */
export type PlaceNow = 'maintenance task' | 'planned stop'

/** The things whose changes the audit log keeps as before and after. */
export type ChangedState = 'stop settings' | 'alert settings' | 'report settings' | 'person' | 'order'

/**
 * THE table of stitchboard's routes that change something: the server checks every POST against it before
 * the route runs (server/people/guard.ts), and a test fails for a write route that is not in it. While no
 * administrator exists, operator routes are open as before and the others need ADMIN_TOKEN.
 */
export const WRITE_ROUTES: Readonly<Record<string, WriteRoute>> = {
  // the floor
  'POST /api/stops/reason': {
    role: 'operator',
    category: 'stops',
    event: 'reason given',
    who: 'by',
    place: 'machineId',
  },
  'POST /api/stops/split': {
    role: 'operator',
    category: 'stops',
    event: 'stop split',
    who: 'by',
    place: 'machineId',
  },
  'POST /api/alerts/:id/acknowledge': {
    role: 'operator',
    category: 'alerts',
    event: "I'm on it",
    who: 'name',
  },
  'POST /api/plan/rejects': {
    role: 'operator',
    category: 'plan',
    event: 'rejects entered',
    who: 'by',
    place: 'locationId',
  },
  // the shift
  'POST /api/plan/targets': {
    role: 'supervisor',
    category: 'plan',
    event: 'target set',
    who: 'by',
    settings: 'Targets',
    place: 'scope',
  },
  'POST /api/stops/planned': {
    role: 'supervisor',
    category: 'stops',
    event: 'planned stop added',
    who: 'by',
    settings: 'Stop reasons and planned stops',
    place: 'scope',
  },
  'POST /api/stops/planned/:id/cancel': {
    role: 'supervisor',
    category: 'stops',
    event: 'planned stop cancelled',
    who: 'by',
    settings: 'Stop reasons and planned stops',
    place: 'scope',
    placeNow: 'planned stop',
  },
  'POST /api/orders/:id/correct': {
    role: 'operator',
    category: 'orders',
    event: 'order count corrected',
    who: 'by',
  },
  'POST /api/orders': {
    role: 'supervisor',
    category: 'orders',
    event: 'order added',
    who: 'by',
    settings: 'Orders',
    integration: true,
  },
  'POST /api/orders/import': {
    role: 'supervisor',
    category: 'orders',
    event: 'orders imported',
    who: 'by',
    settings: 'Orders',
    integration: true,
  },
  'POST /api/orders/:id': {
    role: 'supervisor',
    category: 'orders',
    event: 'order changed',
    who: 'by',
    settings: 'Orders',
    state: 'order',
  },
  'POST /api/maintenance/sign-off': {
    role: 'operator',
    category: 'maintenance',
    event: 'maintenance task signed off',
    who: 'by',
    place: 'machineId',
  },
  'POST /api/maintenance/checks': {
    role: 'operator',
    category: 'maintenance',
    event: 'break check marked',
    who: 'by',
    place: 'machineId',
  },
  'POST /api/maintenance/checks/task': {
    role: 'operator',
    category: 'maintenance',
    event: 'break check made a task',
    who: 'by',
    place: 'machineId',
  },
  'POST /api/maintenance/tasks': {
    role: 'supervisor',
    category: 'maintenance',
    event: 'maintenance task added',
    who: 'by',
    settings: 'Maintenance tasks',
    place: 'task scope',
  },
  'POST /api/maintenance/tasks/:id': {
    role: 'supervisor',
    category: 'maintenance',
    event: 'maintenance task changed',
    who: 'by',
    settings: 'Maintenance tasks',
    place: 'task scope',
    placeNow: 'maintenance task',
  },
  'POST /api/report-settings/send-now': {
    role: 'supervisor',
    category: 'reports',
    event: 'report sent now',
    who: 'by',
    settings: 'Report settings',
  },
  // settings
  'POST /api/stops/settings': {
    role: 'admin',
    category: 'stops',
    event: 'stop settings changed',
    who: 'by',
    settings: 'Stop reasons and planned stops',
    state: 'stop settings',
  },
  'POST /api/alerts/settings': {
    role: 'admin',
    category: 'alerts',
    event: 'alert settings changed',
    settings: 'Alert settings',
    state: 'alert settings',
  },
  'POST /api/alerts/channels/:id/test': {
    role: 'admin',
    category: 'alerts',
    event: 'channel tested',
    settings: 'Alert settings',
  },
  'POST /api/report-settings': {
    role: 'admin',
    category: 'reports',
    event: 'report settings changed',
    who: 'by',
    settings: 'Report settings',
    state: 'report settings',
  },
  // people
  'POST /api/people': { role: 'admin', category: 'people', event: 'person added', settings: 'People' },
  'POST /api/people/:id': {
    role: 'admin',
    category: 'people',
    event: 'person changed',
    settings: 'People',
    state: 'person',
  },
  'POST /api/people/:id/end-sessions': {
    role: 'admin',
    category: 'people',
    event: "person's sessions ended",
    settings: 'People',
  },
  'POST /api/sessions/:id/end': {
    role: 'admin',
    category: 'access',
    event: 'session ended',
    settings: 'People',
  },
  'POST /api/sessions/end-all': {
    role: 'admin',
    category: 'access',
    event: 'every session ended',
    settings: 'People',
  },
  // devices and the PINs people identify with on them
  'POST /api/devices': { role: 'supervisor', category: 'people', event: 'device added', settings: 'Devices' },
  'POST /api/devices/:id/revoke': {
    role: 'supervisor',
    category: 'access',
    event: 'device revoked',
    settings: 'Devices',
  },
  'POST /api/devices/:id/unlock': {
    role: 'supervisor',
    category: 'access',
    event: 'device PIN entry unlocked',
    settings: 'Devices',
  },
  'POST /api/people/:id/pin': {
    role: 'supervisor',
    category: 'people',
    event: 'PIN set',
    settings: 'People',
  },
  'POST /api/devices/enrol': { role: 'anyone', category: 'access', event: 'device enrolled', audit: 'self' },
  'POST /api/auth/sign-in': { role: 'anyone', category: 'access', event: 'sign-in', audit: 'self' },
  'POST /api/auth/sign-out': { role: 'anyone', category: 'access', event: 'sign-out', audit: 'self' },
  'POST /api/auth/first-admin': {
    role: 'anyone',
    category: 'access',
    event: 'first administrator',
    audit: 'self',
  },
  // a look-up in the thread-cone catalogue: a POST that changes nothing
  'POST /api/job': { role: 'viewer', category: 'lookup', event: 'thread-cone look-up', audit: false },
}

// routes without a parameter first: POST /api/orders/import is not POST /api/orders/:id
const compiled = Object.entries(WRITE_ROUTES)
  .sort(([a], [b]) => Number(a.includes(':')) - Number(b.includes(':')))
  .map(([key, route]) => {
    const [method, path] = key.split(' ') as [string, string]
    const pattern = new RegExp(`^${path.replace(/:[a-z]+/gi, '[^/]+')}$`)
    return { key, method, pattern, route }
  })

/** The entry of a request's method and path (the path without the base), or null. */
export function writeRouteOf(method: string, path: string): { key: string; route: WriteRoute } | null {
  for (const entry of compiled) if (entry.method === method && entry.pattern.test(path)) return entry
  return null
}

/** The routes of an app that change something (every method but GET and HEAD, and not the catch-alls that
 * only refuse) with no entry in the table: what the test of the table reports. */
export function routesWithoutRole(routes: ReadonlyArray<{ method: string; path: string }>): string[] {
  return routes
    .filter((r) => r.method !== 'GET' && r.method !== 'HEAD' && r.method !== 'ALL')
    .map((r) => `${r.method} ${r.path}`)
    .filter((key) => !(key in WRITE_ROUTES))
}
