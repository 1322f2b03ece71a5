import { expect, test } from 'vitest'
import { t } from '../../../test/messages'
import { inactiveHeadsNote } from './inactive-heads'

test.each([
  ['the portal does not say', 18, null, null],
  ['every head active', 18, 18, null],
  ['more active than it has (a record out of step)', 12, 15, null],
  [
    'some switched off',
    18,
    15,
    '15\u00a0of 18\u00a0heads active now (the portal does not say which are off)',
  ],
  ['none active', 6, 0, '0\u00a0of 6\u00a0heads active now (the portal does not say which are off)'],
] as const)('%s', (_, heads, activeHeads, expected) => {
  expect(inactiveHeadsNote(heads, activeHeads, t)).toBe(expected)
})
