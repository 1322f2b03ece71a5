// One piece: every vendor record and report row the API layer maps, side by side, so that a field read
// in two places is seen in one.
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { DAY, NOW_S } from '../../test/demo-client'
import { t } from '../../test/messages'
import { mswServer } from '../../test/setup-dom'
import { fetchMachines, machineOf } from './machines/machines'
import { fetchReport } from './reports-explorer/report-explorer'
import { reportFieldLabel } from './reports-explorer/report-labels'
import { explorerRows } from './reports-explorer/report-rows-flat'
import { isDurationColumn, rowInOurUnits } from './reports-explorer/report-units'
import { fetchDesignThreadbreaks, threadbreakEventsQueryOptions } from './vendor-reports/reports'

/** The API layer on vendor-shaped answers (myzsk-api.md section 1): vendor records become
 * stitchboard's domain types, times become instants and durations seconds. */

/** A record of GET /machines as a vendor server sends it, every documented field (1.1/1.2). */
const RECORDED = {
  machine_id: '26027',
  alias: 'ZSK Sprint 6',
  id_location: 2,
  id_datacollector: 'PB-0042',
  order: 7,
  heads: 15,
  active_heads: 13,
  active_needle: 4,
  needles: 15,
  hide_machine: false,
  first_seen: '2024-03-01T06:00:00Z',
  last_seen: '2026-11-18T10:29:50Z',
  rpm: 1000,
  rotation_speed: 850,
  repeated_pattern: 3,
  passes_pattern: 1,
  id_design: 'D-7781',
  design_stitches: 40000,
  stitch: 12000,
  status_code: 1,
  pattern_stitchcounter: 52000,
  pattern_stitchnumber: 12000,
  estimate_time_remaining: 1680,
}

describe('machine records → Machine', () => {
  test('every documented field is read under stitchboard’s name, with times as instants', () => {
    expect(machineOf(RECORDED)).toEqual({
      id: '26027',
      name: 'ZSK Sprint 6',
      locationId: 2,
      collectorId: 'PB-0042',
      order: 7,
      heads: 15,
      activeHeads: 13,
      needles: 15,
      activeNeedle: 4,
      firstSeen: Date.parse('2024-03-01T06:00:00Z'),
      lastSeen: Date.parse('2026-11-18T10:29:50Z'),
      configuredRpm: 1000,
      liveRpm: 850,
      statusCode: 1,
      designId: 'D-7781',
      designStitches: 40000,
      stitch: 12000,
      repeats: 3,
      passes: 1,
      vendorRemainingSeconds: 1680,
      otherFields: { hide_machine: false, pattern_stitchcounter: 52000, pattern_stitchnumber: 12000 },
      stateSince: null,
    })
  })

  test('missing optional fields are null, an empty alias names the machine by its ID, unknown fields are kept', () => {
    const machine = machineOf({ machine_id: '7', alias: ' ', operator_badge: 'B-12' })
    expect(machine.name).toBe('Machine 7')
    expect(machine.statusCode).toBeNull()
    expect(machine.liveRpm).toBeNull()
    expect(machine.designId).toBeNull()
    expect(machine.lastSeen).toBeNull()
    expect(machine.otherFields).toEqual({ operator_badge: 'B-12' })
  })

  test('a remaining time that is not a non-negative number is no estimate at all', () => {
    expect(
      machineOf({ machine_id: '7', estimate_time_remaining: '00:28:00' }).vendorRemainingSeconds,
    ).toBeNull()
    expect(machineOf({ machine_id: '7', estimate_time_remaining: -5 }).vendorRemainingSeconds).toBeNull()
  })

  test('one malformed record in the list is kept raw with what was wrong; the others are read', async () => {
    mswServer.use(
      http.get('/api/machines', () =>
        HttpResponse.json({
          data: [
            RECORDED,
            { machine_id: 26028, alias: 'Numeric ID' },
            { ...RECORDED, machine_id: '26029', status_code: '9' },
          ],
        }),
      ),
    )
    const { records, malformed } = await fetchMachines()
    expect(records.map((m) => m.id)).toEqual(['26027'])
    expect(malformed).toEqual([
      { index: 1, raw: { machine_id: 26028, alias: 'Numeric ID' }, problem: 'machine_id should be string' },
      {
        index: 2,
        raw: { ...RECORDED, machine_id: '26029', status_code: '9' },
        problem: 'status_code should be number',
      },
    ])
  })
})

