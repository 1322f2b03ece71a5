import { describe, expect, test } from 'vitest'
import { buildMachine } from '../../../test/build-machine'
import { t } from '../../../test/messages'
import { DEMO_STATUS_CODES } from '../../lib/status-codes'
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
  const ago = (minutes: number) => (now - minutes * 60) * 1000
  const seen = now * 1000

  test('stopped or thread break (time in state unknown), not reporting, a design finishing within 5 minutes', () => {
    const machines = [
      buildMachine({ name: 'M 4', statusCode: 1, liveRpm: 800, lastSeen: seen, vendorRemainingSeconds: 200 }),
      buildMachine({ name: 'M 3', statusCode: 1, lastSeen: ago(30) }),
      buildMachine({ name: 'M 2', statusCode: 2, liveRpm: 0, lastSeen: seen }),
      buildMachine({ name: 'M 1', statusCode: 9, liveRpm: 0, lastSeen: seen }),
      buildMachine({ name: 'M 5', statusCode: 40, liveRpm: 0, lastSeen: seen }),
      buildMachine({
        name: 'M 6',
        statusCode: 1,
        liveRpm: 800,
        lastSeen: seen,
        vendorRemainingSeconds: 3600,
      }),
    ]
    // each card says its state once, and how long (or, for a design that ends, what to do)
    expect(
      exceptionsOf(machines, now, 10, DEMO_STATUS_CODES, t).map((e) =>
        `${e.machine.name}: ${e.label} | ${e.time}`.replace(/\u00a0/g, ' '),
      ),
    ).toEqual([
      'M 1: Thread break | since: not known',
      'M 2: Stopped | since: not known',
      'M 3: Not reporting | silent 30 min',
      'M 4: Design done in 4 min | prepare the next design',
    ])
  })

  test('a known time in the state: how long, longest first within a state', () => {
    const machines = [
      buildMachine({
        name: 'A',
        statusCode: 2,
        liveRpm: 0,
        lastSeen: seen,
        stateSince: { at: ago(14), atLeast: false },
      }),
      buildMachine({
        name: 'B',
        statusCode: 2,
        liveRpm: 0,
        lastSeen: seen,
        stateSince: { at: ago(135), atLeast: true },
      }),
    ]
    expect(
      exceptionsOf(machines, now, 10, DEMO_STATUS_CODES, t).map((e) =>
        `${e.machine.name}: ${e.label} | ${e.time}`.replace(/\u00a0/g, ' '),
      ),
    ).toEqual(['B: Stopped | for at least 2 h 15 min', 'A: Stopped | for 14 min'])
  })

  test('at its own pace the pass ends sooner or later than the set speed says: the pace decides', () => {
    // 15,000 stitches left in this pass (5,000 of 20,000 sewn)
    const fast = buildMachine({ id: 'F', name: 'Fast', lastSeen: seen, vendorRemainingSeconds: 3600 })
    const slow = buildMachine({ id: 'S', name: 'Slow', lastSeen: seen, vendorRemainingSeconds: 120 })
    const paces = new Map([
      ['F', 5000], // 3 min left at its pace
      ['S', 500], // 30 min left at its pace
    ])
    expect(
      exceptionsOf([fast, slow], now, 10, DEMO_STATUS_CODES, t, paces).map((e) =>
        e.label.replace(/\u00a0/g, ' '),
      ),
    ).toEqual(['Design done in 3 min'])
  })
})
