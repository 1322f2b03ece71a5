/** The pages in the navigation, in order; each page adds its entry when it lands. */
export const NAV_ENTRIES: ReadonlyArray<{ to: string; label: string }> = [
  { to: '/machines', label: 'Machine status' },
  { to: '/threadbreaks', label: 'Thread breaks' },
  { to: '/shifts', label: 'Shifts' },
  { to: '/reports', label: 'Reports' },
  { to: '/collectors', label: 'Collector units' },
]
