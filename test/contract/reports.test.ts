// One piece: the demo upstream's reports checked against the reference section by section, one
// checklist that reads top to bottom like the reference.
import { beforeAll, describe, expect, test } from 'vitest'
import { REPORT_PATHS, REPORT_SPECS } from '../../src/api/contract/report-params'
import { VENDOR_REPORT_ROWS, vendorDesignThreadbreaksSchema } from '../../src/api/contract/report-rows'
import { designStretches } from '../../src/lib/design-stretches'
import { localDate, startOfLocalDay } from '../../src/lib/factory-time'
import { DAY, demoClient, NOW_S } from '../demo-client'

/** The demo upstream against the reference, sections 4.1–4.4 and 5. Each case names its section. */
const demo = demoClient()
const week = { from: NOW_S - 7 * DAY, till: NOW_S, machineIds: 'all' }
type Row = { id_machine: string; machine_name: string; head: number; needle: number; threadbreaks: number }
const sum = (rows: Row[]) => rows.reduce((total, r) => total + r.threadbreaks, 0)
const rowsOf = async (path: string, params: Record<string, string | number | boolean>) => {
  const { status, body } = await demo.report(path, params)
  expect(status, JSON.stringify(body)).toBe(200)
  return body.data as Row[]
}

let machineIds: string[]
beforeAll(async () => {
  machineIds = (await demo.get('/machines')).body.data.map((m: { machine_id: string }) => m.machine_id)
})

describe('reference 5: authentication', () => {
  test.each([
    ['no X-API-Key', null],
    ['an unknown key', 'not-a-key'],
  ])('a report with %s is refused with 401 and an error body', async (_, key) => {
    const { status, body } = await demo.report('/reports/threadbreaks', week, key as never)
    expect(status).toBe(401)
    expect(body.error).toEqual(expect.any(String))
  })

  test('reports are scoped to the key’s company: company A’s machine IDs give company B no rows', async () => {
    const { body } = await demo.report(
      '/reports/machine-summary',
      { ...week, machineIds: machineIds.join(',') },
      'demo-key-b',
    )
    expect(body.data).toEqual([])
  })
})

describe('reference 4.1: shared parameters', () => {
  test.each(['from', 'till', 'machineIds'])('%s is required (400 naming it)', async (name) => {
    const params: Record<string, unknown> = { ...week }
    delete params[name]
    const { status, body } = await demo.report('/reports/stitches', params as never)
    expect(status).toBe(400)
    expect(body.error).toContain(name)
  })

  test.each([
    ['from', 'yesterday'],
    ['till', '12.5'],
    ['locationId', '-1'],
    ['includeBobbinThreadbreaks', 'yes'],
    ['shift', '{"from":"6:00","to":"14:00"}'],
    ['shift', 'not json'],
  ])('a bad %s (%s) is a 400 naming it', async (name, value) => {
    const { status, body } = await demo.report('/reports/threadbreaks', { ...week, [name]: value })
    expect(status).toBe(400)
    expect(body.error).toContain(name)
  })

  test('locationId limits rows to that location; 0 means all locations', async () => {
    const range = { from: week.from, till: week.till }
    const all = await rowsOf('/reports/average-rpm', { ...range, locationId: 0 })
    const south = (await rowsOf('/reports/average-rpm', { ...range, locationId: 2 })) as unknown as Array<{
      locationName: string
    }>
    expect(all).toHaveLength(machineIds.length)
    expect(south.length).toBeGreaterThan(0)
    expect(south.length).toBeLessThan(all.length)
    expect(new Set(south.map((r) => r.locationName))).toEqual(new Set(['Hall South']))
  })

  test('machineIds lists machines: rows only for those', async () => {
    const chosen = machineIds.slice(0, 3)
    const rows = await rowsOf('/reports/threadbreaks', { ...week, machineIds: chosen.join(',') })
    expect(new Set(rows.map((r) => r.id_machine))).toEqual(new Set(chosen))
  })

  test('the shift filter counts only breaks inside the shift, in the factory timezone, crossing midnight', async () => {
    const night = JSON.stringify({ from: '22:00', to: '06:00' })
    const events = (await rowsOf('/reports/threadbreaks-by-machine', {
      ...week,
      shift: night,
    })) as unknown as Array<{ timestamp: number }>
    expect(events.length).toBeGreaterThan(0)
    const hour = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      hourCycle: 'h23',
    })
    for (const e of events) {
      const h = Number(hour.format(new Date(e.timestamp)))
      expect(h >= 22 || h < 6, `${e.timestamp} is in the night shift`).toBe(true)
    }
  })

  test('per-shift totals of a day add up to the day’s total when the shifts cover the day', async () => {
    const day = { from: NOW_S - 3 * DAY, till: NOW_S - 2 * DAY, machineIds: 'all' }
    const total = sum(await rowsOf('/reports/threadbreaks', day))
    let shifts = 0
    for (const [from, to] of [
      ['06:00', '14:00'],
      ['14:00', '22:00'],
      ['22:00', '06:00'],
    ]) {
      shifts += sum(await rowsOf('/reports/threadbreaks', { ...day, shift: JSON.stringify({ from, to }) }))
    }
    expect(total).toBeGreaterThan(0)
    expect(shifts).toBe(total)
  })
})

