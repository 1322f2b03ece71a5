import { describe, expect, test } from 'vitest'
import { DAY, demoClient, FIXED_NOW, NOW_S } from '../../test/demo-client'
import { loadConfig } from '../config'
import { upstreamsFor } from '../upstreams'
import { createDemoUpstream } from './app'
import { generateLogs, type Segment } from './machine-log'
import { PackedChunk, packChunk } from './packed-chunk'

const { factory } = createDemoUpstream({ now: () => FIXED_NOW, timeZone: 'Europe/Berlin' })
const today = Math.floor(NOW_S / DAY)

/** The demo within its memory budget (issue 34): the factory keeps its machine-days packed
 * (server/demo/packed-chunk.ts) and a bounded number of them, generating the rest when asked; what it
 * reads back must be exactly what was generated, and a factory that lets chunks go answers as one that
 * keeps them all. */
describe('packed machine-days', () => {
  test('every machine-day of a sample reads back exactly as generated, packed (fractions of a second too)', () => {
    let fractional = 0
    for (const company of factory.companies) {
      // every machine of the small companies (company A's machine 5 is offline most days: times with a
      // fraction of a second), every seventh of the large one; 20 days each, today included
      const machines = company.machines.filter((_, i) => company.machines.length < 100 || i % 7 === 0)
      for (const machine of machines) {
        for (let day = today - 19; day <= today; day++) {
          const logs = generateLogs(factory.options, company, machine, day)
          const chunk = packChunk(logs.start, logs.end, logs.segments, logs.breaks, logs.runs)
          expect(chunk).toBeInstanceOf(PackedChunk)
          expect([chunk.start, chunk.end]).toEqual([logs.start, logs.end])
          expect(chunk.segments).toEqual(logs.segments)
          expect(chunk.breaks).toEqual(logs.breaks)
          expect(chunk.runs).toEqual(logs.runs)
          if (logs.segments.some((s) => !Number.isInteger(s.end))) fractional++
        }
      }
    }
    expect(fractional).toBeGreaterThan(10)
  })

  test('a machine-day that does not fit the packing is kept as it was generated', () => {
    const company = factory.companies[0]!
    const logs = generateLogs(factory.options, company, company.machines[0]!, today - 3)
    // segment i ends later by moved[i] seconds, the next one starts there
    const moved = (by: number[]): Segment[] =>
      logs.segments.map((s, i) => ({ ...s, start: s.start + (by[i - 1] ?? 0), end: s.end + (by[i] ?? 0) }))
    // one fraction of a second throughout a chunk packs
    const oneFraction = moved([0, 0, 0, 0.25, 0.25])
    expect(packChunk(logs.start, logs.end, oneFraction, logs.breaks, logs.runs)).toBeInstanceOf(PackedChunk)
    // two do not: the chunk keeps its objects
    const twoFractions = moved([0, 0, 0, 0.25, 0.5])
    const chunk = packChunk(logs.start, logs.end, twoFractions, logs.breaks, logs.runs)
    expect(chunk).not.toBeInstanceOf(PackedChunk)
    expect(chunk.segments).toEqual(twoFractions)
    expect(chunk.breaks).toEqual(logs.breaks)
    expect(chunk.runs).toEqual(logs.runs)
  })

  test('a factory keeping a few machine-days answers exactly as one keeping them all', async () => {
    const keeping = demoClient()
    const forgetting = demoClient({ keptChunkBytes: 200_000 })
    const from = NOW_S - 9 * DAY
    const paths = [
      `/reports/machine-summary?from=${from}&till=${NOW_S}&machineIds=all`,
      `/reports/threadbreaks-by-machine?from=${from}&till=${NOW_S}&machineIds=all`,
      `/__demo/state-log?from=${from}&till=${NOW_S}`,
      '/machines',
    ]
    // twice: the second time the forgetting factory generates again what it let go
    for (const path of [...paths, ...paths]) {
      expect((await forgetting.get(path)).body).toEqual((await keeping.get(path)).body)
    }
  })
})

test('the server warms up the history of the company it asks with, and only that one', () => {
  const warmed: string[] = []
  const config = loadConfig({ FACTORY_TIMEZONE: 'Europe/Berlin', API_KEY: 'demo-key-c' })
  const upstreams = upstreamsFor(
    config,
    () => Promise.reject(new Error('no vendor here')),
    {},
    () => ({
      transport: () => Promise.reject(new Error('not asked')),
      warmUp: (apiKey) => warmed.push(apiKey),
    }),
  )
  upstreams.warmUp?.()
  expect(warmed).toEqual(['demo-key-c'])
})
