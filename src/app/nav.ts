/** The pages in the navigation, in order; each page adds its entry when it lands. */
export const NAV_ENTRIES: ReadonlyArray<{ to: string; label: string }> = [
  { to: '/machines', label: 'Machine status' },
  { to: '/threadbreaks', label: 'Thread breaks' },
  { to: '/timeline', label: 'Timeline' },
  { to: '/shifts', label: 'Shift comparison' },
  { to: '/thread-cones', label: 'Thread cones' },
  { to: '/reports', label: 'Reports' },
  { to: '/collectors', label: 'Collector units' },
  { to: '/alerts', label: 'Alerts' },
]