describe('reference 4.3: GET /reports/threadbreaks', () => {
  test('rows have exactly the fields of section 2.1', async () => {
    const rows = await rowsOf('/reports/threadbreaks', week)
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(VENDOR_REPORT_ROWS['/reports/threadbreaks'].safeParse(row).success).toBe(true)
      expect(Object.keys(row).sort()).toEqual([
        'head',
        'id_machine',
        'machine_name',
        'needle',
        'threadbreaks',
      ])
    }
  })

  test('ordered by machine, then by frequency, highest first', async () => {
    const rows = await rowsOf('/reports/threadbreaks', week)
    const seen: string[] = []
    rows.forEach((row, i) => {
      if (seen.at(-1) !== row.id_machine) {
        expect(seen, `machine ${row.id_machine} appears in one block`).not.toContain(row.id_machine)
        seen.push(row.id_machine)
      } else expect(row.threadbreaks).toBeLessThanOrEqual(rows[i - 1]!.threadbreaks)
    })
    expect(seen).toEqual([...seen].sort())
  })

  test('bobbin breaks (needle 0) are excluded by default and included when asked; totals differ by them', async () => {
    const without = await rowsOf('/reports/threadbreaks', week)
    const explicit = await rowsOf('/reports/threadbreaks', { ...week, includeBobbinThreadbreaks: false })
    const withBobbin = await rowsOf('/reports/threadbreaks', { ...week, includeBobbinThreadbreaks: true })
    expect(without.some((r) => r.needle === 0)).toBe(false)
    expect(explicit).toEqual(without)
    const bobbin = withBobbin.filter((r) => r.needle === 0)
    expect(bobbin.length).toBeGreaterThan(0)
    expect(sum(withBobbin)).toBe(sum(without) + sum(bobbin))
  })

  test.each([
    ['H', 'needle'],
    ['N', 'head'],
  ] as const)('grouping %s folds the %s dimension to 0 and keeps the total', async (grouping, folded) => {
    const detail = await rowsOf('/reports/threadbreaks', week)
    const grouped = await rowsOf('/reports/threadbreaks', { ...week, grouping })
    expect(grouped.every((r) => r[folded] === 0)).toBe(true)
    expect(sum(grouped)).toBe(sum(detail))
  })

  test('grouping defaults to HN', async () => {
    expect(await rowsOf('/reports/threadbreaks', { ...week, grouping: 'HN' })).toEqual(
      await rowsOf('/reports/threadbreaks', week),
    )
  })

  test('a grouping outside HN, H, N is a 400', async () => {
    const { status, body } = await demo.report('/reports/threadbreaks', { ...week, grouping: 'both' })
    expect(status).toBe(400)
    expect(body.error).toContain('grouping')
  })

  test('breaks cluster: the planted worn needle (machine 3, head 4, needle 7) tops its machine', async () => {
    const rows = await rowsOf('/reports/threadbreaks', { ...week, machineIds: machineIds[2]! })
    expect(rows[0]).toMatchObject({ head: 4, needle: 7 })
    expect(rows[0]!.threadbreaks).toBeGreaterThan((5 * (rows[1]?.threadbreaks ?? 0)) / 2)
  })
})

