/**
 * The pieces of the app loaded lazily, each with the messages it shows: a page, the wall, the alert bar, the
 * kiosk's set-up, and parts of pages loaded when first shown (a wall view, a chart, a section below).
 * A piece's messages are the names written out in its code, up to the next piece (scripts/message-pieces.ts);
 * the build makes them one file per piece and language, loaded with the piece's code (src/components/with-messages.ts),
 * so a message is there when it is rendered. The shell's own, the piece `app`, are loaded before the first
 * render (src/app/main.tsx). Keyed by the module's path: the router and the wall load by it, and
 * `npm run bench:bundle` counts each piece's messages into its first load.
 */
export const MESSAGE_PIECES = [
  'src/features/machines/status-board-page.tsx',
  'src/features/machines/machine-page.tsx',
  'src/features/threadbreaks/threadbreaks-page.tsx',
  'src/features/shifts/shifts-page.tsx',
  'src/features/thread-cones/thread-cones-page.tsx',
  'src/features/collectors/collectors-page.tsx',
  'src/features/collectors/collector-page.tsx',
  'src/features/reports/reports-page.tsx',
  'src/features/reports/report-page.tsx',
  'src/features/status-codes/status-codes-page.tsx',
  'src/features/design-breaks/design-breaks-page.tsx',
  'src/features/timeline/timeline-page.tsx',
  'src/features/timeline/stops-page.tsx',
  'src/features/alerts/alerts-page.tsx',
  'src/features/alerts/alert-bar.tsx',
  'src/features/stops/explain-page.tsx',
  'src/features/stops/settings-page.tsx',
  'src/features/plan/pace-page.tsx',
  'src/features/plan/targets-page.tsx',
  'src/features/plan/shift-reports-page.tsx',
  'src/app/kiosk-app.tsx',
  'src/features/kiosk/kiosk-setup.tsx',
  // parts of pages loaded when first shown, with their messages
  'src/features/machines/wall-board.tsx',
  'src/features/shifts/shift-days.tsx',
  'src/features/shifts/machines-by-shift.tsx',
  'src/features/alerts/alerts-of-range.tsx',
  'src/features/shifts/api-shift-comparison.tsx',
  'src/features/threadbreaks/bar-small-multiples.tsx',
  'src/components/heatmap/small-multiples.tsx',
  'src/features/threadbreaks/wall-breaks.tsx',
  'src/features/threadbreaks/rows-view.tsx',
  'src/features/threadbreaks/export.ts',
  'src/features/reports/report-chart.tsx',
  'src/components/report-table/report-table.tsx',
  'src/features/stops/reasons-of-range.tsx',
  'src/features/stops/tile-reason.tsx',
  'src/features/stops/reason-dialog.tsx',
  'src/features/plan/pace-panel.tsx',
  'src/features/plan/machine-pace.tsx',
  'src/features/plan/shift-results.tsx',
  'src/features/plan/pace-details.tsx',
  'src/features/plan/report-delivery.tsx',
  'src/features/plan/shift-report.tsx',
  'src/features/plan/pace-summary.tsx',
] as const

export type PageModule = (typeof MESSAGE_PIECES)[number]

/** The shell's messages: what src/app/main.tsx and the code it imports name. */
export const SHELL_PIECE = 'app'
