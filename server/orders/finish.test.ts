import { describe, expect, it } from 'vitest'
import type { MachineFacts } from '../../src/api/contract/to-domain'
import type { Order } from '../../src/lib/orders'
import { betweenOf, OrderFinishes, SHORT_STOP_MS } from './finish'

const NOW = Date.UTC(2026, 11, 7, 8) // pinned
const S = Math.floor(NOW / 1000)

const facts = (over: Partial<MachineFacts>): MachineFacts => ({
  name: 'North 01',
  heads: 12,
  needles: 15,
  locationId: 1,
  setSpeed: null,
  activeHeads: null,
  designStitches: null,
  designId: null,
  ...over,
})

const MACHINES = new Map<string, MachineFacts>([
  ['M1', facts({ name: 'North 01', activeHeads: 10, designId: 'CAP', designStitches: 6000 })],
  ['M2', facts({ name: 'North 02', heads: 6 })],
])

const order = (id: number, designId: string, quantity: number): Order => ({
  id,
  reference: `PO-${id}`,
  customer: 'Caps & Co',
  dueAt: NOW + 48 * 3_600_000,
  priority: 'normal',
  machineIds: [],
  note: '',
  lines: [{ id: id * 10, designId, quantity, made: 0, doneAt: null }],
  createdAt: NOW - 3_600_000,
  createdBy: 'Ana',
  updatedAt: NOW - 3_600_000,
  updatedBy: 'Ana',
  version: 1,
  doneAt: null,
})

function finishes(now = { at: NOW }, failing: ReadonlySet<string> = new Set()) {
  const asked: string[] = []
  const shortStops: Array<[number, number, number]> = []
  const logged: string[] = []
  const upstream = async (path: string): Promise<unknown> => {
    asked.push(path)
    if ([...failing].some((f) => path.includes(f))) throw new Error('the production API answered 503')
    if (path.startsWith('/reports/runningtime') && path.includes('machineIds=M1'))
      return {
        data: [
          {
            designId: 'CAP',
            designName: 'Cap',
            designStitches: 6000,
            passes: 40,
            minTime: 90,
            maxTime: 160,
            avgTime: 110,
          },
        ],
      }
    if (path.startsWith('/reports/runningtime')) return { data: [] }
    if (path.startsWith('/reports/average-rpm'))
      return {
        data: [
          { machineId: 'M1', machineName: 'North 01', averageRpm: 1000 },
          { machineId: 'M2', machineName: 'North 02', averageRpm: 800 },
        ],
      }
    if (path.startsWith('/reports/machine-productivity'))
      return {
        data: [
          {
            machineId: 'M1',
            machineName: 'North 01',
            designId: 'CAP',
            designStitches: 6000,
            runningTime: 2200,
            totalStitches: 120_000,
            passes: 20,
            threadbreaks: 3,
          },
          {
            machineId: 'M2',
            machineName: 'North 02',
            designId: 'X',
            designStitches: 1,
            runningTime: 0,
            totalStitches: 0,
            passes: 0,
            threadbreaks: 0,
          },
        ],
      }
    throw new Error(`unexpected ${path}`)
  }
  const service = new OrderFinishes({
    upstreamJson: upstream,
    machines: async () => MACHINES,
    stopSettings: async () => ({ breaks: [] }),
    planned: async () => [],
    shortStops: async (from, till, shortMs) => {
      shortStops.push([from, till, shortMs])
      // M1 stood 20 min in 20 short stops of a minute over its 20 passes: a minute between passes
      return new Map([['M1', { totalMs: 20 * 60_000, squaresMs2: 20 * 60_000 ** 2, count: 20 }]])
    },
    recordingSince: async () => NOW - 2 * 86_400_000,
    designs: async () => new Map([['PATCH', 8000]]),
    shifts: [],
    timeZone: 'UTC',
    now: () => now.at,
    log: (line) => logged.push(line),
    pauseMs: 0,
  })
  return { service, asked, shortStops, logged }
}