describe('reference 4.4: GET /reports/threadbreaks-by-machine/aggregated', () => {
  const path = '/reports/threadbreaks-by-machine/aggregated'

  test('grouping is required', async () => {
    const { status, body } = await demo.report(path, week)
    expect(status).toBe(400)
    expect(body.error).toContain('grouping')
  })

  test.each([
    ['head', (r: Row) => r.needle === 0],
    ['needle', (r: Row) => r.head === 0],
    ['both', (r: Row) => r.head > 0 && r.needle > 0],
  ])('grouping %s gives rows of section 2.2 with the right dimensions', async (grouping, shape) => {
    const rows = await rowsOf(path, { ...week, grouping })
    expect(rows.length).toBeGreaterThan(0)
    expect(
      rows.every((r) => VENDOR_REPORT_ROWS['/reports/threadbreaks'].safeParse(r).success && shape(r)),
    ).toBe(true)
    expect(sum(rows)).toBe(sum(await rowsOf('/reports/threadbreaks', week)))
  })

  test.each([
    [false, 1],
    [true, -1],
  ])(
    'reverseHeadOrder=%s orders heads %s, then needles ascending, per machine',
    async (reverse, direction) => {
      const rows = await rowsOf(path, { ...week, grouping: 'both', reverseHeadOrder: reverse })
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [rows[i - 1]!, rows[i]!]
        if (a.id_machine !== b.id_machine) continue
        expect(
          direction * (b.head - a.head) > 0 || (a.head === b.head && b.needle > a.needle),
          `${a.head}/${a.needle} → ${b.head}/${b.needle}`,
        ).toBe(true)
      }
    },
  )

  test('the bobbin rule holds here too', async () => {
    const rows = await rowsOf(path, { ...week, grouping: 'both' })
    const withBobbin = await rowsOf(path, { ...week, grouping: 'both', includeBobbinThreadbreaks: true })
    expect(rows.some((r) => r.needle === 0)).toBe(false)
    expect(withBobbin.some((r) => r.needle === 0)).toBe(true)
  })
})

/** The parameters each report requires, with valid values (a design of the catalogue for the two
 * design reports). */
function validParams(path: (typeof REPORT_PATHS)[number], from: number, till: number) {
  const params: Record<string, string | number> = { from, till }
  const requires = REPORT_SPECS[path].requires
  if (requires.includes('machineIds')) params.machineIds = 'all'
  if (requires.includes('grouping')) params.grouping = 'both'
  if (requires.includes('designId')) Object.assign(params, design)
  return params
}
let design: { designId: string; designStitches: number }
beforeAll(async () => {
  const first = (await demo.get('/designs')).body.data[0]
  design = { designId: first.id, designStitches: first.stitches }
})

