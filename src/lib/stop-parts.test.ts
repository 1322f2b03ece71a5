import { describe, expect, it } from 'vitest'
import type { StateInterval } from './domain'
import { explainStops, longestUnexplained } from './stop-figures'
import { codeReasonsOf, type GivenReason, needsReason, stopPartsOf } from './stop-parts'
import { defaultStopSettings, plannedWindows, STATE_REASONS } from './stop-reasons'

const MIN = 60_000
const T0 = Date.UTC(2026, 10, 18, 8, 0) // 09:00 in Berlin
const at = (minutes: number) => T0 + minutes * MIN
const interval = (from: number, till: number | null, code: number, turning = false): StateInterval => ({
  start: at(from),
  end: till === null ? null : at(till),
  code,
  turning,
  reporting: true,
  designId: null,
  atLeast: false,
})
const running = (i: StateInterval) => i.turning
const none = { splits: [], windows: [], given: new Map<number, GivenReason>(), codeReasons: new Map() }
const given = (start: number, reason: string, by = 'Ana'): [number, GivenReason] => [
  at(start),
  { machineId: 'M1', start: at(start), reason, comment: null, by, at: at(start + 1) },
]

describe('stop parts', () => {
  it('makes one stop of an unbroken stretch whose codes change, and ends it when the machine runs', () => {
    const parts = stopPartsOf(
      'M1',
      [interval(0, 10, 1, true), interval(10, 20, 2), interval(20, 30, 30), interval(30, 40, 1, true)],
      at(60),
      running,
      none,
    )
    expect(parts).toEqual([
      expect.objectContaining({ start: at(10), end: at(30), codes: [2, 30], ongoing: false, reason: null }),
    ])
  })

  it('keeps a stop that lasts open up to now, and a gap in the record breaks a stop', () => {
    const parts = stopPartsOf('M1', [interval(0, 10, 2), interval(15, null, 2)], at(25), running, none)
    expect(parts.map((p) => [p.start, p.end, p.ongoing])).toEqual([
      [at(0), at(10), false],
      [at(15), at(25), true],
    ])
  })

  it('cuts a stop at a split; the reason given to the first part stays with it', () => {
    const parts = stopPartsOf('M1', [interval(0, 30, 2)], at(40), running, {
      ...none,
      splits: [at(12), at(45)],
      given: new Map([given(0, 'waiting-garments')]),
    })
    expect(parts.map((p) => [p.start, p.end, p.reason, p.stopStart])).toEqual([
      [at(0), at(12), 'waiting-garments', at(0)],
      [at(12), at(30), null, at(0)],
    ])
  })

  it('a stop inside a planned break is planned; the part after its end is not, and asks for a reason', () => {
    const windows = [{ from: at(5), till: at(20), reason: 'break', source: 'break' as const }]
    const parts = stopPartsOf('M1', [interval(0, 50, 2)], at(60), running, { ...none, windows })
    expect(parts.map((p) => [p.start, p.end, p.reason, p.source])).toEqual([
      [at(0), at(5), null, null],
      [at(5), at(20), 'break', 'planned'],
      [at(20), at(50), null, null],
    ])
    expect(parts[1]!.plannedUntil).toBe(at(20))
    expect(needsReason(parts[2]!, 5)).toBe(true)
    expect(needsReason(parts[0]!, 5)).toBe(true)
    expect(needsReason(parts[0]!, 6)).toBe(false)
  })

  it('a person’s reason wins over a planned window and a code rule; the rule over inheriting', () => {
    const codeReasons = new Map([[9, 'thread-break-repair']])
    const parts = stopPartsOf(
      'M1',
      [
        interval(0, 10, 2),
        interval(10, 10.5, 1, true),
        interval(10.5, 20, 2),
        interval(20, 20.5, 1, true),
        interval(20.5, 30, 9),
        interval(30, 40, 1, true),
        interval(40, 50, 2),
      ],
      at(60),
      running,
      { ...none, codeReasons, given: new Map([given(0, 'waiting-hoops')]) },
    )
    expect(parts.map((p) => [p.reason, p.source, p.by])).toEqual([
      ['waiting-hoops', 'person', 'Ana'],
      // stopped again 30 s later: the same reason, by the same person
      ['waiting-hoops', 'inherited', 'Ana'],
      // a thread break has its rule
      ['thread-break-repair', 'rule', null],
      // ten minutes later: nothing to inherit
      [null, null, null],
    ])
  })

  it('takes the states’ default rules only for reasons in use, and the settings’ own over them', () => {
    const settings = defaultStopSettings()
    const codes = new Map([
      [9, { state: 'threadbreak' }],
      [30, { state: 'setup' }],
      [2, { state: 'stopped' }],
    ])
    expect([...codeReasonsOf(settings, codes, STATE_REASONS)]).toEqual([
      [9, 'thread-break-repair'],
      [30, 'hooping'],
    ])
    const changed = {
      ...settings,
      reasons: settings.reasons.map((r) => (r.id === 'hooping' ? { ...r, retired: true } : r)),
      codeReasons: [{ code: 2, reason: 'machine-fault' }],
    }
    expect([...codeReasonsOf(changed, codes, STATE_REASONS)]).toEqual([
      [9, 'thread-break-repair'],
      [2, 'machine-fault'],
    ])
  })
})