describe('report rows in stitchboard’s units', () => {
  test('design-summary: numbers sent as strings become numbers, ms times instants, ms lengths seconds', () => {
    expect(
      rowInOurUnits('/reports/design-summary', {
        machineId: '26027',
        machineName: 'ZSK Sprint 6',
        designId: 'D-7781',
        designName: 'Club crest',
        stitches: '40000',
        status: '1',
        start: '1763460000000',
        stop: '1763461800000',
        pastTime: '1800000',
        counter: '2',
      }),
    ).toEqual({
      machineId: '26027',
      machineName: 'ZSK Sprint 6',
      designId: 'D-7781',
      designName: 'Club crest',
      stitches: 40000,
      status: 1,
      start: '2025-11-18T10:00:00.000Z',
      stop: '2025-11-18T10:30:00.000Z',
      pastTime: 1800,
      counter: 2,
    })
  })

  test('the break log’s millisecond timestamp and time-comparison’s Unix-seconds day become instants', () => {
    expect(rowInOurUnits('/reports/threadbreaks-by-machine', { timestamp: 1763460000123, head: 2 })).toEqual({
      timestamp: '2025-11-18T10:00:00.123Z',
      head: 2,
    })
    expect(rowInOurUnits('/reports/time-comparison', { day: 1763424000, stitches: 5 })).toEqual({
      day: '2025-11-18T00:00:00.000Z',
      stitches: 5,
    })
  })

  test('nested lists: operator status times from ms to seconds, daily-design durations stay seconds', () => {
    expect(
      rowInOurUnits('/reports/operator-overview', {
        workTime: 3600,
        status: [{ status: 2, counter: 3, pastTime: 90000 }],
      }),
    ).toEqual({ workTime: 3600, status: [{ status: 2, counter: 3, pastTime: 90 }] })
    expect(
      rowInOurUnits('/reports/daily-design', { stitches: '1200', data: [{ duration: 60, status: 1 }] }),
    ).toEqual({ stitches: 1200, data: [{ duration: 60, status: 1 }] })
  })

  test('a value not in its documented form is left as sent, never turned into a wrong number', () => {
    expect(rowInOurUnits('/reports/design-summary', { start: 'yesterday', stitches: '12k' })).toEqual({
      start: 'yesterday',
      stitches: '12k',
    })
  })

  test('durations in seconds are known by report and column, including each status of the breakdown', () => {
    expect(isDurationColumn('/reports/machine-summary', 'totalTime')).toBe(true)
    expect(isDurationColumn('/reports/machine-summary', 'statusBreakdown.1012')).toBe(true)
    expect(isDurationColumn('/reports/machine-summary', 'stitches')).toBe(false)
    expect(isDurationColumn('/reports/design-summary', 'pastTime')).toBe(true)
    expect(isDurationColumn('/reports/threadbreaks', 'threadbreaks')).toBe(false)
  })

  test('fetchReport hands the explorer rows in these units, and the malformed ones apart', async () => {
    mswServer.use(
      http.get('/api/reports/time-comparison', () =>
        HttpResponse.json({
          data: [
            { day: 1763424000, stitches: 5, threadbreaks: 1, tbPer10k: 2 },
            { day: 'Tuesday', stitches: 5, threadbreaks: 1, tbPer10k: 2 },
          ],
        }),
      ),
    )
    const answer = await fetchReport('/reports/time-comparison', { from: 1763424000, till: 1763510400 })
    expect(answer.records).toEqual([
      { day: '2025-11-18T00:00:00.000Z', stitches: 5, threadbreaks: 1, tbPer10k: 2 },
    ])
    expect(answer.malformed).toEqual([
      {
        index: 1,
        raw: { day: 'Tuesday', stitches: 5, threadbreaks: 1, tbPer10k: 2 },
        problem: 'day should be number',
      },
    ])
  })
})

