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
 * one holds). The latest target for the shift's weekday comes before the latest for every day, unit by
 * unit: a weekday target in pieces only keeps the every-day stitches, and a removed weekday target falls
 * back to the every-day one.
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
  let onWeekday: TargetRow | null = null
  let everyDay: TargetRow | null = null
  const later = (row: TargetRow, than: TargetRow | null) =>
    !than || row.validFrom > than.validFrom || (row.validFrom === than.validFrom && row.id > than.id)
  for (const row of rows) {
    if (row.shift !== shift || !sameScope(row.scope, scope) || row.validFrom > at) continue
    if (row.weekday === null) {
      if (later(row, everyDay)) everyDay = row
    } else if (row.weekday === weekday && later(row, onWeekday)) onWeekday = row
  }
  const pieces = onWeekday?.pieces ?? everyDay?.pieces ?? null
  const stitches = onWeekday?.stitches ?? everyDay?.stitches ?? null
  if (pieces === null && stitches === null) return { pieces: null, stitches: null, row: null }
  const own = onWeekday && (onWeekday.pieces !== null || onWeekday.stitches !== null) ? onWeekday : everyDay
  return { pieces, stitches, row: own }
}

/**
 * The factory's target for a shift: the one set for all machines, or else the sum of its locations'
 * targets when every location (with machines) has one for that unit. `rows` null for a unit no target
 * gives.
 */
export function factoryTarget(
  rows: readonly TargetRow[],
  shift: string,
  locations: readonly number[],
  start: number,
  at: number,
  timeZone: string,
): { pieces: number | null; stitches: number | null; rows: TargetRow[] } {
  const all = targetFor(rows, shift, { kind: 'all' }, start, at, timeZone)
  if (all.row) return { pieces: all.pieces, stitches: all.stitches, rows: [all.row] }
  const each = locations.map((id) => targetFor(rows, shift, { kind: 'location', id }, start, at, timeZone))
  const sum = (unit: 'pieces' | 'stitches') =>
    each.length > 0 && each.every((t) => t[unit] !== null) ? each.reduce((s, t) => s + t[unit]!, 0) : null
  return {
    pieces: sum('pieces'),
    stitches: sum('stitches'),
    rows: each.flatMap((t) => (t.row ? [t.row] : [])),
  }
}

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
