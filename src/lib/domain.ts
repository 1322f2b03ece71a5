import type { PRODUCT_CODE_WORDS } from './status-codes'
/** stitchboard's own picture of the factory. The API layer (src/api) maps the vendor's records onto
 * these types; pages and components work on them and never on the vendor's field names. Times are
 * instants in Unix milliseconds, durations in seconds; what the vendor does not send is null. */

/** A machine as GET /machines describes it now (myzsk-api.md 1.1/1.2). */
export interface Machine {
  id: string
  name: string
  locationId: number | null
  collectorId: string | null
  /** sort order set in the vendor's portal */
  order: number | null
  heads: number | null
  activeHeads: number | null
  needles: number | null
  activeNeedle: number | null
  firstSeen: number | null
  lastSeen: number | null
  /** speed set in the company settings, not the live speed */
  configuredRpm: number | null
  /** the live rotation speed; 0 when not sewing */
  liveRpm: number | null
  statusCode: number | null
  designId: string | null
  designStitches: number | null
  /** stitch position in the current pass */
  stitch: number | null
  /** configured number of passes of the current design, null when not repeated */
  repeats: number | null
  /** completed passes of the current design */
  passes: number | null
  /** the vendor's own estimate (configured speed only); its unit is not documented, read as seconds */
  vendorRemainingSeconds: number | null
  /** every field of the record stitchboard does not read (undocumented ones included), as sent */
  otherFields: Readonly<Record<string, unknown>>
  /** since when it shows this code (and turns or not), from the server's history (Unix ms); atLeast:
   * it was already so when stitchboard began recording (or after a gap), so the time is a lower bound.
   * Null when the history does not know (no history, or the change not recorded yet). */
  stateSince: { at: number; atLeast: boolean } | null
}

/** The name a machine is shown by: its alias (the vendor's name for it), or "Machine <id>" where the alias
 * is missing or blank. The one rule for the board and the server's alerts. */
export function machineLabel(id: string, name?: string | null): string {
  return name?.trim() ? name : `Machine ${id}`
}

/** What the server's history says about itself, shown beside times in state. */
export type HistoryInfo =
  | { available: true; recordingSince: number | null; problem: string | null }
  | { available: false; reason: string }

/** A record of a list the vendor sent that could not be read: shown as raw data with what was wrong. */
export interface MalformedRecord {
  index: number
  raw: unknown
  problem: string
}

/** A list as read: the records understood, and those that were not. */
export interface RecordList<T> {
  records: T[]
  malformed: MalformedRecord[]
}

/** A datacollector (Poolbox unit), myzsk-api.md 1.3. */
export interface Collector {
  id: string
  locationId: number | null
  lastSeen: number | null
  machineCount: number | null
}

/** A machine as GET /datacollectors/{id}/machines lists it (production-api.md 2.3). */
export interface CollectorMachine {
  id: string
  name: string | null
  locationName: string | null
  heads: number | null
  needles: number | null
  firstSeen: number | null
  lastSeen: number | null
}

/** An embroidery design of the company's catalogue (GET /designs). */
export interface Design {
  id: string
  name: string | null
  stitches: number | null
  insertedAt: number | null
}

/** A work period (vendor shift definition) of GET /work-periods: a name, no times. */
export interface WorkPeriod {
  id: number
  name: string | null
  timeZone: string | null
}

/** Thread breaks of one machine at one head and needle; a dimension the grouping folded away is null
 * (needle 0 is the bobbin). */
export interface ThreadbreakCount {
  machineId: string
  machineName: string
  head: number | null
  needle: number | null
  count: number
}

/** One break of the thread-break log. */
export interface ThreadbreakEvent {
  at: number
  machineId: string
  machineName: string
  head: number
  needle: number
  designId: string | null
  /** stitch position in the design at the break */
  stitch: number | null
  designStitches: number | null
  rpm: number | null
}

