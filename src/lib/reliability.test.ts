import { expect, test } from 'vitest'
import { FAULT_REASON, reliabilityOf } from './stop-figures'
import type { StopPart } from './stop-parts'

const HOUR = 3_600_000
const MINUTE = 60_000
const part = (stopStart: number, start: number, end: number, reason: string | null): StopPart => ({
  machineId: 'm1',
  start,
  end,
  ongoing: false,
  stopStart,
  codes: [5],
  atLeast: false,
  reason,
  source: reason ? 'person' : null,
  by: null,
  givenAt: null,
  comment: null,
  plannedUntil: null,
})

test('mean time between failures and to repair: the faults that began in the range, their stop time in it', () => {
  const from = 0
  const till = 100 * HOUR
  const parts = [
    // a fault of 30 min, one of 50 min in two parts (split), another reason, and a fault begun before the range
    part(10 * HOUR, 10 * HOUR, 10 * HOUR + 30 * MINUTE, FAULT_REASON),
    part(40 * HOUR, 40 * HOUR, 40 * HOUR + 20 * MINUTE, FAULT_REASON),
    part(40 * HOUR, 40 * HOUR + 20 * MINUTE, 40 * HOUR + 50 * MINUTE, FAULT_REASON),
    part(60 * HOUR, 60 * HOUR, 61 * HOUR, 'waiting-garments'),
    part(-HOUR, -HOUR, 10 * MINUTE, FAULT_REASON),
  ]
  expect(reliabilityOf(parts, 80 * HOUR, from, till)).toEqual({
    failures: 2,
    // the fault begun before the range is neither a failure of it nor its repair time
    repairMs: 80 * MINUTE,
    runningMs: 80 * HOUR,
    mtbfMs: 40 * HOUR,
    mttrMs: 40 * MINUTE,
  })
  expect(reliabilityOf([parts[3]!], 80 * HOUR, from, till)).toMatchObject({
    failures: 0,
    mtbfMs: null,
    mttrMs: null,
  })
})
