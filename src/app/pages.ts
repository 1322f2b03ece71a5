import type { ComponentType } from 'react'
import type { KioskPageId } from '../features/kiosk/kiosk-params'
import type { MessageKey } from '../lib/i18n/translator'

/** A page of the app, written once: the router, the navigation, the wall and the message pieces read it. */
export interface PageEntry {
  /** its module, which is also its piece of the messages (loaded with it, src/components/with-messages.ts) */
  module: string
  /** the one import of its module: a page is loaded when first visited */
  load: () => Promise<Record<string, ComponentType>>
  /** the module's export that is the page */
  name: string
  /** its routes (react-router patterns); the first, without its `/*`, is its address */
  paths: readonly [string, ...string[]]
  /** its link in the navigation, in the registry's order: its words */
  nav?: MessageKey
  /** its name in a wall's `pages=`, if a wall can show it (the wall's words for it and its order:
   * src/features/kiosk/kiosk-params.ts) */
  kiosk?: KioskPageId
}

const page = <K extends string>(
  module: string,
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  more: Pick<PageEntry, 'paths' | 'nav' | 'kiosk'>,
): PageEntry => ({ module, load, name, ...more })

/**
 * Every page, those in the navigation in its order. Plain data (nothing is loaded until a page is
 * visited), in the shell. A piece of the messages is found where its module is named beside its loader
 * (scripts/message-pieces.ts), and the architecture test holds every page of src/features to this list
 * (test/contract/import-rules.ts: pageViolations).
 */
export const PAGES: readonly PageEntry[] = [
  page(
    'src/features/machines/status-board-page.tsx',
    () => import('../features/machines/status-board-page'),
    'StatusBoardPage',
    { paths: ['machines'], nav: 'app.nav.machines', kiosk: 'status' },
  ),
  page(
    'src/features/machines/machine-page.tsx',
    () => import('../features/machines/machine-page'),
    'MachinePage',
    {
      paths: ['machines/:machineId'],
    },
  ),
  page(
    'src/features/threadbreaks/threadbreaks-page.tsx',
    () => import('../features/threadbreaks/threadbreaks-page'),
    'ThreadbreaksPage',
    { paths: ['threadbreaks'], nav: 'app.nav.threadbreaks', kiosk: 'threadbreaks' },
  ),
  page(
    'src/features/timeline/timeline-page.tsx',
    () => import('../features/timeline/timeline-page'),
    'TimelinePage',
    {
      paths: ['timeline'],
      nav: 'app.nav.timeline',
    },
  ),
  page('src/features/stops/explain-page.tsx', () => import('../features/stops/explain-page'), 'ExplainPage', {
    paths: ['stops/explain'],
    nav: 'app.nav.explain',
  }),
  // its targets (/pace/targets), the shift reports' archive and each report (/shift-reports/12) are its
  // sub-pages, which it loads: the shell names two pages less
  page('src/features/plan/pace-page.tsx', () => import('../features/plan/pace-page'), 'PacePage', {
    paths: ['pace/*', 'shift-reports/*'],
    nav: 'app.nav.pace',
    kiosk: 'pace',
  }),
  page('src/features/orders/orders-page.tsx', () => import('../features/orders/orders-page'), 'OrdersPage', {
    paths: ['orders'],
    nav: 'app.nav.orders',
    kiosk: 'orders',
  }),
  page(
    'src/features/maintenance/maintenance-page.tsx',
    () => import('../features/maintenance/maintenance-page'),
    'MaintenancePage',
    { paths: ['maintenance'], nav: 'app.nav.maintenance' },
  ),
  page('src/features/shifts/shifts-page.tsx', () => import('../features/shifts/shifts-page'), 'ShiftsPage', {
    paths: ['shifts'],
    nav: 'app.nav.shifts',
    kiosk: 'shifts',
  }),
  page(
    'src/features/thread-cones/thread-cones-page.tsx',
    () => import('../features/thread-cones/thread-cones-page'),
    'ThreadConesPage',
    { paths: ['thread-cones'], nav: 'app.nav.threadCones' },
  ),
  page(
    'src/features/reports-explorer/reports-page.tsx',
    () => import('../features/reports-explorer/reports-page'),
    'ReportsPage',
    {
      paths: ['reports'],
      nav: 'app.nav.reports',
    },
  ),
  page(
    'src/features/reports-explorer/report-page.tsx',
    () => import('../features/reports-explorer/report-page'),
    'ReportPage',
    {
      paths: ['reports/*'],
    },
  ),
  page(
    'src/features/collectors/collectors-page.tsx',
    () => import('../features/collectors/collectors-page'),
    'CollectorsPage',
    { paths: ['collectors'], nav: 'app.nav.collectors', kiosk: 'collectors' },
  ),
  page(
    'src/features/collectors/collector-page.tsx',
    () => import('../features/collectors/collector-page'),
    'CollectorPage',
    { paths: ['collectors/:collectorId'] },
  ),
  page('src/features/alerts/alerts-page.tsx', () => import('../features/alerts/alerts-page'), 'AlertsPage', {
    paths: ['alerts'],
    nav: 'app.nav.alerts',
  }),
  page(
    'src/features/status-codes/status-codes-page.tsx',
    () => import('../features/status-codes/status-codes-page'),
    'StatusCodesPage',
    { paths: ['status-codes'] },
  ),
  page(
    'src/features/design-breaks/design-breaks-page.tsx',
    () => import('../features/design-breaks/design-breaks-page'),
    'DesignBreaksPage',
    { paths: ['design-breaks'] },
  ),
  page('src/features/timeline/stops-page.tsx', () => import('../features/timeline/stops-page'), 'StopsPage', {
    paths: ['stops'],
    kiosk: 'stops',
  }),
  // who: signing in, the people and the audit log (an administrator's), reached from the header
  page(
    'src/features/people/sign-in-page.tsx',
    () => import('../features/people/sign-in-page'),
    'SignInPage',
    {
      paths: ['sign-in'],
    },
  ),
  page('src/features/people/people-page.tsx', () => import('../features/people/people-page'), 'PeoplePage', {
    paths: ['people'],
  }),
  page(
    'src/features/people/devices-page.tsx',
    () => import('../features/people/devices-page'),
    'DevicesPage',
    {
      paths: ['devices'],
    },
  ),
  page('src/features/people/enrol-page.tsx', () => import('../features/people/enrol-page'), 'EnrolPage', {
    paths: ['enrol'],
  }),
  page('src/features/people/audit-page.tsx', () => import('../features/people/audit-page'), 'AuditPage', {
    paths: ['audit'],
  }),
  page(
    'src/features/stops/settings-page.tsx',
    () => import('../features/stops/settings-page'),
    'StopSettingsPage',
    {
      paths: ['stops/settings'],
    },
  ),
]

/** A page's address: its first route without its `/*`. */
export const pageAddress = (entry: PageEntry) => `/${entry.paths[0].replace(/\/\*$/, '')}`
