import { describe, expect, test } from 'vitest'
import type { Order } from '../../lib/orders'
import { checkDraft, draftOf, dueOf, emptyDraft } from './order-draft'

const TZ = 'Europe/Berlin'
const draft = { ...emptyDraft(), reference: ' PO-4711 ', customer: 'FC Heimat', dueDay: '2026-12-11' }

describe('an order typed into its form', () => {
  test('its due time is the factory’s wall clock, summer or winter', () => {
    expect(dueOf({ dueDay: '2026-12-11', dueTime: '16:00' }, TZ)).toBe(Date.UTC(2026, 11, 11, 15, 0))
    expect(dueOf({ dueDay: '2026-07-01', dueTime: '06:30' }, TZ)).toBe(Date.UTC(2026, 6, 1, 4, 30))
    expect(dueOf({ dueDay: 'Friday', dueTime: '06:30' }, TZ)).toBeNull()
    expect(dueOf({ dueDay: '2026-07-01', dueTime: '25:00' }, TZ)).toBeNull()
  })

  test('a complete one becomes the body to send, trimmed', () => {
    const checked = checkDraft({ ...draft, lines: [{ designId: 'CAP-LOGO', quantity: ' 600 ' }] }, TZ)
    expect(checked).toEqual({
      ok: true,
      body: {
        reference: 'PO-4711',
        customer: 'FC Heimat',
        dueAt: '2026-12-11T15:00:00.000Z',
        priority: 'normal',
        machineIds: [],
        note: '',
        lines: [{ designId: 'CAP-LOGO', quantity: 600 }],
      },
    })
  })

  test.each([
    { case: 'no reference', over: { reference: ' ' }, want: ['orders.problem.reference'] },
    { case: 'no customer', over: { customer: '' }, want: ['orders.problem.customer'] },
    { case: 'no due day', over: { dueDay: '' }, want: ['orders.problem.due'] },
    { case: 'no line', over: { lines: [] }, want: ['orders.problem.noLine'] },
    {
      case: 'a line without design and a quantity of 0',
      over: { lines: [{ designId: '', quantity: '0' }] },
      want: ['orders.problem.design', 'orders.problem.quantity'],
    },
    {
      case: 'a quantity over ten million',
      over: { lines: [{ designId: 'CAP-LOGO', quantity: '10000001' }] },
      want: ['orders.problem.quantity'],
    },
    {
      case: 'a quantity that is not whole',
      over: { lines: [{ designId: 'CAP-LOGO', quantity: '2.5' }] },
      want: ['orders.problem.quantity'],
    },
  ])('$case is said before sending', ({ over, want }) => {
    const checked = checkDraft({ ...draft, lines: [{ designId: 'CAP-LOGO', quantity: '5' }], ...over }, TZ)
    expect(checked.ok ? [] : checked.problems.map((p) => p.key)).toEqual(want)
  })

  test('an order read back into the form keeps its lines, machines and due time', () => {
    const order: Order = {
      id: 7,
      reference: 'PO-9',
      customer: 'Hotel Adler',
      dueAt: Date.UTC(2026, 11, 11, 15, 30),
      priority: 'high',
      machineIds: ['M2'],
      note: 'navy',
      lines: [{ id: 70, designId: 'PATCH', quantity: 40, made: 12, doneAt: null }],
      createdAt: 0,
      createdBy: 'Marta',
      updatedAt: 0,
      updatedBy: 'Marta',
      version: 3,
      doneAt: null,
    }
    expect(draftOf(order, TZ)).toEqual({
      reference: 'PO-9',
      customer: 'Hotel Adler',
      dueDay: '2026-12-11',
      dueTime: '16:30',
      priority: 'high',
      machineIds: ['M2'],
      note: 'navy',
      lines: [{ id: 70, designId: 'PATCH', quantity: '40' }],
    })
  })
})