describe('planned windows', () => {
  const shifts = [
    { name: 'Early', from: '06:00', to: '14:00' },
    { name: 'Night', from: '22:00', to: '06:00' },
  ]
  const breaks = [
    { shift: 'Early', from: '09:00', till: '09:15', reason: 'break' },
    { shift: 'Night', from: '02:00', till: '02:30', reason: 'break' },
  ]
  const machine = { id: 'M1', locationId: 3 }

  it('puts each shift’s breaks on every day it runs, a night shift’s after midnight', () => {
    const from = Date.UTC(2026, 10, 18, 0, 0)
    const windows = plannedWindows(machine, from, from + 86_400_000, { breaks }, [], shifts, 'Europe/Berlin')
    expect(windows.map((w) => [new Date(w.from).toISOString(), new Date(w.till).toISOString()])).toEqual([
      // 02:00 Berlin on the 18th belongs to the night shift that began on the 17th
      ['2026-11-18T01:00:00.000Z', '2026-11-18T01:30:00.000Z'],
      ['2026-11-18T08:00:00.000Z', '2026-11-18T08:15:00.000Z'],
    ])
  })

  it('keeps a DST night’s break at its wall-clock time', () => {
    const from = Date.UTC(2026, 9, 25, 0, 0) // clocks go back in Berlin at 03:00 on 25 Oct 2026
    const windows = plannedWindows(machine, from, from + 86_400_000, { breaks }, [], shifts, 'Europe/Berlin')
    expect(new Date(windows[0]!.from).toISOString()).toBe('2026-10-25T00:00:00.000Z')
    expect(new Date(windows[1]!.from).toISOString()).toBe('2026-10-25T08:00:00.000Z')
  })

  it('applies a one-off planned stop to its machine, its location, or all', () => {
    const p = (id: number, scope: Parameters<typeof plannedWindows>[4][number]['scope']) => ({
      id,
      scope,
      reason: 'planned-maintenance',
      from: at(0),
      till: at(90),
      note: null,
      by: 'Ana',
      at: at(-60),
    })
    const planned = [
      p(1, { kind: 'machine', id: 'M1' }),
      p(2, { kind: 'machine', id: 'M2' }),
      p(3, { kind: 'location', id: 3 }),
      p(4, { kind: 'location', id: 4 }),
      p(5, { kind: 'all' }),
    ]
    const windows = plannedWindows(machine, at(-10), at(10), { breaks: [] }, planned, shifts, 'UTC')
    expect(windows.map((w) => w.source)).toEqual([1, 3, 5])
  })
})

describe('explained share', () => {
  const { reasons } = defaultStopSettings()
  const parts = stopPartsOf(
    'M1',
    [
      interval(0, 30, 2), // 30 min, waiting for garments
      interval(30, 40, 1, true),
      interval(40, 42, 2), // 2 min: short, no reason asked
      interval(42, 50, 1, true),
      interval(50, 60, 2), // 10 min: no reason
      interval(60, 70, 1, true),
      interval(70, 80, 2), // 10 min: break (planned)
    ],
    at(100),
    running,
    { ...none, given: new Map([given(0, 'waiting-garments'), given(70, 'break')]) },
  )

  it('is stop time with a reason over stop time that asks one (short stops left out)', () => {
    const e = explainStops(parts, at(0), at(100), reasons, 5)
    expect(e.stopMs).toBe(52 * MIN)
    expect(e.shortMs).toBe(2 * MIN)
    expect(e.explainedMs).toBe(40 * MIN)
    expect(e.unexplainedMs).toBe(10 * MIN)
    expect(e.plannedMs).toBe(10 * MIN)
    expect(e.share).toBe(0.8)
    expect(e.byReason.map((r) => [r.reason, r.ms / MIN, r.planned])).toEqual([
      ['waiting-garments', 30, false],
      [null, 10, false],
      ['break', 10, true],
    ])
    expect(e.byCategory.map((c) => [c.category, c.ms / MIN])).toEqual([
      ['material', 30],
      ['planned', 10],
    ])
    expect(longestUnexplained(parts, 5).map((p) => p.start)).toEqual([at(50)])
  })

  it('counts only the time inside the range, and says nothing when no stop asked a reason', () => {
    expect(explainStops(parts, at(20), at(35), reasons, 5)).toMatchObject({ stopMs: 10 * MIN, share: 1 })
    expect(explainStops(parts, at(40), at(42), reasons, 5).share).toBeNull()
    expect(explainStops([], at(0), at(10), reasons, 5).share).toBeNull()
  })
})
