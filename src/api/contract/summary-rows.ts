import * as z from 'zod/mini'

/** The rows of the two reports the board and the wall read (machine-summary for the pace, average-rpm for
 * the locations' names): a module of their own, so those pages load these two and not every report's
 * (report-rows.ts puts them with the others). */

export const count = z.int().check(z.minimum(0))

/** 1.12: map of status code → seconds. */
export const statusBreakdown = z.record(z.string(), z.number())

/** 1.12 */
export const machineSummaryRow = z.looseObject({
  machineId: z.string(),
  machineName: z.string(),
  stitches: count,
  threadbreaks: count,
  passes: count,
  pieces: count,
  /** seconds */
  totalTime: count,
  /** seconds */
  productionTime: count,
  /** percent */
  utilization: z.number(),
  stitchesPerMinute: z.number(),
  statusBreakdown,
})

/** 1.13 */
export const averageRpmRow = z.looseObject({
  locationId: z.int(),
  locationName: z.string(),
  machineId: z.string(),
  machineName: z.string(),
  /** seconds */
  productiveTime: count,
  stitches: count,
  averageRpm: z.number(),
})

/** How a row is read: the documented shape, except that fields other than the row's identity may be
 * missing (a missing optional field never fails a record). */
export const machineSummaryRecord = z.extend(z.partial(machineSummaryRow), {
  machineId: z.string(),
  machineName: z.string(),
})
export const averageRpmRecord = z.extend(z.partial(averageRpmRow), {
  machineId: z.string(),
  machineName: z.string(),
})
