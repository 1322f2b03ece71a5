import { describe, expect, test } from 'vitest'
import { buildMachine } from '../../../test/build-machine'
import { exceptionsOf, nextShiftStart, QUIET_REFRESH_SECONDS, refreshPlan } from './schedule'

const utc = (text: string) => Date.parse(text) / 1000
const BERLIN = 'Europe/Berlin'
const TWO_SHIFTS = [
  { name: 'Early', from: '06:00', to: '14:00' },
  { name: 'Late', from: '14:00', to: '22:00' },
]

describe('refresh plan', () => {
  test('during a shift: every `refresh` seconds', () => {
    expect(refreshPlan(utc('2026-11-18T10:00:00Z'), 15, BERLIN, TWO_SHIFTS)).toEqual({
      delayMs: 15_000,
      quiet: null,
    })
  })

  test('between shifts: every 5 minutes, and said until which shift', () => {
    const plan = refreshPlan(utc('2026-11-18T23:00:00Z'), 15, BERLIN, TWO_SHIFTS) // 00:00 Berlin
    expect(plan.delayMs).toBe(QUIET_REFRESH_SECONDS * 1000)
    expect(plan.quiet?.next.name).toBe('Early')
    expect(plan.quiet?.at).toBe(utc('2026-11-19T05:00:00Z'))
  })

  test('just before a shift starts: the next refresh is at its start, not 5 minutes later', () => {
    const plan = refreshPlan(utc('2026-11-19T04:58:00Z'), 15, BERLIN, TWO_SHIFTS) // 05:58 Berlin
    expect(plan.delayMs).toBe(120_000)
  })

  test('no shifts configured: always the normal refresh', () => {
    expect(refreshPlan(utc('2026-11-18T23:00:00Z'), 15, BERLIN, [])).toEqual({ delayMs: 15_000, quiet: null })
    expect(nextShiftStart(0, BERLIN, [])).toBeNull()
  })
})

describe('machines that need action', () => {
  const now = utc('2026-11-18T10:30:00Z')
  const ago = (minutes: number) => new Date((now - minutes * 60) * 1000).toISOString()
  const seen = new Date(now * 1000).toISOString()

  test('stopped or thread break beyond the threshold, not reporting, a design finishing within 5 minutes', () => {
    const machines = [
      buildMachine({ machine_name: 'M 4', status: 'running', last_seen: seen, remaining_seconds: 200 }),
      buildMachine({ machine_name: 'M 3', status: 'offline', last_seen: ago(30) }),
      buildMachine({ machine_name: 'M 2', status: 'stopped', status_since: ago(12), last_seen: seen }),
      buildMachine({ machine_name: 'M 1', status: 'threadbreak', status_since: ago(11), last_seen: seen }),
      buildMachine({ machine_name: 'M 5', status: 'stopped', status_since: ago(3), last_seen: seen }),
      buildMachine({ machine_name: 'M 6', status: 'running', last_seen: seen, remaining_seconds: 3600 }),
    ]
    expect(exceptionsOf(machines, now, 10).map((e) => `${e.machine.machine_name}: ${e.reason}`)).toEqual([
      'M 1: Thread break for 11 min',
      'M 2: Stopped for 12 min',
      'M 3: Not reporting for 30 min',
      'M 4: Design done in 4 min: prepare the next',
    ])
  })
})
