/**
 * The parts of the message catalogue each lazily loaded piece of the app shows (its feature's, and those of
 * the shared components only some pages show: heatmap, stateTimeline, reportTable, designPicker), loaded
 * with its code so a message is there when it is rendered (a message's part is its name's first segment:
 * `machines.…`). The shell's part, `app`, is loaded before the first render (src/app/main.tsx). Keyed by the module's path:
 * the router and the wall load by it, `npm run bench:bundle` counts the parts into each page's first load,
 * and a contract test (test/contract/messages.test.ts) holds every message a piece shows to its parts.
 */
export const PAGE_MESSAGES = {
  'src/features/machines/status-board-page.tsx': ['machines'],
  'src/features/machines/machine-page.tsx': ['machines', 'timeline', 'heatmap', 'stateTimeline'],
  'src/features/threadbreaks/threadbreaks-page.tsx': ['threadbreaks', 'heatmap'],
  'src/features/shifts/shifts-page.tsx': ['shifts', 'timeline', 'alerts', 'heatmap'],
  'src/features/thread-cones/thread-cones-page.tsx': ['threadCones'],
  'src/features/collectors/collectors-page.tsx': ['collectors'],
  'src/features/collectors/collector-page.tsx': ['collectors'],
  'src/features/reports/reports-page.tsx': ['reports'],
  'src/features/reports/report-page.tsx': ['reports', 'reportTable', 'designPicker'],
  'src/features/status-codes/status-codes-page.tsx': ['statusCodes'],
  'src/features/design-breaks/design-breaks-page.tsx': ['designBreaks', 'designPicker', 'heatmap'],
  'src/features/timeline/timeline-page.tsx': ['timeline', 'stateTimeline'],
  'src/features/timeline/stops-page.tsx': ['timeline'],
  'src/features/alerts/alerts-page.tsx': ['alerts', 'alertBar'],
  'src/features/alerts/alert-bar.tsx': ['alertBar'],
  'src/app/kiosk-app.tsx': ['kiosk', 'reports', 'alertBar'],
} as const satisfies Record<string, readonly string[]>

export type PageModule = keyof typeof PAGE_MESSAGES
