import { describe, expect, test } from 'vitest'
import { zonedInstant } from './factory-time'

const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

describe('zonedInstant: a wall-clock time in the factory timezone', () => {
  test.each([
    ['an ordinary morning in Berlin', 2026, 11, 18, 6 * 60, 'Europe/Berlin', '2026-11-18T05:00:00.000Z'],
    ['a half-hour zone', 2026, 3, 28, 6 * 60, 'Asia/Kolkata', '2026-03-28T00:30:00.000Z'],
    ['past midnight is the next day', 2026, 3, 28, 25 * 60, 'Europe/Berlin', '2026-03-29T00:00:00.000Z'],
    // clocks go forward: 02:30 never shows, it is 03:30 summer time
    ['the skipped hour in Berlin', 2026, 3, 29, 150, 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    ['the skipped hour in Chicago', 2026, 3, 8, 150, 'America/Chicago', '2026-03-08T08:30:00.000Z'],
    ['a skipped half hour', 2026, 10, 4, 135, 'Australia/Lord_Howe', '2026-10-03T15:45:00.000Z'],
    // clocks go back: 02:30 shows twice, the first is meant
    ['the repeated hour in Berlin', 2026, 10, 25, 150, 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
    ['the repeated hour in Chicago', 2026, 11, 1, 90, 'America/Chicago', '2026-11-01T06:30:00.000Z'],
  ])('%s', (_, year, month, day, minutes, zone, expected) => {
    expect(iso(zonedInstant({ year, month, day }, minutes, zone))).toBe(expected)
  })
})
