/** What stitchboard is told about the held-out upstream (`upstream.ts`), as a factory would configure it. */
export const HELD_OUT_KEY = 'held-out-key-31415'

/** The held-out factory's own status codes; 4711 and 9 are left out on purpose (they must show as "Status N"). */
export const HELD_OUT_STATUS_CODES =
  '3=running,5=stopped:Stop switch,17=threadbreak:Thread break at head,21=setup:Hooping,64=error:Machine error,1012=idle:Design finished'

/** Every path the held-out upstream answers, as documented (myzsk-api.md section 1). */
export const DOCUMENTED_PATH =
  /^\/(machines(\/[^/]+)?|datacollectors(\/[^/]+\/machines)?|designs|work-periods|reports\/(stitches|threadbreaks|threadbreaks-by-machine(\/aggregated)?|threadbreaks-by-design|machine-summary|average-rpm|machine-productivity|runningtime|productiontime|shift-comparison|time-comparison|design-summary|daily-design|number-of-pieces|operator-overview))$/
