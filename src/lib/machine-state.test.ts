import { describe, expect, test } from 'vitest'
import { buildMachine } from '../../test/build-machine'
import {
  boardState,
  boardSummary,
  designProgress,
  durationInWords,
  finishAt,
  needsAttention,
  secondsInState,
  sortMachines,
  stateLabel,
} from './machine-state'

const NOW = Date.parse('2026-11-18T10:30:00Z') / 1000
const ago = (s: number) => new Date((NOW - s) * 1000).toISOString()
const fresh = { last_seen: ago(5) }

describe('boardState', () => {
  test.each([
    ['running', fresh, 'running'],
    ['stopped', fresh, 'stopped'],
    ['threadbreak', fresh, 'threadbreak'],
    ['idle', fresh, 'idle'],
    ['offline', fresh, 'not-reporting'],
    ['running', { last_seen: ago(6 * 60) }, 'not-reporting'],
    ['stopped', { last_seen: ago(6 * 60) }, 'not-reporting'],
    ['maintenance', fresh, 'unknown'],
    ['running', { last_seen: null }, 'running'],
  ] as const)('status %s with %j → %s', (status, extra, state) => {
    expect(boardState(buildMachine({ status, ...extra }), NOW)).toBe(state)
  })

  test.each([
    ['maintenance', 'maintenance'],
    ['  ', 'No status reported'],
  ])('an unknown status %j is shown as the upstream’s text: %s', (status, label) => {
    const m = buildMachine({ status, ...fresh })
    expect(stateLabel(m, boardState(m, NOW))).toBe(label)
  })
})

describe('time in state and exceptions', () => {
  test('a silent machine counts from its last report', () => {
    const m = buildMachine({ status: 'running', status_since: ago(3600), last_seen: ago(600) })
    expect(secondsInState(m, boardState(m, NOW), NOW)).toBe(600)
  })

  test.each([
    ['stopped', 11 * 60, 10, true],
    ['stopped', 9 * 60, 10, false],
    ['threadbreak', 11 * 60, 10, true],
    ['threadbreak', 4 * 60, 3, true],
    ['running', 60 * 60, 10, false],
    ['idle', 60 * 60, 10, false],
  ] as const)('%s for %i s with threshold %i min → attention %s', (status, since, threshold, expected) => {
    expect(needsAttention(buildMachine({ status, status_since: ago(since), ...fresh }), NOW, threshold)).toBe(
      expected,
    )
  })
})

describe('design progress and finish', () => {
  test.each([
    [{ name: 'A', stitches_total: 20_000, stitches_done: 5_000 }, 0.25],
    [{ name: 'A', stitches_total: 0, stitches_done: 0 }, null],
    [null, null],
  ])('%j → %s', (design, progress) => expect(designProgress(buildMachine({ design }))).toBe(progress))

  test('finish time from remaining seconds; none without remaining time, design or reports', () => {
    const nowMs = NOW * 1000
    expect(finishAt(buildMachine({ remaining_seconds: 600 }), 'running', nowMs)).toBe(nowMs + 600_000)
    expect(finishAt(buildMachine({ remaining_seconds: null }), 'running', nowMs)).toBeNull()
    expect(finishAt(buildMachine({ design: null }), 'idle', nowMs)).toBeNull()
    expect(finishAt(buildMachine({ remaining_seconds: 600 }), 'not-reporting', nowMs)).toBeNull()
  })
})

describe('sorting and summary', () => {
  const machines = [
    buildMachine({
      machine_id: 'a',
      machine_name: 'M 10',
      status: 'running',
      status_since: ago(50),
      ...fresh,
    }),
    buildMachine({
      machine_id: 'b',
      machine_name: 'M 2',
      status: 'stopped',
      status_since: ago(100),
      ...fresh,
    }),
    buildMachine({
      machine_id: 'c',
      machine_name: 'M 3',
      status: 'threadbreak',
      status_since: ago(30),
      ...fresh,
    }),
    buildMachine({
      machine_id: 'd',
      machine_name: 'M 4',
      status: 'stopped',
      status_since: ago(900),
      ...fresh,
    }),
    buildMachine({ machine_id: 'e', machine_name: 'M 5', status: 'running', last_seen: ago(3600) }),
  ]
  test('urgency: thread break, then stopped longest first, then not reporting, then running', () => {
    expect(sortMachines(machines, 'urgency', NOW).map((m) => m.machine_id)).toEqual(['c', 'd', 'b', 'e', 'a'])
  })
  test('by name, numbers in natural order', () => {
    expect(sortMachines(machines, 'name', NOW).map((m) => m.machine_name)).toEqual([
      'M 2',
      'M 3',
      'M 4',
      'M 5',
      'M 10',
    ])
  })
  test('summary counts per state and the running share', () => {
    const summary = boardSummary(machines, NOW)
    expect(summary.counts).toEqual({
      running: 1,
      stopped: 2,
      threadbreak: 1,
      idle: 0,
      'not-reporting': 1,
      unknown: 0,
    })
    expect(summary.runningShare).toBeCloseTo(0.2)
  })
})

test.each([
  [42, '42 s'],
  [720, '12 min'],
  [3 * 3600 + 300, '3 h 5 min'],
  [52 * 3600, '2 d 4 h'],
])('durationInWords(%i) = %s', (s, words) => expect(durationInWords(s)).toBe(words))
