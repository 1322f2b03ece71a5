/** What "each shift per day" can count, and where the figure comes from. */
export const DAY_METRICS = [
  { key: 'threadbreaks', label: 'Thread breaks', source: 'the portal’s thread-break report' },
  { key: 'stitches', label: 'Stitches', source: 'the portal’s machine summary' },
  { key: 'pieces', label: 'Pieces', source: 'the portal’s machine summary' },
] as const
export type DayMetric = (typeof DAY_METRICS)[number]['key']
