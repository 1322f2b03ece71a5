/**
 * The parts of the message catalogue each lazily loaded piece of the app shows, loaded with its code so a
 * message is there when it is rendered (a message's part is its name's first segment: `machines.…`). The
 * shell's part, `app`, is loaded before the first render (src/app/main.tsx). Keyed by the module's path:
 * the router and the wall load by it, `npm run bench:bundle` counts the parts into each page's first load,
 * and a contract test (test/contract/messages.test.ts) holds every message a piece shows to its parts.
 */
export const PAGE_MESSAGES = {
  'src/features/machines/status-board-page.tsx': ['machines'],
  'src/features/machines/machine-page.tsx': ['machines', 'timeline'],
  'src/features/threadbreaks/threadbreaks-page.tsx': ['threadbreaks'],
  'src/features/shifts/shifts-page.tsx': ['shifts', 'timeline', 'alerts'],
  'src/features/thread-cones/thread-cones-page.tsx': ['threadCones'],
  'src/features/collectors/collectors-page.tsx': ['collectors'],
  'src/features/collectors/collector-page.tsx': ['collectors'],
  'src/features/reports/reports-page.tsx': ['reports'],
  'src/features/reports/report-page.tsx': ['reports'],
  'src/features/status-codes/status-codes-page.tsx': ['statusCodes'],
  'src/features/design-breaks/design-breaks-page.tsx': ['designBreaks'],
  'src/features/timeline/timeline-page.tsx': ['timeline'],
  'src/features/timeline/stops-page.tsx': ['timeline'],
  'src/features/alerts/alerts-page.tsx': ['alerts', 'alertBar'],
  'src/features/alerts/alert-bar.tsx': ['alertBar'],
  'src/app/kiosk-app.tsx': ['kiosk', 'reports', 'alertBar'],
} as const satisfies Record<string, readonly string[]>

export type PageModule = keyof typeof PAGE_MESSAGES
