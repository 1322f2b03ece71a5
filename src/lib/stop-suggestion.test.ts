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
