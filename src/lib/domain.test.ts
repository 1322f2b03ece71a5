import { expect, test } from 'vitest'
import { machineLabel } from './domain'

test.each([
  ['7', 'North 01', 'North 01'],
  ['7', undefined, 'Machine 7'],
  ['7', null, 'Machine 7'],
  ['7', '', 'Machine 7'],
  ['7', '   ', 'Machine 7'],
  ['A-3', ' East 02 ', ' East 02 '],
])('machine %s named %j is shown as %j', (id, name, shown) => {
  expect(machineLabel(id, name)).toBe(shown)
})
