import { expect, test } from 'vitest'
import { outsidePlaces } from './places'
import { WRITE_ROUTES } from './route-roles'
import type { Person } from './store'

const sue: Person = {
  id: 1,
  login: 'sue',
  name: 'Sue Supervisor',
  role: 'supervisor',
  locations: [1],
  active: true,
  createdAt: 0,
  createdBy: 'Pia',
  vendorOperatorId: null,
}
const machineAt = (id: string) => ({ m1: 1, m3: 2 })[id] ?? null
const cancel = WRITE_ROUTES['POST /api/stops/planned/:id/cancel']!
const planned = (scope: unknown) => ({ what: 'planned stop' as const, is: { id: 7, scope } })

test('a planned stop is cancelled only by someone who works where it is', () => {
  expect(
    outsidePlaces(sue, cancel, { by: 'Sue' }, machineAt, planned({ kind: 'location', id: 1 })),
  ).toBeNull()
  expect(
    outsidePlaces(sue, cancel, { by: 'Sue' }, machineAt, planned({ kind: 'machine', id: 'm1' })),
  ).toBeNull()
  expect(
    outsidePlaces(sue, cancel, { by: 'Sue' }, machineAt, planned({ kind: 'location', id: 2 })),
  ).toMatchObject({
    reason: 'location',
    error: expect.stringMatching(
      /^Sue Supervisor does not work at location 2, and this planned stop is for it too/,
    ),
  })
  expect(
    outsidePlaces(sue, cancel, { by: 'Sue' }, machineAt, planned({ kind: 'machine', id: 'm3' })),
  ).toMatchObject({ reason: 'location' })
  // all machines, or a stop that cannot be found: refused
  expect(outsidePlaces(sue, cancel, { by: 'Sue' }, machineAt, planned({ kind: 'all' }))).toMatchObject({
    reason: 'location',
  })
  expect(
    outsidePlaces(sue, cancel, { by: 'Sue' }, machineAt, { what: 'planned stop', is: undefined }),
  ).toMatchObject({
    reason: 'location',
  })
  // someone who works everywhere cancels any
  expect(
    outsidePlaces({ ...sue, locations: [] }, cancel, { by: 'Pia' }, machineAt, planned({ kind: 'all' })),
  ).toBeNull()
})
