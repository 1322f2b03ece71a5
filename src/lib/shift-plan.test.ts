import { describe, expect, test } from 'vitest'
import type { Machine, StateInterval } from './domain'
import type { RejectsRow, TargetRow } from './plan-targets'
import { shiftPlanOf } from './shift-plan'

const HOUR = 3_600_000
// the Early shift of 18 Nov 2026, 06:00–14:00 in Berlin (05:00–13:00 UTC), two hours in
const START = Date.UTC(2026, 10, 18, 5)
const END = START + 8 * HOUR
const NOW = START + 2 * HOUR
const shift = { name: 'Early', from: '06:00', to: '14:00' }

const machine = (id: string, locationId: number | null, configuredRpm: number | null): Machine => ({
  id,
  name: id,
  locationId,
  collectorId: null,
  order: null,
  heads: 1,
  activeHeads: 1,
  needles: 12,
  activeNeedle: 1,
  firstSeen: null,
  lastSeen: null,
  configuredRpm,
  liveRpm: 0,
  statusCode: 1,
  designId: null,
  designStitches: null,
  stitch: null,
  repeats: null,
  passes: null,
  vendorRemainingSeconds: null,
  otherFields: {},
  stateSince: null,
})
/** sewing from the shift's start for `hours` */
const ran = (hours: number): StateInterval[] => [
  {
    start: START,
    end: START + hours * HOUR,
    code: 1,
    turning: true,
    reporting: true,
    designId: null,
    atLeast: false,
  },
  {
    start: START + hours * HOUR,
    end: null,
    code: 2,
    turning: false,
    reporting: true,
    designId: null,
    atLeast: false,
  },
]
let id = 0
const target = (scope: TargetRow['scope'], pieces: number | null, stitches: number | null): TargetRow => ({
  id: ++id,
  shift: 'Early',
  weekday: null,
  scope,
  pieces,
  stitches,
  validFrom: START - 24 * HOUR,
  by: 'Ana',
  at: START - 24 * HOUR,
})
const rejects = (locationId: number | null, count: number): RejectsRow => ({
  id: ++id,
  shift: 'Early',
  day: '2026-11-18',
  locationId,
  rejects: count,
  by: 'Ben',
  at: NOW,
})

// A and B in location 1, C in location 2; A sewed 2 h of 2, B 1 h, C 2 h; stitches and pieces of the
// portal's summary; production time as run
const plan = (targets: TargetRow[], entered: RejectsRow[] = []) =>
  shiftPlanOf({
    shift,
    span: [START, END],
    now: NOW,
    timeZone: 'Europe/Berlin',
    shifts: [shift],
    machines: [machine('A', 1, 1000), machine('B', 1, 1000), machine('C', 2, null)],
    settings: { breaks: [] },
    plannedStops: [],
    intervals: new Map([
      ['A', ran(2)],
      ['B', ran(1)],
      ['C', ran(2)],
    ]),
    summary: new Map([
      ['A', { stitches: 96_000, pieces: 40, productionSeconds: 7200 }],
      ['B', { stitches: 30_000, pieces: 10, productionSeconds: 3600 }],
      ['C', { stitches: 50_000, pieces: 20, productionSeconds: 7200 }],
    ]),
    recordedFrom: START - 24 * HOUR,
    gaps: [],
    history: true,
    targets,
    rejects: entered,
  })

describe("a shift's plan, of the factory, each location and each machine", () => {
  test('each location against its own target, the factory against the one for all machines', () => {
    const p = plan([target({ kind: 'all' }, 400, null), target({ kind: 'location', id: 1 }, 240, null)])
    // two hours of eight: a quarter of each target by now
    expect(p.pieces?.pace.planByNow).toBe(100)
    expect(p.pieces?.pace.actual).toBe(70)
    const north = p.byLocation.get(1)!
    expect(north.pieces?.target).toMatchObject({ value: 240, source: 'set' })
    expect(north.pieces?.pace).toMatchObject({ actual: 50, planByNow: 60, status: 'behind' })
    // location 2 has no target and C no set speed: no pace, and no default to make
    expect(p.byLocation.get(2)).toMatchObject({ pieces: null, stitches: null })
  })

  test("without a target of its own, a machine's pace is against the default from its set speed", () => {
    const p = plan([])
    const a = p.byMachine.get('A')!
    // 50 % of 1,000 a minute over 8 planned hours = 240,000 stitches; by now a quarter
    expect(a.stitches?.target).toMatchObject({ value: 240_000, source: 'default' })
    expect(a.stitches?.pace).toMatchObject({ actual: 96_000, planByNow: 60_000, status: 'ahead' })
    expect(a.pieces).toBeNull()
  })

  test("a machine's own target comes before the default, and its OEE is availability × performance", () => {
    const p = plan([target({ kind: 'machine', id: 'B' }, 80, 200_000)])
    const b = p.byMachine.get('B')!
    expect(b.pieces?.target).toMatchObject({ value: 80, source: 'set' })
    expect(b.stitches?.target).toMatchObject({ value: 200_000, source: 'set' })
    // B ran 1 h of 2 planned: 50 %; 30,000 stitches in 60 min at 1,000 a minute: 50 %
    expect(b.oee.availability).toBeCloseTo(0.5)
    expect(b.oee.performance).toBeCloseTo(0.5)
    expect(b.oee.quality).toBeNull()
    expect(b.oee.oee).toBeCloseTo(0.25)
  })

  test("rejects entered for a location give that location's quality; the factory's its own", () => {
    const p = plan([], [rejects(1, 5), rejects(null, 14)])
    // location 1 made 50 pieces, 5 rejected; the factory 70, 14 rejected
    expect(p.byLocation.get(1)?.oee.quality).toBeCloseTo(0.9)
    expect(p.oee.quality).toBeCloseTo(0.8)
    expect(p.byLocation.get(2)?.oee.quality).toBeNull()
  })
})
