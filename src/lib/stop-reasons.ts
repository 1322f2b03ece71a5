import { clockMinutes } from './clock'
import { addDays, localDate } from './factory-time'
import type { MessageKey, Translator } from './i18n/translator'
import { shiftWindow } from './shift-window'
import type { NamedShift } from './time-range'

/** How a reason's part of a timeline or a chart is drawn besides its colour (colour is never the only
 * signal). */
export const REASON_PATTERNS = ['solid', 'stripes', 'dots', 'cross'] as const
export type ReasonPattern = (typeof REASON_PATTERNS)[number]

/** A group of reasons (the first level of the list). `name` is what the factory typed; without one the
 * product's own words for `id` (a built-in category) are shown in the reader's language. */
export interface ReasonCategory {
  id: string
  name: string | null
}

/** Why a machine stood (the second level). Planned reasons are time nobody meant to sew. A retired reason
 * is offered no more but keeps its history. */
export interface StopReason {
  id: string
  category: string
  name: string | null
  planned: boolean
  colour: string
  pattern: ReasonPattern
  needsComment: boolean
  retired: boolean
}

/** A recurring break of a shift, every day the shift runs (`HH:MM` factory time, inside the shift). */
export interface ShiftBreak {
  shift: string
  from: string
  till: string
  reason: string
}

/** The reasons' settings: the list, the threshold below which a stop needs no reason, the status codes
 * that give a reason by themselves, and the shifts' recurring breaks. Changed only with ADMIN_TOKEN. */
export interface StopSettings {
  categories: ReasonCategory[]
  reasons: StopReason[]
  thresholdMinutes: number
  codeReasons: Array<{ code: number; reason: string }>
  breaks: ShiftBreak[]
}

/** Where a one-off planned stop applies. */
export type PlannedScope =
  | { kind: 'all' }
  | { kind: 'location'; id: number }
  | { kind: 'machine'; id: string }

/** A planned stop entered ahead of time (Unix ms). */
export interface PlannedStop {
  id: number
  scope: PlannedScope
  reason: string
  from: number
  till: number
  note: string | null
  by: string
  at: number
}

/** A time a machine is planned to stand, with its reason (Unix ms). */
export interface PlannedWindow {
  from: number
  till: number
  reason: string
  /** a shift's recurring break, or the id of a one-off planned stop */
  source: 'break' | number
}

/** At most this many reasons in use: beyond it people choose the most convenient, not the true one. */
export const MAX_REASONS_IN_USE = 25
export const MAX_CATEGORIES = 10
/** A reason given or changed at most this long after its stop ended. */
export const EDIT_HOURS = 24
/** A machine that stops again this soon after a stop takes that stop's reason. */
export const INHERIT_SECONDS = 60
export const DEFAULT_THRESHOLD_MINUTES = 5
export const MAX_NAME = 60
export const MAX_COMMENT = 500

/** The product's own reasons for an embroidery hall, by category: each one's words are a message. */
const BUILT_IN: ReadonlyArray<[category: string, planned: boolean, reasons: ReadonlyArray<string>]> = [
  ['planned', true, ['break', 'handover', 'meeting', 'planned-maintenance', 'no-order']],
  ['material', false, ['waiting-garments', 'waiting-hoops']],
  ['people', false, ['no-operator']],
  ['changeover', false, ['design-change', 'hooping', 'thread-change', 'bobbin-change']],
  ['machine', false, ['needle-break', 'thread-break-repair', 'machine-fault']],
  ['quality', false, ['trial-sew-out', 'quality-check']],
  ['other', false, ['other']],
]

/** Colours of the built-in reasons: distinct for colour-blind readers in the order shown, with a pattern
 * each besides (Okabe–Ito and Tol's muted palette). */
const PALETTE = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#cc79a7',
  '#56b4e9',
  '#d55e00',
  '#882255',
  '#44aa99',
  '#999933',
  '#aa4499',
  '#332288',
  '#117733',
  '#88ccee',
  '#661100',
  '#ddcc77',
  '#6699cc',
  '#888888',
  '#000000',
]

export function defaultStopSettings(): StopSettings {
  const reasons: StopReason[] = []
  for (const [category, planned, ids] of BUILT_IN) {
    for (const id of ids) {
      const n = reasons.length
      reasons.push({
        id,
        category,
        name: null,
        planned,
        colour: PALETTE[n % PALETTE.length]!,
        pattern: planned ? 'stripes' : REASON_PATTERNS[n % 4 === 1 ? 2 : n % 4 === 3 ? 3 : 0]!,
        needsComment: id === 'other',
        retired: false,
      })
    }
  }
  return {
    categories: BUILT_IN.map(([id]) => ({ id, name: null })),
    reasons,
    thresholdMinutes: DEFAULT_THRESHOLD_MINUTES,
    codeReasons: [],
    breaks: [],
  }
}

