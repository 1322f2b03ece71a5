import { expect, test } from 'vitest'
import { applies, entriesOf, progressOf, type SignOff, type UseCount } from './maintenance'

const HOUR = 3_600_000
const DAY = 86_400_000
const use = (hours: number, stitches: number, unrecordedHours = 0): UseCount => ({
  runningMs: hours * HOUR,
  stitches,
  unrecordedMs: unrecordedHours * HOUR,
})

test('progress is the use since the start in the interval’s unit: due soon from 90 %, overdue past it', () => {
  const hours = { kind: 'hours', value: 4 } as const
  expect(progressOf(hours, use(10, 0), use(13, 0), 0, DAY)).toEqual({
    used: 3,
    share: 0.75,
    state: 'ok',
    left: 1,
    uncertain: false,
  })
  expect(progressOf(hours, use(10, 0), use(13.6, 0), 0, DAY).state).toBe('soon')
  expect(progressOf(hours, use(10, 0), use(14.5, 0), 0, DAY)).toMatchObject({ state: 'overdue', left: -0.5 })
  // stitches count stitches; days count the calendar whatever the machine did
  expect(progressOf({ kind: 'stitches', value: 2e6 }, use(0, 1e6), use(0, 2.5e6), 0, DAY).used).toBe(1.5e6)
  expect(progressOf({ kind: 'days', value: 7 }, use(0, 0), use(0, 0), 0, 3.5 * DAY).share).toBe(0.5)
  // a gap since the start: the use is at least what was counted
  expect(progressOf(hours, use(10, 0, 1), use(12, 0, 2), 0, DAY).uncertain).toBe(true)
  expect(progressOf({ kind: 'days', value: 7 }, use(0, 0, 1), use(0, 0, 2), 0, DAY).uncertain).toBe(false)
})

test('a task applies to every machine, a location’s, or the chosen ones', () => {
  const m = { id: 'm1', locationId: 2 }
  expect(applies({ all: true }, m)).toBe(true)
  expect(applies({ locationId: 2 }, m)).toBe(true)
  expect(applies({ locationId: 3 }, m)).toBe(false)
  expect(applies({ machineIds: ['m2', 'm1'] }, m)).toBe(true)
  expect(applies({ machineIds: ['m2'] }, { id: 'm1', locationId: null })).toBe(false)
})

test('a head’s task: heads signed off together are one entry, a head signed off alone its own', () => {
  const signOff = (id: number, head: number | null, at: number, by = 'Ana'): SignOff & { use: UseCount } => ({
    id,
    taskId: 1,
    machineId: 'm1',
    head,
    at,
    by,
    note: '',
    counted: true,
    use: use(at / HOUR, 0),
  })
  const task = { id: 1, per: 'head', interval: { kind: 'hours', value: 10 } } as const
  const start = { at: 0, use: use(0, 0) }
  const now = { at: 20 * HOUR, use: use(20, 0) }
  // never signed off: every head in one entry, counted from the start
  expect(entriesOf(task, 'm1', 4, [], start, now).map((e) => [e.heads, e.progress.used])).toEqual([
    [[1, 2, 3, 4], 20],
  ])
  // the whole machine at 8 h, then heads 2 and 3 together at 15 h (newest first)
  const signed = [
    signOff(3, 2, 15 * HOUR, 'Jonas'),
    signOff(4, 3, 15 * HOUR, 'Jonas'),
    signOff(1, null, 8 * HOUR),
  ]
  expect(
    entriesOf(task, 'm1', 4, signed, start, now).map((e) => [e.heads, e.progress.used, e.lastSignOff?.by]),
  ).toEqual([
    [[1, 4], 12, 'Ana'],
    [[2, 3], 5, 'Jonas'],
  ])
  // a machine's task: its last sign-off
  expect(entriesOf({ ...task, per: 'machine' }, 'm1', 4, [signed[2]!], start, now)).toEqual([
    expect.objectContaining({
      heads: null,
      since: 8 * HOUR,
      progress: expect.objectContaining({ used: 12 }),
    }),
  ])
})
