import type { MessageKey } from '../lib/i18n/translator'

/** The pages in the navigation, in order, each with its message; each page adds its entry when it lands. */
export const NAV_ENTRIES: ReadonlyArray<{ to: string; label: MessageKey }> = [
  { to: '/machines', label: 'app.nav.machines' },
  { to: '/threadbreaks', label: 'app.nav.threadbreaks' },
  { to: '/timeline', label: 'app.nav.timeline' },
  { to: '/stops/explain', label: 'app.nav.explain' },
  { to: '/pace', label: 'app.nav.pace' },
  { to: '/shifts', label: 'app.nav.shifts' },
  { to: '/thread-cones', label: 'app.nav.threadCones' },
  { to: '/reports', label: 'app.nav.reports' },
  { to: '/collectors', label: 'app.nav.collectors' },
  { to: '/alerts', label: 'app.nav.alerts' },
]