/** Reasons the status codes' states give by default: a thread break is repaired, hooping is loading. */
export const STATE_REASONS: Readonly<Record<string, string>> = {
  threadbreak: 'thread-break-repair',
  setup: 'hooping',
}

/** The product's words for its own categories and reasons, as messages. */
const BUILT_IN_WORDS: Readonly<Record<string, MessageKey>> = {
  planned: 'stops.reason.planned',
  material: 'stops.reason.material',
  people: 'stops.reason.people',
  changeover: 'stops.reason.changeover',
  machine: 'stops.reason.machine',
  quality: 'stops.reason.quality',
  other: 'stops.reason.other',
  break: 'stops.reason.break',
  handover: 'stops.reason.handover',
  meeting: 'stops.reason.meeting',
  'planned-maintenance': 'stops.reason.plannedMaintenance',
  'no-order': 'stops.reason.noOrder',
  'waiting-garments': 'stops.reason.waitingGarments',
  'waiting-hoops': 'stops.reason.waitingHoops',
  'no-operator': 'stops.reason.noOperator',
  'design-change': 'stops.reason.designChange',
  hooping: 'stops.reason.hooping',
  'thread-change': 'stops.reason.threadChange',
  'bobbin-change': 'stops.reason.bobbinChange',
  'needle-break': 'stops.reason.needleBreak',
  'thread-break-repair': 'stops.reason.threadBreakRepair',
  'machine-fault': 'stops.reason.machineFault',
  'trial-sew-out': 'stops.reason.trialSewOut',
  'quality-check': 'stops.reason.qualityCheck',
}

/** A reason's or category's words: as the factory typed them, or the product's in the reader's language
 * (a reason the list no longer has: its id). */
export function reasonName(item: { id: string; name: string | null }, t: Translator['t']): string {
  if (item.name) return item.name
  const key = Object.hasOwn(BUILT_IN_WORDS, item.id) ? BUILT_IN_WORDS[item.id] : undefined
  return key ? t(key) : item.id
}

/** The planned windows of one machine overlapping [from, till) (Unix ms): the shifts' breaks every day
 * each shift runs, and the one-off planned stops for the machine, its location or all machines. */
export function plannedWindows(
  machine: { id: string; locationId: number | null },
  from: number,
  till: number,
  settings: Pick<StopSettings, 'breaks'>,
  planned: readonly PlannedStop[],
  shifts: readonly NamedShift[],
  timeZone: string,
): PlannedWindow[] {
  const windows: PlannedWindow[] = []
  for (const b of settings.breaks) {
    const shift = shifts.find((s) => s.name === b.shift)
    if (!shift || clockMinutes(b.from) === null || clockMinutes(b.till) === null) continue
    const last = localDate(Math.floor(till / 1000), timeZone)
    for (let day = addDays(localDate(Math.floor(from / 1000), timeZone), -1); ; day = addDays(day, 1)) {
      const [start, end] = shiftWindow(shift, day, timeZone)
      // the break on the shift's first day, or the next (a shift across midnight)
      for (const d of [day, addDays(day, 1)]) {
        const [bs, be] = shiftWindow({ from: b.from, to: b.till }, d, timeZone)
        if (bs >= start && be <= end && be * 1000 > from && bs * 1000 < till)
          windows.push({ from: bs * 1000, till: be * 1000, reason: b.reason, source: 'break' })
      }
      if (day.year === last.year && day.month === last.month && day.day === last.day) break
    }
  }
  for (const p of planned) {
    const applies =
      p.scope.kind === 'all' ||
      (p.scope.kind === 'machine' && p.scope.id === machine.id) ||
      (p.scope.kind === 'location' && p.scope.id === machine.locationId)
    if (applies && p.till > from && p.from < till)
      windows.push({ from: p.from, till: p.till, reason: p.reason, source: p.id })
  }
  return windows.sort((a, b) => a.from - b.from || b.till - a.till)
}

/** The planned window holding `at`, the one ending last when several do. */
export function plannedAt(windows: readonly PlannedWindow[], at: number): PlannedWindow | null {
  let found: PlannedWindow | null = null
  for (const w of windows) if (w.from <= at && at < w.till && (!found || w.till > found.till)) found = w
  return found
}
