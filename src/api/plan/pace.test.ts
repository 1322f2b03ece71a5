import { describe, expect, test } from 'vitest'
import type { MachineSummary } from '../../lib/domain'
import { PACE_WINDOW_SECONDS, pacesOf, paceWindow } from './pace'

const T = Date.parse('2026-11-18T10:32:10Z') / 1000
const STEP = Date.parse('2026-11-18T10:30:00Z') / 1000

describe('the pace window', () => {
  test('the last two hours, in five-minute steps, so one answer serves every tile', () => {
    expect(paceWindow(T, null)).toEqual([STEP - PACE_WINDOW_SECONDS, STEP])
  })

  test('within the current shift once it has run half an hour', () => {
    const shiftStart = Date.parse('2026-11-18T09:00:00Z') / 1000
    expect(paceWindow(T, shiftStart)).toEqual([shiftStart, STEP])
    // a shift that began ten minutes ago has too little to go by: the last two hours still count
    const fresh = Date.parse('2026-11-18T10:20:00Z') / 1000
    expect(paceWindow(T, fresh)).toEqual([STEP - PACE_WINDOW_SECONDS, STEP])
  })

  test('stitches a minute over the window, stops included', () => {
    const row = (machineId: string, stitches: number | null) => ({ machineId, stitches }) as MachineSummary
    expect([...pacesOf([row('A', 120_000), row('B', null)], [STEP - 7200, STEP])]).toEqual([['A', 1000]])
  })
})
