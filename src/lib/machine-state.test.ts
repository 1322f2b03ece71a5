import { describe, expect, test } from 'vitest'
import { buildMachine } from '../../test/build-machine'
import { t } from '../../test/messages'
import {
  boardState,
  boardSummary,
  callsOut,
  designProgress,
  durationInWords,
  finishAt,
  finishAtPace,
  needsAttention,
  remainingStitches,
  secondsInState,
  sortMachines,
  stateLabel,
} from './machine-state'
import { DEMO_STATUS_CODES, dictionaryOf, parseStatusCodes } from './status-codes'

/** The demo's table (docs/configuration.md, "The demo companies"), the default dictionary. */
const CODES = DEMO_STATUS_CODES

const NOW = Date.parse('2026-11-18T10:30:00Z') / 1000
const ago = (s: number) => (NOW - s) * 1000
const fresh = { lastSeen: ago(5) }
const still = { liveRpm: 0 }

describe('boardState from the status code, the live speed and the last report', () => {
  test.each([
    [1, { ...fresh, liveRpm: 850 }, 'running'],
    [2, { ...fresh, ...still }, 'stopped'],
    [1012, { ...fresh, ...still }, 'stopped'],
    [9, { ...fresh, ...still }, 'threadbreak'],
    [30, { ...fresh, ...still }, 'setup'],
    [40, { ...fresh, ...still }, 'idle'],
    [99, { ...fresh, ...still }, 'error'],
    [1234, { ...fresh, ...still }, 'unknown'],
    [null, { ...fresh, ...still }, 'unknown'],
    // live evidence beats the dictionary: a turning machine is running whatever its code says
    [2, { ...fresh, liveRpm: 600 }, 'running'],
    [1, { lastSeen: ago(6 * 60), liveRpm: 850 }, 'not-reporting'],
    [2, { lastSeen: null, ...still }, 'not-reporting'],
  ] as const)('code %s with %j → %s', (statusCode, extra, state) => {
    expect(boardState(buildMachine({ statusCode, ...extra }), NOW, CODES)).toBe(state)
  })

  test.each([
    [1234, 'Status 1234'],
    [null, 'No status reported'],
    [2, 'Stopped'],
    [1012, 'Design completed'],
    [30, 'Hooping'],
  ])('code %j is labelled %s, never guessed', (statusCode, label) => {
    const m = buildMachine({ statusCode, ...fresh, ...still })
    expect(stateLabel(m, boardState(m, NOW, CODES), CODES, t)).toBe(label)
  })
})

describe('time in state and exceptions', () => {
  test('a silent machine counts from its last report; other states have no known start', () => {
    const silent = buildMachine({ lastSeen: ago(600) })
    expect(secondsInState(silent, boardState(silent, NOW, CODES), NOW)).toBe(600)
    const stopped = buildMachine({ statusCode: 2, ...still, ...fresh })
    expect(secondsInState(stopped, boardState(stopped, NOW, CODES), NOW)).toBeNull()
  })

  test.each([
    [2, true],
    [9, true],
    [99, true],
    [1, false],
    [40, false],
    [30, false],
  ] as const)('code %i, time in state unknown → attention %s', (statusCode, expected) => {
    const liveRpm = statusCode === 1 ? 850 : 0
    expect(needsAttention(buildMachine({ statusCode, liveRpm, ...fresh }), NOW, 10, CODES)).toBe(expected)
  })
})

describe('what the wall calls out', () => {
  const since = (minutes: number) => ({ stateSince: { at: ago(minutes * 60), atLeast: false } })
  test.each([
    ['a stop past the threshold', { statusCode: 2, ...still, ...fresh, ...since(12) }, true],
    ['a stop within it', { statusCode: 2, ...still, ...fresh, ...since(3) }, false],
    ['a thread break past it', { statusCode: 9, ...still, ...fresh, ...since(11) }, true],
    ['a machine gone silent', { statusCode: 1, liveRpm: 850, lastSeen: ago(600) }, true],
    ['a code nobody explained', { statusCode: 4711, ...still, ...fresh, ...since(1) }, true],
    ['hooping, however long', { statusCode: 30, ...still, ...fresh, ...since(90) }, false],
    ['running', { statusCode: 1, liveRpm: 850, ...fresh, ...since(90) }, false],
  ] as const)('%s → %s', (_, machine, expected) => {
    expect(callsOut(buildMachine(machine), NOW, 10, CODES)).toBe(expected)
  })
})

describe('design progress and finish', () => {
  test.each([
    [{ stitch: 5_000, designStitches: 20_000 }, 0.25],
    [{ stitch: 0, designStitches: 0 }, null],
    [{ designId: null }, null],
    [{ stitch: null }, null],
  ])('%j → %s', (fields, progress) => expect(designProgress(buildMachine(fields))).toBe(progress))

  test('finish time from the vendor’s remaining time while running; none without it, a design or reports', () => {
    const nowMs = NOW * 1000
    expect(finishAt(buildMachine({ vendorRemainingSeconds: 600 }), 'running', nowMs)).toBe(nowMs + 600_000)
    expect(finishAt(buildMachine({ vendorRemainingSeconds: null }), 'running', nowMs)).toBeNull()
    expect(finishAt(buildMachine({ designId: null }), 'running', nowMs)).toBeNull()
    expect(finishAt(buildMachine({ vendorRemainingSeconds: 600 }), 'stopped', nowMs)).toBeNull()
    expect(finishAt(buildMachine({ vendorRemainingSeconds: 600 }), 'not-reporting', nowMs)).toBeNull()
  })
})

