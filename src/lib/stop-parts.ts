import type { StateInterval } from './domain'
import {
  INHERIT_SECONDS,
  type PlannedWindow,
  plannedAt,
  type StopReason,
  type StopSettings,
} from './stop-reasons'

/** Where a stop's reason came from: a person, the planned stop it lies in, a rule on its status code, or
 * the stop before it (the machine stopped again within a minute). */
export type ReasonSource = 'person' | 'planned' | 'rule' | 'inherited'

/** A reason a person gave to a stop part, as kept (Unix ms). */
export interface GivenReason {
  machineId: string
  start: number
  reason: string
  comment: string | null
  by: string
  at: number
}

/** A reason as a person gives it to a part (the browser's request, the server's check): `seen` is the
 * person's reason the screen showed (another's given since is answered as replaced). */
export interface ReasonRequest {
  machineId: string
  start: number
  reason: string
  comment: string | null
  by: string
  seen: string | null
}

/**
 * One part of a stop: a stop is an unbroken stretch of a machine's history in which it does not run (not
 * reporting included), its status codes changing within it; it is one part until a person splits it or a
 * planned stop begins or ends within it. A part is known by its machine and its start.
 */
export interface StopPart {
  machineId: string
  start: number
  /** the end, or now while it lasts */
  end: number
  ongoing: boolean
  /** the start of the stop this part belongs to */
  stopStart: number
  /** the status codes within it, in order, each once */
  codes: Array<number | null>
  atLeast: boolean
  reason: string | null
  source: ReasonSource | null
  by: string | null
  givenAt: number | null
  comment: string | null
  /** a planned part: when its planned stop ends */
  plannedUntil: number | null
}

/** Intervals within a second of each other are one stretch (a gap in the record breaks a stop). */
const CONTIGUOUS_MS = 1000

/**
 * The stop parts of one machine from its intervals (sorted by start; the first may begin before the range
 * asked, so that a stop's start is its true start), cut at the person's splits and the planned windows'
 * edges, each with the reason that holds: given by a person, else the planned stop's, else a status code's
 * rule, else the stop before's when it ended at most a minute earlier.
 */
export function stopPartsOf(
  machineId: string,
  intervals: readonly StateInterval[],
  now: number,
  isRunning: (i: StateInterval) => boolean,
  cuts: {
    splits: readonly number[]
    windows: readonly PlannedWindow[]
    given: ReadonlyMap<number, GivenReason>
    codeReasons: ReadonlyMap<number, string>
  },
): StopPart[] {
  type Stop = { start: number; end: number; ongoing: boolean; atLeast: boolean; items: StateInterval[] }
  const stops: Stop[] = []
  let current: Stop | null = null
  for (const i of intervals) {
    if (isRunning(i)) {
      if (current) stops.push(current)
      current = null
      continue
    }
    const end = i.end ?? now
    if (current && i.start <= current.end + CONTIGUOUS_MS) {
      current.end = Math.max(current.end, end)
      current.ongoing = i.end === null
      current.items.push(i)
    } else {
      if (current) stops.push(current)
      current = { start: i.start, end, ongoing: i.end === null, atLeast: i.atLeast, items: [i] }
    }
  }
  if (current) stops.push(current)
  const parts: StopPart[] = []
  let previous: StopPart | null = null
  for (const stop of stops) {
    const edges = new Set<number>()
    for (const at of cuts.splits) if (at > stop.start && at < stop.end) edges.add(at)
    for (const w of cuts.windows) {
      if (w.from > stop.start && w.from < stop.end) edges.add(w.from)
      if (w.till > stop.start && w.till < stop.end) edges.add(w.till)
    }
    const bounds = [stop.start, ...[...edges].sort((a, b) => a - b), stop.end]
    for (let k = 0; k + 1 < bounds.length; k++) {
      const start = bounds[k]!
      const end = bounds[k + 1]!
      const codes: Array<number | null> = []
      for (const i of stop.items)
        if (i.start < end && (i.end ?? now) > start && !codes.includes(i.code)) codes.push(i.code)
      const part: StopPart = {
        machineId,
        start,
        end,
        ongoing: stop.ongoing && k + 2 === bounds.length,
        stopStart: stop.start,
        codes,
        atLeast: k === 0 && stop.atLeast,
        reason: null,
        source: null,
        by: null,
        givenAt: null,
        comment: null,
        plannedUntil: null,
      }
      resolve(part, k === 0 ? previous : null, cuts)
      parts.push(part)
      previous = part
    }
  }
  return parts
}

function resolve(
  part: StopPart,
  before: StopPart | null,
  cuts: {
    windows: readonly PlannedWindow[]
    given: ReadonlyMap<number, GivenReason>
    codeReasons: ReadonlyMap<number, string>
  },
) {
  const given = cuts.given.get(part.start)
  const plannedWindow = plannedAt(cuts.windows, part.start)
  if (plannedWindow) part.plannedUntil = plannedWindow.till
  if (given) {
    part.reason = given.reason
    part.source = 'person'
    part.by = given.by
    part.givenAt = given.at
    part.comment = given.comment
    return
  }
  if (plannedWindow) {
    part.reason = plannedWindow.reason
    part.source = 'planned'
    return
  }
  const first = part.codes[0]
  const ruled = first === null || first === undefined ? undefined : cuts.codeReasons.get(first)
  if (ruled) {
    part.reason = ruled
    part.source = 'rule'
    return
  }
  if (
    before?.reason &&
    (before.source === 'person' || before.source === 'inherited') &&
    part.start - before.end <= INHERIT_SECONDS * 1000
  ) {
    part.reason = before.reason
    part.source = 'inherited'
    part.by = before.by
    part.givenAt = before.givenAt
  }
}

/** The code → reason rules in force: the settings' own, else the states' defaults for codes of a state
 * that has one (a thread break is repaired, hooping is loading). */
export function codeReasonsOf(
  settings: Pick<StopSettings, 'codeReasons' | 'reasons'>,
  codes: ReadonlyMap<number, { state: string }>,
  stateReasons: Readonly<Record<string, string>>,
): Map<number, string> {
  const usable = new Set(settings.reasons.filter((r) => !r.retired).map((r) => r.id))
  const rules = new Map<number, string>()
  for (const [code, meaning] of codes) {
    const reason = stateReasons[meaning.state]
    if (reason && usable.has(reason)) rules.set(code, reason)
  }
  for (const { code, reason } of settings.codeReasons) rules.set(code, reason)
  return rules
}

/** Whether a part asks a person for a reason: none holds and it lasted the threshold or longer. */
export const needsReason = (part: StopPart, thresholdMinutes: number) =>
  part.reason === null && part.end - part.start >= thresholdMinutes * 60_000

/** A part's key in URLs and the database: its machine and start. */
export const partKey = (part: Pick<StopPart, 'machineId' | 'start'>) => `${part.machineId}@${part.start}`

/** The reason of `id` in the list (retired ones too: their history stays). */
export const reasonById = (reasons: readonly StopReason[], id: string | null) =>
  id === null ? undefined : reasons.find((r) => r.id === id)
