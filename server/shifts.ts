import { clockMinutes } from '../src/lib/clock'
import type { NamedShift } from '../src/lib/time-range'

export type { NamedShift }

export const DEFAULT_SHIFTS_TEXT = 'Early=06:00-14:00,Late=14:00-22:00,Night=22:00-06:00'

/** Parses `Early=06:00-14:00,Late=14:00-22:00,Night=22:00-06:00`; returns what is wrong as text. */
export function parseShifts(text: string): NamedShift[] | string {
  const shifts: NamedShift[] = []
  for (const part of text.split(',')) {
    const match = /^\s*([^=,]{1,40}?)\s*=\s*(\d\d:\d\d)\s*-\s*(\d\d:\d\d)\s*$/.exec(part)
    if (!match) return `must look like Early=06:00-14:00,Late=14:00-22:00 (problem in "${part.trim()}")`
    const [, name, from, to] = match as unknown as [string, string, string, string]
    if (clockMinutes(from) === null || clockMinutes(to) === null)
      return `has a time that is not HH:MM in "${part.trim()}"`
    if (from === to) return `has a shift of no length in "${part.trim()}"`
    if (shifts.some((s) => s.name === name)) return `names the shift "${name}" twice`
    shifts.push({ name, from, to })
  }
  return shifts
}

export const DEFAULT_SHIFTS = parseShifts(DEFAULT_SHIFTS_TEXT) as NamedShift[]
