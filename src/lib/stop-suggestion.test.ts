import { expect, test } from 'vitest'
import { defaultStopSettings } from './stop-reasons'
import { suggestReason } from './stop-suggestion'

const reasons = defaultStopSettings().reasons
const MINUTE = 60_000
const part = { machineId: 'm1', start: 10 * MINUTE, end: 40 * MINUTE, codes: [2, 31], source: null }
const labels = new Map([[31, 'Unterfaden wechseln']])
const labelOf = (code: number) => labels.get(code) ?? null

test('a code whose words name the bobbin suggests a bobbin change', () => {
  expect(suggestReason(part, reasons, labelOf, [])).toEqual({
    reason: 'bobbin-change',
    why: 'code',
    code: 31,
    label: 'Unterfaden wechseln',
  })
  expect(suggestReason({ ...part, codes: [2] }, reasons, labelOf, [])).toBeNull()
})

test('a maintenance task signed off on the machine during the stop (or just after) suggests planned maintenance', () => {
  const signed = { machineId: 'm1', at: 44 * MINUTE, by: 'Ana', task: 'Oil the rotary hooks' }
  expect(suggestReason(part, reasons, labelOf, [signed])).toEqual({
    reason: 'planned-maintenance',
    why: 'sign-off',
    task: 'Oil the rotary hooks',
    by: 'Ana',
    at: 44 * MINUTE,
  })
  // another machine's, or an hour later: not this stop's
  expect(suggestReason(part, reasons, labelOf, [{ ...signed, machineId: 'm2' }])?.why).toBe('code')
  expect(suggestReason(part, reasons, labelOf, [{ ...signed, at: 100 * MINUTE }])?.why).toBe('code')
})

test('nothing is suggested over a person’s reason, nor a reason taken out of use', () => {
  expect(suggestReason({ ...part, source: 'person' }, reasons, labelOf, [])).toBeNull()
  const retired = reasons.map((r) => (r.id === 'bobbin-change' ? { ...r, retired: true } : r))
  expect(suggestReason(part, retired, labelOf, [])).toBeNull()
})

test('a run of breaks on one needle just before the stop suggests a thread-break repair', () => {
  const plain = { ...part, codes: [2] }
  const run = (needle: number, minutes: number[], machineId = 'm1') =>
    minutes.map((m) => ({ machineId, at: m * MINUTE, needle }))
  // needle 7 broke at 2, 5 and 9 min (the stop began at 10); needle 3 once
  expect(suggestReason(plain, reasons, labelOf, [], [...run(7, [2, 5, 9]), ...run(3, [8])])).toEqual({
    reason: 'thread-break-repair',
    why: 'breaks',
    needle: 7,
    count: 3,
    minutes: 7,
  })
  // two breaks are no run; three spread over more than ten minutes before it neither; the bobbin (needle 0)
  // is no needle's thread; another machine's run is not this stop's
  expect(suggestReason(plain, reasons, labelOf, [], run(7, [5, 9]))).toBeNull()
  expect(suggestReason(plain, reasons, labelOf, [], run(7, [-5, 5, 9]))).toBeNull()
  expect(suggestReason(plain, reasons, labelOf, [], run(0, [2, 5, 9]))).toBeNull()
  expect(suggestReason(plain, reasons, labelOf, [], run(7, [2, 5, 9], 'm2'))).toBeNull()
  // three heads breaking on needle 7 at one stop are one break, not a run
  const atOnce = [0, 5, 9].map((s) => ({ machineId: 'm1', at: 5 * MINUTE + s * 1000, needle: 7 }))
  expect(suggestReason(plain, reasons, labelOf, [], atOnce)).toBeNull()
  // the machine's own code comes first
  expect(suggestReason(part, reasons, labelOf, [], run(7, [2, 5, 9]))?.why).toBe('code')
})