describe('the two break reports a page will read by event and by stitch', () => {
  test('the break log: each row an event at its millisecond instant; missing design facts are null, not a failed record', async () => {
    mswServer.use(
      http.get('/api/reports/threadbreaks-by-machine', () =>
        HttpResponse.json({
          data: [
            {
              timestamp: 1763460000123,
              id_machine: '26027',
              machine_name: 'ZSK Sprint 6',
              head: 3,
              needle: 0,
              pattern: 'D-7781',
              pattern_stitchnumber: 12000,
              stitches: 40000,
              rotation_speed: 850,
            },
            {
              timestamp: 1763459000000,
              id_machine: '26027',
              machine_name: 'ZSK Sprint 6',
              head: 1,
              needle: 4,
              pattern: '',
            },
          ],
        }),
      ),
    )
    const { queryFn } = threadbreakEventsQueryOptions({
      from: 1763400000,
      till: 1763500000,
      machineIds: ['26027'],
    })
    const answer = await (queryFn as (context: { signal: AbortSignal }) => Promise<unknown>)({
      signal: new AbortController().signal,
    })
    expect(answer).toEqual({
      records: [
        {
          at: 1763460000123,
          machineId: '26027',
          machineName: 'ZSK Sprint 6',
          head: 3,
          needle: 0,
          designId: 'D-7781',
          stitch: 12000,
          designStitches: 40000,
          rpm: 850,
        },
        {
          at: 1763459000000,
          machineId: '26027',
          machineName: 'ZSK Sprint 6',
          head: 1,
          needle: 4,
          designId: null,
          stitch: null,
          designStitches: null,
          rpm: null,
        },
      ],
      malformed: [],
    })
  })

  test('thread breaks along one design of the demo factory: the object answer as stitch positions', async () => {
    const answer = await fetchDesignThreadbreaks({
      from: NOW_S - 7 * DAY,
      till: NOW_S,
      machineIds: 'all',
      designId: 'ASD1001',
      designStitches: 38053,
    })
    expect(answer.designId).toBe('ASD1001')
    expect(answer.designStitches).toBe(38053)
    expect(answer.passes).toBeGreaterThan(0)
    expect(answer.byStitch.length).toBeGreaterThan(0)
    for (const { stitch, count } of answer.byStitch) {
      expect(stitch).toBeGreaterThanOrEqual(0)
      expect(stitch).toBeLessThanOrEqual(38053)
      expect(count).toBeGreaterThan(0)
    }
    const stitches = answer.byStitch.map((b) => b.stitch)
    expect(stitches).toEqual([...stitches].sort((a, b) => a - b))
  })
})

describe('nested answers as flat tables for the explorer', () => {
  test('daily-design: one row per design, machine and status, the design’s fields first', () => {
    const rows = explorerRows('/reports/daily-design', [
      rowInOurUnits('/reports/daily-design', {
        key: 'ASD1001',
        designId: 'ASD1001',
        stitches: '38053',
        data: [
          {
            machineId: 'A',
            machineName: 'North 01',
            status: 1,
            designId: 'ASD1001',
            designName: 'Club crest',
            stitches: 900,
            duration: 600,
            status_count: 2,
          },
          {
            machineId: 'A',
            machineName: 'North 01',
            status: 2,
            designId: 'ASD1001',
            designName: 'Club crest',
            stitches: 0,
            duration: 60,
            status_count: 1,
          },
        ],
      }),
    ])
    expect(rows).toEqual([
      {
        key: 'ASD1001',
        designId: 'ASD1001',
        designStitches: 38053,
        machineId: 'A',
        machineName: 'North 01',
        status: 1,
        designName: 'Club crest',
        stitches: 900,
        duration: 600,
        status_count: 2,
      },
      {
        key: 'ASD1001',
        designId: 'ASD1001',
        designStitches: 38053,
        machineId: 'A',
        machineName: 'North 01',
        status: 2,
        designName: 'Club crest',
        stitches: 0,
        duration: 60,
        status_count: 1,
      },
    ])
    expect(isDurationColumn('/reports/daily-design', 'duration')).toBe(true)
  })

  test('shift-comparison: each work period as two columns named after it', () => {
    expect(
      explorerRows('/reports/shift-comparison', [
        {
          machineId: 'A',
          machineName: 'North 01',
          stitches: 30,
          threadbreaks: 3,
          shifts: [
            { shiftId: 1, shiftName: 'Early', stitches: 10, threadbreaks: 1 },
            { shiftId: 2, shiftName: '', stitches: 20, threadbreaks: 2 },
          ],
        },
      ]),
    ).toEqual([
      {
        machineId: 'A',
        machineName: 'North 01',
        stitches: 30,
        threadbreaks: 3,
        'periodStitches.Early': 10,
        'periodBreaks.Early': 1,
        'periodStitches.#2': 20,
        'periodBreaks.#2': 2,
      },
    ])
  })

  test('operator-overview: time (ms → s) and count per status as columns, labelled with the status code', () => {
    const [row] = explorerRows('/reports/operator-overview', [
      rowInOurUnits('/reports/operator-overview', {
        operatorId: 'OP001',
        operatorName: 'Anna',
        workTime: 3600,
        status: [{ status: 2, counter: 3, pastTime: 90_000 }],
      }),
    ])
    expect(row).toEqual({
      operatorId: 'OP001',
      operatorName: 'Anna',
      workTime: 3600,
      'statusTime.2': 90,
      'statusCount.2': 3,
    })
    expect(isDurationColumn('/reports/operator-overview', 'statusTime.2')).toBe(true)
    expect(reportFieldLabel('/reports/operator-overview', 'statusTime.2', t)).toBe('Time in status 2')
    expect(reportFieldLabel('/reports/operator-overview', 'statusCount.2', t)).toBe('Times in status 2')
  })

  test('a row not in the documented nesting is left as it came', () => {
    const odd = { machineId: 'A', shifts: 'none' }
    expect(explorerRows('/reports/shift-comparison', [odd])).toEqual([odd])
  })
})