/** Per machine over a range: machine-summary (myzsk-api.md 1.12). */
export interface MachineSummary {
  machineId: string
  machineName: string
  stitches: number | null
  threadbreaks: number | null
  passes: number | null
  pieces: number | null
  totalSeconds: number | null
  productionSeconds: number | null
  utilizationPercent: number | null
  stitchesPerMinute: number | null
  /** seconds per vendor status code */
  secondsByStatus: ReadonlyMap<number, number>
}

/** Per machine over a range: average-rpm (1.13). */
export interface MachineSpeed {
  machineId: string
  machineName: string
  locationId: number | null
  locationName: string | null
  productiveSeconds: number | null
  stitches: number | null
  averageRpm: number | null
}

/** Per machine and shift (vendor work period): shift-comparison (1.17). */
export interface MachineShifts {
  machineId: string
  machineName: string
  locationId: number | null
  locationName: string | null
  stitches: number | null
  threadbreaks: number | null
  shifts: Array<{ shiftId: number; shiftName: string; stitches: number; threadbreaks: number }>
}

/** Breaks along one design's stitches: threadbreaks-by-design (1.11). */
export interface DesignThreadbreaks {
  designId: string
  designStitches: number
  passes: number
  byStitch: Array<{ stitch: number; count: number }>
}

/** One interval of a machine's history (Unix ms; `end` null while it lasts): its code, whether it turned,
 * whether it reported at all, and the design loaded. */
export interface StateInterval {
  start: number
  end: number | null
  code: number | null
  turning: boolean
  reporting: boolean
  designId: string | null
  /** began before stitchboard saw it: its start is a lower bound */
  atLeast: boolean
}

/** A stretch nobody recorded: stitchboard was not running, or the portal did not answer. */
export interface HistoryGap {
  start: number
  end: number
  reason: string
}

/** An alert of the server's rules (issue 19): a cause on a machine from raised through acknowledged
 * ("I'm on it") to cleared (Unix ms). */
/**
 * What an alert is about, as data: the words are made from it in each reader's language (a dashboard's, a
 * channel's), the same way on the server and in the browser. Kept with the alert when it is raised.
 */
export type AlertWhat =
  | {
      rule: 'state'
      state: 'stopped' | 'threadbreak' | 'error' | 'not-reporting' | 'unknown'
      code: number | null
      /** the factory's own words for the code (STATUS_CODES), as written */
      label: string | null
      /** the product's words for a code of its table */
      words?: (typeof PRODUCT_CODE_WORDS)[number]
      /** the state began before the history did: "since" is a lower bound */
      atLeast: boolean
    }
  | { rule: 'head-breaks'; head: number; needle: number; inARow: number }
  | { rule: 'hot-spot'; head: number | null; needle: number | null; count: number; ratio: number }
  /** an enrolled wall screen has not been in touch for too long (the alert's machine is the screen) */
  | { rule: 'screens'; location: string | null }
  /** an order turned late or at risk (the alert's machine is the order: `order-` and its ID, its name the
   * order's reference); `marginMinutes`: due − expected finish */
  | { rule: 'orders'; customer: string; late: boolean; marginMinutes: number }
  /** a maintenance task overdue on the machine by more than the rule's margin; `heads`: the heads it is
   * overdue on ("3, 5–8"), null for the machine's task or all its heads */
  | { rule: 'maintenance'; task: string; heads: string | null }

export interface Alert {
  id: number
  rule: 'state' | 'head-breaks' | 'hot-spot' | 'screens' | 'orders' | 'maintenance'
  /** the machine's ID; a wall screen's alert: `screen-` and the device's ID */
  machineId: string
  machineName: string
  /** short: "Thread break", "Head 3 · needle 7" */
  cause: string
  /** one sentence ending in "since" or "First of them": the time of `since` follows it */
  detail: string
  /** what it is about, as data, for its words in the reader's language (lib/alert-words.ts); null for an
   * alert raised before stitchboard kept it (its cause and detail are then English) */
  what: AlertWhat | null
  since: number
  raisedAt: number
  /** the highest escalation level told (-1: none) */
  level: number
  acknowledgedAt: number | null
  acknowledgedBy: string | null
  /** its cause has been gone since (the all clear follows after the clear time) */
  okSince: number | null
  clearedAt: number | null
}
