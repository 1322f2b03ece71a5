import { type LocalDate, localDate } from './factory-time'

/**
 * Targets and rejects (issue 36): what a shift is meant to make, and what of it was not good. A target is
 * set per shift (on every day, or on one weekday), for every machine, a location or one machine, in pieces
 * and/or stitches. A change is a new row valid from its moment, so a past shift is judged against the
 * target in force then; a row with neither figure removes the target from then on.
 */
export type TargetScope = { kind: 'all' } | { kind: 'location'; id: number } | { kind: 'machine'; id: string }

export interface TargetRow {
  id: number
  shift: string
  /** ISO weekday 1 (Monday) – 7 (Sunday) of the shift's start; null: every day */
  weekday: number | null
  scope: TargetScope
  pieces: number | null
  stitches: number | null
  /** Unix ms from which it holds */
  validFrom: number
  by: string
  at: number
}

export interface RejectsRow {
  id: number
  shift: string
  /** YYYY-MM-DD of the shift's start, factory time */
  day: string
  /** null: the whole factory */
  locationId: number | null
  rejects: number
  by: string
  at: number
}

export const MAX_TARGET = 1_000_000_000_000
export const MAX_REJECTS = 10_000_000

export const sameScope = (a: TargetScope, b: TargetScope) =>
  a.kind === b.kind && (a.kind === 'all' || (b.kind !== 'all' && a.id === b.id))

/** ISO weekday (1 Monday – 7 Sunday) of a local date. */
export function isoWeekday(day: LocalDate): number {
  const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay()
  return weekday === 0 ? 7 : weekday
}

/** What a target says for one shift occurrence. */
export interface ShiftTarget {
  pieces: number | null
  stitches: number | null
  /** the row it comes from (null: none set) */
  row: TargetRow | null
}

/**
 * The target of `scope` for the shift `shift` that starts at `start` (Unix ms), as in force at `at` (the
 * shift's end: a target changed during a shift applies to that whole shift, and while it runs the latest
 * one holds). A target for the shift's weekday comes before one for every day.
 */
export function targetFor(
  rows: readonly TargetRow[],
  shift: string,
  scope: TargetScope,
  start: number,
  at: number,
  timeZone: string,
): ShiftTarget {
  const weekday = isoWeekday(localDate(Math.floor(start / 1000), timeZone))
  let best: TargetRow | null = null
  for (const row of rows) {
    if (row.shift !== shift || !sameScope(row.scope, scope) || row.validFrom > at) continue
    if (row.weekday !== null && row.weekday !== weekday) continue
    const better =
      !best ||
      specificity(row) > specificity(best) ||
      (specificity(row) === specificity(best) &&
        (row.validFrom > best.validFrom || (row.validFrom === best.validFrom && row.id > best.id)))
    if (better) best = row
  }
  if (!best || (best.pieces === null && best.stitches === null))
    return { pieces: null, stitches: null, row: null }
  return { pieces: best.pieces, stitches: best.stitches, row: best }
}

const specificity = (row: TargetRow) => (row.weekday === null ? 0 : 1)

/** The rejects entered for a shift occurrence and location (null: the factory): the latest entry holds. */
export function rejectsFor(
  rows: readonly RejectsRow[],
  shift: string,
  day: string,
  locationId: number | null,
): RejectsRow | null {
  let found: RejectsRow | null = null
  for (const row of rows)
    if (row.shift === shift && row.day === day && row.locationId === locationId)
      if (!found || row.at > found.at || (row.at === found.at && row.id > found.id)) found = row
  return found
}
