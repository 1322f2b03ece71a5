import { describe, expect, test } from 'vitest'
import { hotSpotScope, machinesInScope } from './breaks-scope'

const machine = (machineId: string, locationId: number | null) => ({ machineId, locationId })
const LAYOUTS = [machine('A', 1), machine('B', 1), machine('C', 2), machine('D', null)]

describe('machinesInScope', () => {
  test.each([
    ['no filter: every machine', {}, ['A', 'B', 'C', 'D']],
    ['all machines', { machineIds: 'all' as const }, ['A', 'B', 'C', 'D']],
    ['an empty list is all machines', { machineIds: [] }, ['A', 'B', 'C', 'D']],
    ['a location', { locationId: 1 }, ['A', 'B']],
    ['machines chosen', { machineIds: ['C', 'D'] }, ['C', 'D']],
    ['a location and machines: both must hold', { locationId: 1, machineIds: ['B', 'C'] }, ['B']],
    ['a location without machines', { locationId: 3 }, []],
  ])('%s', (_, scope, expected) => {
    expect(machinesInScope(LAYOUTS, scope).map((m) => m.machineId)).toEqual(expected)
  })
})

describe('hotSpotScope', () => {
  const at = (iso: string) => Date.parse(iso) / 1000
  const now = at('2026-11-18T10:30:00Z') // 11:30 in Berlin
  const weekStart = at('2026-11-11T23:00:00Z') // local midnight six days before
  const CONFIG = { timeZone: 'Europe/Berlin', shifts: [] }
  const today = { from: at('2026-11-17T23:00:00Z'), till: now, machineIds: ['A'] }
  const month = { from: at('2026-10-19T22:00:00Z'), till: now }

  test.each([
    ['no range chosen, a day shown: the last 7 days', today, CONFIG, false, { ...today, from: weekStart }],
    ['a range chosen: that range', today, CONFIG, true, today],
    ['before the configuration is read: the page range', today, undefined, false, today],
    ['a range longer than 7 days: that range', month, CONFIG, false, month],
  ])('%s', (_, scope, config, chosen, expected) => {
    expect(hotSpotScope(scope, now, config, chosen)).toEqual(expected)
  })

  test('the page scope itself when not widened (told apart by identity)', () => {
    expect(hotSpotScope(today, now, CONFIG, true)).toBe(today)
    expect(hotSpotScope(month, now, CONFIG, false)).toBe(month)
    expect(hotSpotScope(today, now, CONFIG, false)).not.toBe(today)
  })
})
