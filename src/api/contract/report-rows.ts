import * as z from 'zod/mini'
import type { ReportPath } from './report-params'
import {
  averageRpmRecord,
  averageRpmRow,
  count,
  machineSummaryRecord,
  machineSummaryRow,
} from './summary-rows'

/** myzsk-api.md 1.7–1.22: the documented answer of each report, field by field, typed as documented.
 * Naming is the vendor's own and inconsistent (snake_case in some reports, camelCase in most); units
 * are seconds unless a field says milliseconds. Unknown extra fields are kept (looseObject). */

/** 1.8, 1.9: thread breaks by head and needle (needle 0 is the bobbin). */
const threadbreakCount = z.looseObject({
  id_machine: z.string(),
  machine_name: z.string(),
  head: count,
  needle: count,
  threadbreaks: count,
})

/** 1.15, 1.16: the time of one pass per design, in whole seconds. */
const passTimes = z.looseObject({
  designId: z.string(),
  designName: z.string(),
  designStitches: count,
  passes: count,
  minTime: count,
  maxTime: count,
  avgTime: count,
})

export const VENDOR_REPORT_ROWS = {
  '/reports/stitches': z.looseObject({
    machine_id: z.string(),
    stitches: count,
    threadbreaks: count,
    id_design: z.string(),
    design_name: z.string(),
    design_stitches: count,
  }),
  '/reports/threadbreaks': threadbreakCount,
  '/reports/threadbreaks-by-machine/aggregated': threadbreakCount,
  '/reports/threadbreaks-by-machine': z.looseObject({
    /** milliseconds since the epoch */
    timestamp: z.int(),
    id_machine: z.string(),
    machine_name: z.string(),
    head: count,
    needle: count,
    /** design ID */
    pattern: z.string(),
    pattern_stitchnumber: count,
    stitches: count,
    rotation_speed: count,
  }),
  '/reports/machine-summary': machineSummaryRow,
  '/reports/average-rpm': averageRpmRow,
  '/reports/machine-productivity': z.looseObject({
    machineId: z.string(),
    machineName: z.string(),
    designId: z.string(),
    designStitches: count,
    /** seconds */
    runningTime: count,
    totalStitches: count,
    passes: count,
    threadbreaks: count,
  }),
  /** seconds, floored */
  '/reports/runningtime': passTimes,
  /** the same fields; seconds rounded up */
  '/reports/productiontime': passTimes,
  '/reports/shift-comparison': z.looseObject({
    machineId: z.string(),
    machineName: z.string(),
    locationId: z.int(),
    locationName: z.string(),
    stitches: count,
    threadbreaks: count,
    shifts: z.array(
      z.looseObject({ shiftId: z.int(), shiftName: z.string(), stitches: count, threadbreaks: count }),
    ),
  }),
  '/reports/time-comparison': z.looseObject({
    /** Unix seconds, a midnight */
    day: z.int(),
    stitches: count,
    threadbreaks: count,
    tbPer10k: z.number(),
  }),
  '/reports/design-summary': z.looseObject({
    machineId: z.string(),
    machineName: z.string(),
    designId: z.string(),
    designName: z.string(),
    /** every value a string (1.19): stitch count, status code, ms times */
    stitches: z.string(),
    status: z.string(),
    start: z.string(),
    stop: z.string(),
    pastTime: z.string(),
    counter: z.string(),
  }),
  '/reports/daily-design': z.looseObject({
    key: z.string(),
    designId: z.string(),
    /** a string at this level */
    stitches: z.string(),
    data: z.array(
      z.looseObject({
        machineId: z.string(),
        machineName: z.string(),
        status: z.int(),
        designId: z.string(),
        designName: z.string(),
        /** an integer at this level */
        stitches: count,
        /** seconds */
        duration: count,
        status_count: count,
      }),
    ),
  }),
  '/reports/number-of-pieces': z.looseObject({
    machineId: z.string(),
    machineName: z.string(),
    designId: z.string(),
    designName: z.string(),
    designStitches: count,
    passes: count,
    activeHeads: count,
    pieces: count,
    totalStitches: count,
  }),
  '/reports/operator-overview': z.looseObject({
    operatorId: z.string(),
    operatorName: z.string(),
    stitches: count,
    threadbreaks: count,
    passings: count,
    pieces: count,
    /** seconds */
    workTime: count,
    status: z.array(
      z.looseObject({
        status: z.int(),
        counter: count,
        /** milliseconds */
        pastTime: count,
      }),
    ),
  }),
} satisfies Record<Exclude<ReportPath, '/reports/threadbreaks-by-design'>, z.ZodMiniType>

/** 1.11: the one report whose `data` is an object. */
export const vendorDesignThreadbreaksSchema = z.looseObject({
  designId: z.string(),
  designStitches: count,
  totalPasses: count,
  threadbreaks: z.array(z.looseObject({ stitch: count, threadbreaks: count })),
})
export type VendorDesignThreadbreaks = z.infer<typeof vendorDesignThreadbreaksSchema>

/** How a row is read: the documented shape, except that fields other than the row's identity may be
 * missing (a missing optional field never fails a record). */
export const VENDOR_REPORT_RECORDS = {
  ...VENDOR_REPORT_ROWS,
  '/reports/machine-summary': machineSummaryRecord,
  '/reports/average-rpm': averageRpmRecord,
  '/reports/shift-comparison': z.extend(z.partial(VENDOR_REPORT_ROWS['/reports/shift-comparison']), {
    machineId: z.string(),
    machineName: z.string(),
  }),
  /** a break is a break without its design facts */
  '/reports/threadbreaks-by-machine': z.extend(
    z.partial(VENDOR_REPORT_ROWS['/reports/threadbreaks-by-machine']),
    {
      timestamp: z.int(),
      id_machine: z.string(),
      machine_name: z.string(),
      head: count,
      needle: count,
    },
  ),
}

export type ListReportPath = keyof typeof VENDOR_REPORT_ROWS
export type VendorReportRecord<P extends ListReportPath> = z.infer<(typeof VENDOR_REPORT_RECORDS)[P]>

export { reportListEnvelope } from './envelope'
export const reportObjectEnvelope = z.looseObject({ data: vendorDesignThreadbreaksSchema })