describe('myzsk-api.md 1.7–1.22: all 16 reports in their documented shapes', () => {
  test.each(REPORT_PATHS.map((p) => [p]))(
    '%s answers exactly its documented fields over 31 days',
    async (path) => {
      const { status, body } = await demo.report(path, validParams(path, NOW_S - 31 * DAY, NOW_S))
      expect(status, JSON.stringify(body)).toBe(200)
      if (path === '/reports/threadbreaks-by-design') {
        // the one report whose data is an object
        const parsed = vendorDesignThreadbreaksSchema.safeParse(body.data)
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true)
        expect(Object.keys(body.data).sort()).toEqual(
          Object.keys(vendorDesignThreadbreaksSchema.def.shape).sort(),
        )
        expect(body.data).toMatchObject(design)
        expect(body.data.totalPasses).toBeGreaterThan(0)
        expect(body.data.threadbreaks.length).toBeGreaterThan(0)
        return
      }
      const schema = VENDOR_REPORT_ROWS[path]
      expect(Array.isArray(body.data)).toBe(true)
      expect(body.data.length).toBeGreaterThan(0)
      for (const row of body.data.slice(0, 50)) {
        const parsed = schema.safeParse(row)
        expect(parsed.success, `${JSON.stringify(row)}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true)
        // nothing the vendor does not document
        expect(Object.keys(row).sort()).toEqual(Object.keys(schema.def.shape).sort())
      }
    },
  )

  test.each(REPORT_PATHS.flatMap((p) => REPORT_SPECS[p].requires.map((name) => [p, name] as const)))(
    '%s without its required %s is a 400 naming it',
    async (path, name) => {
      const params = validParams(path, NOW_S - DAY, NOW_S)
      delete params[name]
      const { status, body } = await demo.report(path, params)
      expect(status).toBe(400)
      expect(body.error).toContain(name)
    },
  )

  test.each([
    ['/reports/average-rpm', 'machineIds'],
    ['/reports/shift-comparison', 'machineIds'],
    ['/reports/time-comparison', 'machineIds'],
    ['/reports/daily-design', 'machineIds'],
    ['/reports/stitches', 'locationId'],
    ['/reports/runningtime', 'locationId'],
    ['/reports/number-of-pieces', 'includeBobbinThreadbreaks'],
    ['/reports/machine-summary', 'designId'],
  ] as const)('%s does not take %s: 400 naming it', async (path, name) => {
    const { status, body } = await demo.report(path, {
      ...validParams(path, NOW_S - DAY, NOW_S),
      [name]: '1',
    })
    expect(status).toBe(400)
    expect(body.error).toContain(name)
  })

  test('units: the break log in ms newest first, design-summary strings in ms, time-comparison days at midnight', async () => {
    const log = (await rowsOf('/reports/threadbreaks-by-machine', {
      from: NOW_S - DAY,
      till: NOW_S,
      machineIds: 'all',
    })) as unknown as Array<{ timestamp: number }>
    expect(log.length).toBeGreaterThan(1)
    for (const e of log) expect(e.timestamp).toBeGreaterThan((NOW_S - DAY) * 1000 - 1)
    expect(log.map((e) => e.timestamp)).toEqual([...log.map((e) => e.timestamp)].sort((a, b) => b - a))

    const intervals = (await rowsOf('/reports/design-summary', {
      ...validParams('/reports/design-summary', NOW_S - 7 * DAY, NOW_S),
    })) as unknown as Array<{ start: string; stop: string; pastTime: string; status: string }>
    for (const i of intervals.slice(0, 100)) {
      expect(Number(i.stop) - Number(i.start)).toBe(Number(i.pastTime))
      expect(Number(i.start)).toBeGreaterThanOrEqual((NOW_S - 7 * DAY) * 1000)
      expect(i.status).toMatch(/^\d+$/)
    }

    const days = (await rowsOf('/reports/time-comparison', {
      from: NOW_S - 3 * DAY,
      till: NOW_S,
    })) as unknown as Array<{ day: number }>
    expect(days).toHaveLength(4)
    for (const d of days)
      expect(d.day).toBe(startOfLocalDay(localDate(d.day + 3600, 'Europe/Berlin'), 'Europe/Berlin'))
  })

  test('machine-summary: status breakdown by code adds up to the total time; 1012 marks completed passes', async () => {
    const rows = (await rowsOf('/reports/machine-summary', week)) as unknown as Array<{
      totalTime: number
      passes: number
      statusBreakdown: Record<string, number>
    }>
    for (const r of rows) {
      const sum = Object.values(r.statusBreakdown).reduce((a, b) => a + b, 0)
      expect(Math.abs(sum - r.totalTime)).toBeLessThanOrEqual(Object.keys(r.statusBreakdown).length)
      if (r.passes > 0) expect(r.statusBreakdown['1012']).toBeGreaterThan(0)
    }
  })

  test('reports agree: thread breaks, stitches and pieces are the same totals in every report', async () => {
    type Totals = { threadbreaks: number; stitches: number; pieces: number }
    const machines = (await rowsOf('/reports/machine-summary', week)) as unknown as Totals[]
    const operators = (await rowsOf('/reports/operator-overview', week)) as unknown as Totals[]
    const byDesign = (await rowsOf('/reports/stitches', week)) as unknown as Totals[]
    const pieces = (await rowsOf('/reports/number-of-pieces', week)) as unknown as Totals[]
    const total = <T>(rows: T[], key: keyof T) => rows.reduce((s, r) => s + Number(r[key]), 0)
    expect(total(machines, 'threadbreaks')).toBe(sum(await rowsOf('/reports/threadbreaks', week)))
    expect(total(operators, 'threadbreaks')).toBe(total(machines, 'threadbreaks'))
    expect(total(operators, 'stitches')).toBe(total(machines, 'stitches'))
    expect(total(byDesign, 'stitches')).toBe(total(machines, 'stitches'))
    expect(total(pieces, 'pieces')).toBe(total(machines, 'pieces'))
  })

  test('history reaches back at least 90 days', async () => {
    const rows = (await rowsOf('/reports/machine-summary', {
      from: NOW_S - 91 * DAY,
      till: NOW_S - 90 * DAY,
      machineIds: 'all',
    })) as unknown as Array<{ productionTime: number }>
    expect(rows.reduce((s, r) => s + r.productionTime, 0)).toBeGreaterThan(0)
  })
})

describe('the demo factory’s digitizing problems (what the design-breaks page is for)', () => {
  const stretchesOf = async (index: number) => {
    const designs = (await demo.get('/designs')).body.data as { id: string; stitches: number }[]
    const d = designs[index]!
    const { body } = await demo.report('/reports/threadbreaks-by-design', {
      ...week,
      designId: d.id,
      designStitches: d.stitches,
    })
    const breaks = (body.data.threadbreaks as { stitch: number; threadbreaks: number }[]).map((b) => ({
      stitch: b.stitch,
      count: b.threadbreaks,
    }))
    return { stitches: d.stitches, flagged: designStretches(d.stitches, breaks).filter((s) => s.flagged) }
  }

  test('a badly digitized design (every fifth) has its stretch at 55–58 % of the stitches flagged over 7 days', async () => {
    const { stitches, flagged } = await stretchesOf(6)
    expect(flagged.length).toBeGreaterThan(0)
    for (const s of flagged) {
      expect(s.to).toBeGreaterThan(stitches * 0.55)
      expect(s.from).toBeLessThan(stitches * 0.58)
    }
  })

  test('a well digitized design has no stretch flagged', async () => {
    expect((await stretchesOf(0)).flagged).toEqual([])
  })
})
