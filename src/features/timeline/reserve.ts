/** The room the timeline's lazily arriving parts will take, known before they arrive, so that the page
 * does not jump when they do (Lighthouse's layout shift): placeholders are given these heights. */

/** One machine's row in the factory timeline (px); on a phone its name link is a 44 px touch target. */
export const TIMELINE_ROW = 30
export const TIMELINE_ROW_PHONE = 44
export const timelineRow = (phone: boolean) => (phone ? TIMELINE_ROW_PHONE : TIMELINE_ROW)
/** The axis row above the machines (px), and the box's borders. */
const TIMELINE_HEAD = 28 + 2

/** The factory timeline's box for `machines` rows: it scrolls beyond 70 % of the screen's height. */
export const timelineRowsHeight = (machines: number, phone = false) =>
  `min(70vh, ${TIMELINE_HEAD + machines * timelineRow(phone)}px)`

/** Stops and availability at desk width with a full range: the availability line and strip, causes and
 * machines side by side (10 rows each), the longest stops (10 rows). Narrower screens stack the tables
 * and grow past it; a quiet range takes less. */
export const STOP_ANALYSIS_HEIGHT = '42rem'
