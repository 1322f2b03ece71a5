import { machineLabel, type ThreadbreakEvent } from '../../lib/domain'
import type { MadePieces } from '../../lib/orders'
import { vendorMachineRecordSchema } from './machine'
import { VENDOR_REPORT_RECORDS, type VendorReportRecord } from './report-rows'

/**
 * Vendor records that the browser and the server both read, mapped into stitchboard's own types here
 * once: the browser's report queries (src/api/vendor-reports/reports.ts) and the server's alert rules use the same
 * mapping, so a break reads the same on a page and in an alert.
 */

/** One row of threadbreaks-by-machine (myzsk-api.md 1.10; times in ms) as a break. */
export function breakEventOf(row: VendorReportRecord<'/reports/threadbreaks-by-machine'>): ThreadbreakEvent {
  return {
    at: row.timestamp,
    machineId: row.id_machine,
    machineName: row.machine_name,
    head: row.head,
    needle: row.needle,
    designId: row.pattern || null,
    stitch: row.pattern_stitchnumber ?? null,
    designStitches: row.stitches ?? null,
    rpm: row.rotation_speed ?? null,
  }
}

/** The breaks of a threadbreaks-by-machine answer, newest first as the vendor sends them; rows that
 * are not breaks are counted, not guessed. */
export function breakEventsOf(answer: unknown): { events: ThreadbreakEvent[]; unreadable: number } {
  const data = (answer as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) return { events: [], unreadable: 0 }
  const row = VENDOR_REPORT_RECORDS['/reports/threadbreaks-by-machine']
  const events: ThreadbreakEvent[] = []
  let unreadable = 0
  for (const raw of data) {
    const parsed = row.safeParse(raw)
    if (parsed.success) events.push(breakEventOf(parsed.data))
    else unreadable++
  }
  events.sort((a, b) => b.at - a.at)
  return { events, unreadable }
}

/** The breaks of a threadbreaks answer (myzsk-api.md 1.8: by machine, head and needle) summed by machine and
 * head, and how many rows could not be read; null when the answer is not a list of rows. */
export function breaksByHeadOf(
  answer: unknown,
): { heads: Map<string, Map<number, number>>; unreadable: number } | null {
  const data = (answer as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) return null
  const heads = new Map<string, Map<number, number>>()
  const row = VENDOR_REPORT_RECORDS['/reports/threadbreaks']
  let unreadable = 0
  for (const raw of data) {
    const parsed = row.safeParse(raw)
    if (!parsed.success) {
      unreadable++
      continue
    }
    const machine = heads.get(parsed.data.id_machine) ?? new Map<number, number>()
    machine.set(parsed.data.head, (machine.get(parsed.data.head) ?? 0) + parsed.data.threadbreaks)
    heads.set(parsed.data.id_machine, machine)
  }
  return { heads, unreadable }
}

/** What the server's alert rules need to know of a machine besides its state. */
export interface MachineFacts {
  name: string
  heads: number | null
  needles: number | null
  /** its location (planned stops apply to a location) */
  locationId: number | null
  /** the set speed (stitches a minute), null when the record has none */
  setSpeed: number | null
  activeHeads: number | null
  /** stitches of the loaded design */
  designStitches: number | null
  /** the loaded design */
  designId?: string | null
}

/** The machines of a /machines answer by ID, with the names and layout the alerts speak of. Records that
 * cannot be read are left out (the board lists them as malformed). */
export function machineFactsOf(answer: unknown): Map<string, MachineFacts> {
  const facts = new Map<string, MachineFacts>()
  const data = (answer as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) return facts
  for (const raw of data) {
    const parsed = vendorMachineRecordSchema.safeParse(raw)
    if (!parsed.success) continue
    const m = parsed.data
    facts.set(m.machine_id, {
      name: machineLabel(m.machine_id, m.alias),
      heads: typeof m.heads === 'number' && m.heads > 0 ? m.heads : null,
      needles: typeof m.needles === 'number' && m.needles > 0 ? m.needles : null,
      locationId: m.id_location ?? null,
      setSpeed: typeof m.rpm === 'number' && m.rpm > 0 ? m.rpm : null,
      activeHeads: typeof m.active_heads === 'number' && m.active_heads > 0 ? m.active_heads : null,
      designStitches:
        typeof m.design_stitches === 'number' && m.design_stitches > 0 ? m.design_stitches : null,
      designId: m.id_design ?? null,
    })
  }
  return facts
}

/** The pieces of a number-of-pieces answer (myzsk-api.md 1.21: pieces = passes × active heads), by machine
 * and design; rows that cannot be read are counted, not guessed. */
export function piecesMadeOf(answer: unknown): { made: MadePieces[]; unreadable: number } {
  const data = (answer as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) throw new Error('the number-of-pieces answer has no data list')
  const row = VENDOR_REPORT_RECORDS['/reports/number-of-pieces']
  const made: MadePieces[] = []
  let unreadable = 0
  for (const raw of data) {
    const parsed = row.safeParse(raw)
    if (parsed.success && parsed.data.pieces > 0)
      made.push({
        machineId: parsed.data.machineId,
        designId: parsed.data.designId,
        pieces: parsed.data.pieces,
      })
    else if (!parsed.success) unreadable++
  }
  return { made, unreadable }
}

/** The rows of a report's answer that can be read, and how many could not. */
function rowsOf<P extends keyof typeof VENDOR_REPORT_RECORDS>(
  path: P,
  answer: unknown,
): { rows: Array<VendorReportRecord<P>>; unreadable: number } {
  const data = (answer as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) throw new Error(`the ${path.slice('/reports/'.length)} answer has no data list`)
  const row = VENDOR_REPORT_RECORDS[path]
  const rows: Array<VendorReportRecord<P>> = []
  let unreadable = 0
  for (const raw of data) {
    const parsed = row.safeParse(raw)
    if (parsed.success) rows.push(parsed.data as VendorReportRecord<P>)
    else unreadable++
  }
  return { rows, unreadable }
}

/** One design's passes on a machine (myzsk-api.md 1.15, runningtime: running time only, in seconds). */
export interface DesignPasses {
  designId: string
  stitches: number
  passes: number
  minSeconds: number
  meanSeconds: number
  maxSeconds: number
}

/** The pass times of a runningtime answer by design; designs without a pass are left out. */
export function designPassesOf(answer: unknown): Map<string, DesignPasses> {
  const out = new Map<string, DesignPasses>()
  for (const r of rowsOf('/reports/runningtime', answer).rows)
    if (r.passes > 0 && r.avgTime > 0)
      out.set(r.designId, {
        designId: r.designId,
        stitches: r.designStitches,
        passes: r.passes,
        minSeconds: r.minTime,
        meanSeconds: r.avgTime,
        maxSeconds: r.maxTime,
      })
  return out
}

/** Each machine's average speed over its productive time (myzsk-api.md 1.13), stitches a minute. */
export function usualSpeedsOf(answer: unknown): Map<string, number> {
  const out = new Map<string, number>()
  for (const r of rowsOf('/reports/average-rpm', answer).rows)
    if (typeof r.averageRpm === 'number' && r.averageRpm > 0) out.set(r.machineId, r.averageRpm)
  return out
}

/** Completed passes per machine over all designs (myzsk-api.md 1.14, machine-productivity). */
export function passesByMachineOf(answer: unknown): Map<string, number> {
  const out = new Map<string, number>()
  for (const r of rowsOf('/reports/machine-productivity', answer).rows)
    out.set(r.machineId, (out.get(r.machineId) ?? 0) + r.passes)
  return out
}