describe('sorting and summary', () => {
  const machines = [
    buildMachine({ id: 'a', name: 'M 10', statusCode: 1, liveRpm: 800, ...fresh }),
    buildMachine({ id: 'b', name: 'M 2', statusCode: 2, ...still, ...fresh }),
    buildMachine({ id: 'c', name: 'M 3', statusCode: 9, ...still, ...fresh }),
    buildMachine({ id: 'd', name: 'M 4', statusCode: 30, ...still, ...fresh }),
    buildMachine({ id: 'e', name: 'M 5', statusCode: 1, lastSeen: ago(3600) }),
  ]
  test('urgency: thread break, stopped, not reporting, setup, running', () => {
    expect(sortMachines(machines, 'urgency', NOW, CODES).map((m) => m.id)).toEqual(['c', 'b', 'e', 'd', 'a'])
  })
  test('by name, numbers in natural order', () => {
    expect(sortMachines(machines, 'name', NOW, CODES).map((m) => m.name)).toEqual([
      'M 2',
      'M 3',
      'M 4',
      'M 5',
      'M 10',
    ])
  })
  test('summary counts per state and the running share', () => {
    const summary = boardSummary(machines, NOW, CODES)
    expect(summary.counts).toEqual({
      running: 1,
      stopped: 1,
      threadbreak: 1,
      idle: 0,
      setup: 1,
      error: 0,
      'not-reporting': 1,
      unknown: 0,
    })
    expect(summary.runningShare).toBeCloseTo(0.2)
  })
})

// each number bound to its unit by a non-breaking space (written _ here): "2 h" never parts on a wall
test.each([
  [42, '42_s'],
  [720, '12_min'],
  [3 * 3600 + 300, '3_h 5_min'],
  [52 * 3600, '2_d 4_h'],
])('durationInWords(%i) = %s', (s, words) => expect(durationInWords(s)).toBe(words.replace(/_/g, '\u00a0')))

describe('a factory’s own dictionary (STATUS_CODES)', () => {
  const own = parseStatusCodes('7=running,8=stopped:Stop switch,9=error:Needle stop')
  if (typeof own === 'string') throw new Error(own)
  const codes = dictionaryOf(own)

  test('its codes give its states and labels; the demo’s codes it does not list are "Status N"', () => {
    const label = (statusCode: number) => {
      const m = buildMachine({ statusCode, ...fresh, ...still })
      return stateLabel(m, boardState(m, NOW, codes), codes, t)
    }
    expect(label(8)).toBe('Stop switch')
    expect(label(9)).toBe('Needle stop')
    expect(label(2)).toBe('Status 2')
    expect(label(30)).toBe('Status 30')
    expect(boardState(buildMachine({ statusCode: 9, ...fresh, ...still }), NOW, codes)).toBe('error')
  })

  test('attention, urgency and the summary follow the dictionary', () => {
    const stopSwitch = buildMachine({ id: 's', name: 'S', statusCode: 8, ...fresh, ...still })
    const unknown = buildMachine({ id: 'u', name: 'U', statusCode: 2, ...fresh, ...still })
    expect(needsAttention(stopSwitch, NOW, 10, codes)).toBe(true)
    expect(needsAttention(unknown, NOW, 10, codes)).toBe(false)
    expect(sortMachines([unknown, stopSwitch], 'urgency', NOW, codes).map((m) => m.id)).toEqual(['s', 'u'])
    expect(boardSummary([unknown, stopSwitch], NOW, codes).counts).toMatchObject({ stopped: 1, unknown: 1 })
  })
})

describe('the finish at the machine’s own pace', () => {
  test('remaining stitches: the rest of this pass and every pass still to come', () => {
    expect(remainingStitches(buildMachine({ stitch: 5_000, designStitches: 20_000, repeats: 1 }))).toEqual({
      stitches: 15_000,
      passesAfterThis: 0,
    })
    // pass 2 of 4 under way (1 done): this pass and 2 more
    expect(
      remainingStitches(buildMachine({ stitch: 5_000, designStitches: 20_000, repeats: 4, passes: 1 })),
    ).toEqual({
      stitches: 55_000,
      passesAfterThis: 2,
    })
    expect(remainingStitches(buildMachine({ designId: null }))).toBeNull()
  })

  test('at 1,000 stitches a minute 15,000 stitches take 15 minutes; not running or no pace: no clock', () => {
    const nowMs = NOW * 1000
    const m = buildMachine({ stitch: 5_000, designStitches: 20_000 })
    expect(finishAtPace(m, 'running', 1000, nowMs)).toBe(nowMs + 15 * 60_000)
    expect(finishAtPace(m, 'stopped', 1000, nowMs)).toBeNull()
    expect(finishAtPace(m, 'running', 0, nowMs)).toBeNull()
    expect(finishAtPace(m, 'running', null, nowMs)).toBeNull()
  })
})
