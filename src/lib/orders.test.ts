import { describe, expect, test } from 'vitest'
import { allocatePieces, type OpenLine, type Order, openLinesOf, orderProgress } from './orders'

const DAY = 86_400_000
const NOW = Date.UTC(2026, 11, 7, 8, 0)
const line = (lineId: number, over: Partial<OpenLine> = {}): OpenLine => ({
  lineId,
  designId: 'CAP-LOGO',
  remaining: 100,
  dueAt: NOW + DAY,
  priority: 'normal',
  machineIds: [],
  createdAt: NOW - DAY,
  orderId: lineId,
  ...over,
})

describe('which order line pieces go to', () => {
  test.each([
    {
      case: 'the order due first',
      lines: [line(1, { dueAt: NOW + 2 * DAY }), line(2, { dueAt: NOW + DAY })],
      made: 30,
      want: [{ lineId: 2, machineId: 'M1', pieces: 30 }],
    },
    {
      case: 'what the first needs, the rest to the next due',
      lines: [line(1, { remaining: 10 }), line(2, { dueAt: NOW + 2 * DAY })],
      made: 30,
      want: [
        { lineId: 1, machineId: 'M1', pieces: 10 },
        { lineId: 2, machineId: 'M1', pieces: 20 },
      ],
    },
    {
      case: 'an order meant for this machine before one due earlier',
      lines: [line(1), line(2, { dueAt: NOW + 3 * DAY, machineIds: ['M1'] })],
      made: 30,
      want: [{ lineId: 2, machineId: 'M1', pieces: 30 }],
    },
    {
      case: 'an order meant for another machine last',
      lines: [line(1, { machineIds: ['M2'] }), line(2, { dueAt: NOW + 3 * DAY })],
      made: 130,
      want: [
        { lineId: 2, machineId: 'M1', pieces: 100 },
        { lineId: 1, machineId: 'M1', pieces: 30 },
      ],
    },
    {
      case: 'on the same due time, the higher priority',
      lines: [line(1, { priority: 'low' }), line(2, { priority: 'high' }), line(3)],
      made: 150,
      want: [
        { lineId: 2, machineId: 'M1', pieces: 100 },
        { lineId: 3, machineId: 'M1', pieces: 50 },
      ],
    },
    {
      case: 'all else equal, the older order',
      lines: [line(1, { createdAt: NOW - 1000 }), line(2, { createdAt: NOW - 2000 })],
      made: 5,
      want: [{ lineId: 2, machineId: 'M1', pieces: 5 }],
    },
    {
      case: 'pieces no open line needs are left out',
      lines: [line(1, { remaining: 4 })],
      made: 12,
      want: [{ lineId: 1, machineId: 'M1', pieces: 4 }],
    },
    {
      case: 'another design takes nothing',
      lines: [line(1, { designId: 'POLO-CREST' })],
      made: 12,
      want: [],
    },
  ])('$case', ({ lines, made, want }) => {
    expect(allocatePieces([{ machineId: 'M1', designId: 'CAP-LOGO', pieces: made }], lines)).toEqual(want)
  })

  test('two machines share one line without giving it more than it needs', () => {
    const made = [
      { machineId: 'M2', designId: 'CAP-LOGO', pieces: 60 },
      { machineId: 'M1', designId: 'CAP-LOGO', pieces: 60 },
    ]
    expect(allocatePieces(made, [line(1)])).toEqual([
      { lineId: 1, machineId: 'M1', pieces: 60 },
      { lineId: 1, machineId: 'M2', pieces: 40 },
    ])
  })
})

describe('open lines and progress', () => {
  const order = (over: Partial<Order>): Order => ({
    id: 1,
    reference: 'PO-1',
    customer: 'Vereinsbedarf Kurz',
    dueAt: NOW + DAY,
    priority: 'normal',
    machineIds: ['M1'],
    note: '',
    lines: [
      { id: 10, designId: 'CAP-LOGO', quantity: 100, made: 100, doneAt: NOW },
      { id: 11, designId: 'POLO-CREST', quantity: 50, made: 20, doneAt: null },
    ],
    createdAt: NOW - DAY,
    createdBy: 'Marta',
    updatedAt: NOW - DAY,
    updatedBy: 'Marta',
    version: 1,
    doneAt: null,
    ...over,
  })

  test('a line still short is open with what it still needs; a done one or a done order is not', () => {
    expect(openLinesOf([order({})])).toEqual([
      {
        lineId: 11,
        designId: 'POLO-CREST',
        remaining: 30,
        dueAt: NOW + DAY,
        priority: 'normal',
        machineIds: ['M1'],
        createdAt: NOW - DAY,
        orderId: 1,
      },
    ])
    expect(openLinesOf([order({ doneAt: NOW })])).toEqual([])
  })

  test("a line's surplus does not make up another line's shortfall", () => {
    const lines = [
      { id: 10, designId: 'CAP-LOGO', quantity: 100, made: 140, doneAt: NOW },
      { id: 11, designId: 'POLO-CREST', quantity: 50, made: 20, doneAt: null },
    ]
    expect(orderProgress({ lines })).toEqual({ made: 120, quantity: 150 })
  })
})