describe('OrderFinishes', () => {
  it('times a design from the machine’s own passes and the minute it stands between them', async () => {
    const { service, asked, shortStops } = finishes()
    const result = await service.finishes([order(1, 'CAP', 100)])
    if (typeof result === 'string') throw new Error(result)
    // 100 pieces on 10 active heads: 10 cycles of 110 s + 60 s, all the time working (no shifts set)
    expect(result.byOrder.get(1)).toMatchObject({ state: 'on-time', finishAt: NOW + 10 * 170_000 })
    expect(result.byOrder.get(1)!.lines[0]).toMatchObject({
      machineIds: ['M1'],
      source: 'passes',
      betweenLearned: true,
    })
    // each machine's passes asked on their own, over the last two weeks
    expect(asked.filter((p) => p.startsWith('/reports/runningtime'))).toEqual([
      `/reports/runningtime?from=${S - 14 * 86_400}&till=${S}&machineIds=M1`,
      `/reports/runningtime?from=${S - 14 * 86_400}&till=${S}&machineIds=M2`,
    ])
    // the time between passes over what stitchboard recorded only
    expect(shortStops).toEqual([[NOW - 2 * 86_400_000, NOW, SHORT_STOP_MS]])
  })

  it('times a design no machine sewed from its stitch count at the usual speed, and says so', async () => {
    const { service } = finishes()
    const result = await service.finishes([order(2, 'PATCH', 12)])
    if (typeof result === 'string') throw new Error(result)
    // M1: 8,000 stitches at 1,000 a minute = 8 min + 1 min between, one cycle of 10 pieces is short: 2
    // cycles = 18 min; M2: at 800 a minute 10 min, 6 heads: 2 cycles = 20 min. M1 finishes first.
    const finish = result.byOrder.get(2)!
    expect(finish.lines[0]).toMatchObject({ machineIds: ['M1'], source: 'stitches' })
    expect(finish.finishAt).toBe(NOW + 18 * 60_000)
  })

  it('goes on without a machine whose passes cannot be read, and says what failed', async () => {
    const { service, logged } = finishes({ at: NOW }, new Set(['machineIds=M2']))
    const result = await service.finishes([order(3, 'CAP', 10)])
    if (typeof result === 'string') throw new Error(result)
    expect(result.byOrder.get(3)!.state).toBe('on-time')
    expect(logged.join('\n')).toContain('the passes of M2: the production API answered 503')
  })

  it('learns again after half an hour, answering from what it learned meanwhile', async () => {
    const clock = { at: NOW }
    const { service, asked } = finishes(clock)
    await service.finishes([order(1, 'CAP', 100)])
    const once = asked.length
    clock.at = NOW + 10 * 60_000
    await service.finishes([order(1, 'CAP', 100)])
    expect(asked.length).toBe(once)
    clock.at = NOW + 31 * 60_000
    const stale = await service.finishes([order(1, 'CAP', 100)])
    if (typeof stale === 'string') throw new Error(stale)
    expect(stale.learnedAt).toBe(NOW)
    const fresh = await service.finishes([order(1, 'CAP', 100)])
    if (typeof fresh === 'string') throw new Error(fresh)
    expect(fresh.learnedAt).toBe(NOW + 31 * 60_000)
    expect(asked.length).toBe(2 * once)
  })
})

describe('betweenOf', () => {
  it.each([
    [
      'one hooping of a minute a pass',
      { totalMs: 20 * 60_000, squaresMs2: 20 * 60_000 ** 2, count: 20 },
      20,
      60_000,
      0,
    ],
    // 10 of 30 s and 10 of 90 s: a mean of 60 s, each ±30 s
    [
      'hoopings of 30 s and 90 s',
      { totalMs: 10 * 30_000 + 10 * 90_000, squaresMs2: 10 * 30_000 ** 2 + 10 * 90_000 ** 2, count: 20 },
      20,
      60_000,
      30_000,
    ],
    ['no stop seen', undefined, 20, 0, 0],
  ])('%s', (_, stops, passes, meanMs, sdMs) => {
    const between = betweenOf(stops, passes)
    expect(between.meanMs).toBeCloseTo(meanMs, 6)
    expect(between.sdMs).toBeCloseTo(sdMs, 6)
  })
})
