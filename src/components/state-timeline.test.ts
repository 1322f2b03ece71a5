import { describe, expect, it } from 'vitest'
import type { TimelineSegment } from '../lib/timeline'
import { stripPaths } from './state-timeline'

const HOUR = 3_600_000
const part = (start: number, end: number, state: TimelineSegment['state']): TimelineSegment => ({
  start,
  end,
  state,
  label: state,
  code: null,
  design: null,
  atLeast: false,
  marked: false,
})

/** The rectangles a path draws, as [x, width] pairs. */
const rects = (d: string) =>
  [...d.matchAll(/M([\d.]+) [\d.]+h([\d.]+)v[\d.]+h-[\d.]+z/g)].map((m) => [Number(m[1]), Number(m[2])])

describe('stripPaths', () => {
  it('draws a day of 200 parts as one path per state and one per pattern', () => {
    const segments = Array.from({ length: 200 }, (_, i) =>
      part(i * 432_000, (i + 1) * 432_000, i % 2 === 0 ? 'running' : i % 3 === 0 ? 'stopped' : 'threadbreak'),
    )
    const { fills, patterns } = stripPaths(segments, 0, 24 * HOUR, 0, 20)
    expect(fills.map(([state]) => state).sort()).toEqual(['running', 'stopped', 'threadbreak'])
    expect(patterns.map(([pattern]) => pattern).sort()).toEqual(['cross', 'hatch'])
    const running = fills.find(([state]) => state === 'running')![1]
    expect(rects(running)).toHaveLength(100)
    // each part where it happened: the second running part starts 2 × 5 of the 1000 units in
    expect(rects(running)[1]).toEqual([10, 5])
    // the thread breaks carry their cross-hatching on the same rectangles
    const threadbreaks = fills.find(([state]) => state === 'threadbreak')![1]
    expect(patterns.find(([pattern]) => pattern === 'cross')![1]).toBe(threadbreaks)
  })

  it('keeps a short stop visible and clips parts to the range', () => {
    const { fills } = stripPaths(
      [
        part(-HOUR, HOUR, 'running'),
        part(HOUR, HOUR + 10_000, 'stopped'),
        part(23 * HOUR, 25 * HOUR, 'idle'),
      ],
      0,
      24 * HOUR,
      10,
      28,
    )
    const byState = new Map(fills.map(([state, d]) => [state, rects(d)]))
    expect(byState.get('running')).toEqual([[0, 41.67]])
    // 10 s of a day is 0.12 units: drawn 0.4 wide, where it happened
    expect(byState.get('stopped')).toEqual([[41.67, 0.4]])
    expect(byState.get('idle')).toEqual([[958.33, 41.67]])
    expect(fills[0]![1]).toMatch(/^M0 10h41\.67v28h-41\.67z$/)
  })
})
