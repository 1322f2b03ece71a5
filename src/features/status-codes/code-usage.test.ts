import { describe, expect, test } from 'vitest'
import { buildMachine, buildSummary } from '../../../test/build-machine'
import { DEMO_STATUS_CODES } from '../../lib/status-codes'
import { codeUsage } from './code-usage'

const NOW = Date.parse('2026-11-18T10:30:00Z') / 1000
const fresh = { lastSeen: (NOW - 5) * 1000 }
const summary = (machineId: string, pairs: Array<[number, number]>) =>
  buildSummary({ machineId, machineName: machineId, secondsByStatus: new Map(pairs) })

describe('codeUsage', () => {
  test('every code of the dictionary, on a machine now or in the range; most time first; unknown ones marked', () => {
    const machines = [
      buildMachine({ id: 'a', name: 'North 10', statusCode: 77, ...fresh }),
      buildMachine({ id: 'b', name: 'North 2', statusCode: 77, ...fresh }),
      buildMachine({ id: 'c', name: 'Silent', statusCode: 2, lastSeen: (NOW - 3600) * 1000 }),
    ]
    const rows = codeUsage(
      DEMO_STATUS_CODES,
      machines,
      [
        summary('a', [
          [1, 3000],
          [77, 600],
        ]),
        summary('b', [[1, 2400]]),
      ],
      NOW,
    )
    expect(rows[0]).toEqual({
      code: 1,
      meaning: { state: 'running', label: null },
      machinesNow: [],
      seconds: 5400,
      share: 0.9,
    })
    expect(rows[1]).toEqual({
      code: 77,
      meaning: null,
      machinesNow: ['North 2', 'North 10'],
      seconds: 600,
      share: 0.1,
    })
    // the silent machine's old code is not "showing now"
    expect(rows.find((r) => r.code === 2)?.machinesNow).toEqual([])
    expect(rows.map((r) => r.code).sort((a, b) => a - b)).toEqual([1, 2, 9, 30, 40, 77, 99, 1012])
  })

  test('while the range is being read, time and share are unknown, not 0', () => {
    const [row] = codeUsage(new Map(), [buildMachine({ statusCode: 5, ...fresh })], undefined, NOW)
    expect(row).toMatchObject({ code: 5, seconds: null, share: null })
  })
})
