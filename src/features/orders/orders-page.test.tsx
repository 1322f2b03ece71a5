// One piece: the order book page's behaviour, its form, import, correction and phone view, one page's tests.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { expect, test, vi } from 'vitest'
import { FIXED_NOW } from '../../../test/demo-client'
import { erpExport } from '../../../test/erp-export'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import type { OrderFinish } from '../../lib/order-finish'
import type { Order } from '../../lib/orders'
import { OrdersPage } from './orders-page'

const HOUR = 3_600_000
const order = (id: number, over: Partial<Order> = {}): Order => ({
  id,
  reference: `PO-${id}`,
  customer: 'FC Heimat',
  dueAt: FIXED_NOW + 24 * HOUR,
  priority: 'normal',
  machineIds: [],
  note: '',
  lines: [{ id: id * 10, designId: 'unknown-design', quantity: 600, made: 120, doneAt: null }],
  createdAt: FIXED_NOW - 48 * HOUR,
  createdBy: 'Marta',
  updatedAt: FIXED_NOW - 48 * HOUR,
  updatedBy: 'Marta',
  version: 1,
  doneAt: null,
  ...over,
})

/** The order book as the server keeps it, behind its routes (server/orders/routes.ts). */
function orderBook(orders: Order[], finishes: OrderFinish[] = []) {
  const sent: Array<{ path: string; body: Record<string, unknown> }> = []
  mswServer.use(
    http.get('/api/orders', () =>
      HttpResponse.json({ available: true, orders, finishes, canChange: true, canCorrect: true }),
    ),
    http.get('/api/orders/import', () => HttpResponse.json({ mapping: null, maxRows: 2000 })),
    http.post('/api/orders/import', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      sent.push({ path: '/api/orders/import', body })
      return HttpResponse.json({ imported: 50, references: [] }, { status: 201 })
    }),
    http.post('/api/orders', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      sent.push({ path: '/api/orders', body })
      const saved = order(orders.length + 1, { reference: String(body.reference) })
      orders.push(saved)
      return HttpResponse.json({ order: saved, warnings: [] }, { status: 201 })
    }),
    http.post('/api/orders/:id/correct', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>
      sent.push({ path: `/api/orders/${params.id}/correct`, body })
      const corrected = orders.find((o) => o.id === Number(params.id))!
      return HttpResponse.json({ order: corrected })
    }),
    http.post('/api/orders/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>
      sent.push({ path: `/api/orders/${params.id}`, body })
      return HttpResponse.json(
        { error: 'Order PO-1 was changed by Olaf…', reason: 'changed' },
        { status: 409 },
      )
    }),
  )
  return sent
}

test('lists the orders due first with their pieces, and says which are overdue', async () => {
  orderBook([
    order(1, { reference: 'PO-LATE', dueAt: FIXED_NOW - 2 * HOUR, priority: 'high' }),
    order(2, { reference: 'PO-SOON', customer: 'Hotel Adler' }),
    order(3, { reference: 'PO-DONE', doneAt: FIXED_NOW - HOUR }),
  ])
  renderWithProviders(<OrdersPage />)
  const table = await screen.findByRole('table', { name: 'Orders' })
  const rows = within(table).getAllByRole('row').slice(1)
  // a done order is shown only when asked for
  expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
    'PO-LATEHigh priority',
    'PO-SOON',
  ])
  expect(within(rows[0]!).getByText('Overdue')).toBeInTheDocument()
  expect(rows[0]).toHaveTextContent('120 of 600')
  expect(within(rows[1]!).getByText('Open')).toBeInTheDocument()

  await userEvent.click(screen.getByLabelText('Show done orders (last 14 days)'))
  expect(within(table).getAllByRole('row')).toHaveLength(4)
  await userEvent.selectOptions(screen.getByLabelText('Customer'), 'Hotel Adler')
  expect(
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getByRole('rowheader').textContent),
  ).toEqual(['PO-SOON'])
})

test('filters by location (the machines an order is meant for or scheduled on), and keeps the filters in the address', async () => {
  const finish = (orderId: number, machineIds: string[]): OrderFinish => ({
    orderId,
    state: 'on-time',
    finishAt: FIXED_NOW + 2 * HOUR,
    earliestAt: FIXED_NOW + HOUR,
    latestAt: FIXED_NOW + 3 * HOUR,
    marginMs: 22 * HOUR,
    lines: [],
    save: null,
    unknown: null,
    ...(machineIds.length > 0
      ? {
          lines: [
            {
              lineId: orderId * 10,
              designId: 'unknown-design',
              remaining: 480,
              machineIds,
              finishAt: FIXED_NOW + 2 * HOUR,
              earliestAt: FIXED_NOW + HOUR,
              latestAt: FIXED_NOW + 3 * HOUR,
              source: 'passes' as const,
              betweenLearned: true,
            },
          ],
        }
      : {}),
  })
  orderBook(
    [
      order(1, { reference: 'PO-NORTH', machineIds: ['AS-1042'] }),
      order(2, { reference: 'PO-SOUTH', machineIds: ['AS-1706'] }),
      // meant for no machine: scheduled on South 02
      order(3, { reference: 'PO-ANY', customer: 'Hotel Adler' }),
    ],
    [finish(3, ['AS-1743'])],
  )
  const { unmount } = renderWithProviders(<OrdersPage />)
  const table = await screen.findByRole('table', { name: 'Orders' })
  const shown = () =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getByRole('rowheader').textContent)
  expect(shown()).toEqual(['PO-NORTH', 'PO-SOUTH', 'PO-ANY'])
  const location = await screen.findByLabelText('Location')
  const south = within(location)
    .getAllByRole('option')
    .find((o) => /South/.test(o.textContent ?? '')) as HTMLOptionElement
  await userEvent.selectOptions(location, south.value)
  expect(shown()).toEqual(['PO-SOUTH', 'PO-ANY'])
  unmount()

  // a filtered list's address opens filtered
  renderWithProviders(<OrdersPage />, {
    path: `/orders?customer=Hotel%20Adler&location=${south.value}&done=1`,
  })
  const again = await screen.findByRole('table', { name: 'Orders' })
  expect(
    within(again)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getByRole('rowheader').textContent),
  ).toEqual(['PO-ANY'])
  expect(screen.getByLabelText('Customer')).toHaveValue('Hotel Adler')
  expect(screen.getByLabelText('Show done orders (last 14 days)')).toBeChecked()
})

test('a new order: what is missing is said before sending; then it is sent with its due time in the factory’s zone', async () => {
  const sent = orderBook([])
  renderWithProviders(<OrdersPage />)
  await userEvent.click(await screen.findByRole('button', { name: 'New order' }))
  const form = await screen.findByRole('form', { name: 'New order' })
  await userEvent.click(within(form).getByRole('button', { name: 'Save order' }))
  const alert = within(form).getByRole('alert')
  expect(alert).toHaveTextContent('Enter the order’s reference.')
  expect(alert).toHaveTextContent('Line 1: choose a design.')
  expect(sent).toEqual([])

  await userEvent.type(within(form).getByLabelText('Order reference'), 'PO-4711')
  await userEvent.type(within(form).getByLabelText('Customer'), 'FC Heimat')
  await userEvent.type(within(form).getByLabelText('Due day'), '2026-11-20')
  const design = within(form).getByLabelText('Design')
  await waitFor(() => expect(within(design).getAllByRole('option').length).toBeGreaterThan(1))
  const first = within(design).getAllByRole('option')[1] as HTMLOptionElement
  await userEvent.selectOptions(design, first.value)
  await userEvent.type(within(form).getByLabelText('Pieces'), '600')
  // meant for one machine
  await userEvent.click(await within(form).findByRole('checkbox', { name: 'South 01 · 15H' }))
  await userEvent.type(within(form).getByLabelText('Your name'), 'Marta')
  await userEvent.type(within(form).getByLabelText('Admin token'), 'admin-token-0123456789')
  await userEvent.click(within(form).getByRole('button', { name: 'Save order' }))
  expect(await screen.findByText('Order PO-4711 saved.')).toBeInTheDocument()
  expect(sent).toEqual([
    {
      path: '/api/orders',
      body: {
        reference: 'PO-4711',
        customer: 'FC Heimat',
        // 16:00 in Berlin on 20 November
        dueAt: '2026-11-20T15:00:00.000Z',
        priority: 'normal',
        machineIds: ['AS-1706'],
        note: '',
        lines: [{ designId: first.value, quantity: 600 }],
        by: 'Marta',
      },
    },
  ])
})

test('a change made on an order someone changed meanwhile is refused, and the form says so in words', async () => {
  const sent = orderBook([order(1, { machineIds: ['M2'], version: 4 })])
  renderWithProviders(<OrdersPage />)
  await userEvent.click(await screen.findByRole('button', { name: 'Change PO-1' }))
  const form = await screen.findByRole('form', { name: 'Change order PO-1' })
  await userEvent.clear(within(form).getByLabelText('Customer'))
  await userEvent.type(within(form).getByLabelText('Customer'), 'FC Heimat e.V.')
  await userEvent.type(within(form).getByLabelText('Your name'), 'Olaf')
  await userEvent.type(within(form).getByLabelText('Admin token'), 'admin-token-0123456789')
  await userEvent.click(within(form).getByRole('button', { name: 'Save change' }))
  expect(await within(form).findByRole('alert')).toHaveTextContent(
    'Someone changed this order while you were editing it. Nothing was saved',
  )
  // the change names the version it was made on, and keeps the line and the machines it had
  expect(sent[0]?.body).toMatchObject({
    version: 4,
    customer: 'FC Heimat e.V.',
    machineIds: ['M2'],
    lines: [{ id: 10, designId: 'unknown-design', quantity: 600 }],
  })
  // what was typed stays
  expect(within(form).getByLabelText('Customer')).toHaveValue('FC Heimat e.V.')
})

const finish = (o: Order, over: Partial<OrderFinish>): OrderFinish => ({
  orderId: o.id,
  state: 'on-time',
  finishAt: null,
  earliestAt: null,
  latestAt: null,
  marginMs: null,
  lines: o.lines.map((l) => ({
    lineId: l.id,
    designId: l.designId,
    remaining: l.quantity - l.made,
    machineIds: ['M1'],
    finishAt: null,
    earliestAt: null,
    latestAt: null,
    source: 'passes',
    betweenLearned: true,
  })),
  save: null,
  unknown: null,
  ...over,
})

test('each order says when it will be finished, late and at risk first, and what would save a late one', async () => {
  const onTime = order(1, { reference: 'PO-ONTIME', dueAt: FIXED_NOW + 24 * HOUR })
  const late = order(2, { reference: 'PO-LATE', dueAt: FIXED_NOW + 30 * HOUR })
  const risky = order(3, { reference: 'PO-RISKY', dueAt: FIXED_NOW + 40 * HOUR })
  const finishAt = FIXED_NOW + 5 * HOUR
  orderBook(
    [onTime, late, risky],
    [
      finish(onTime, {
        finishAt,
        earliestAt: finishAt - HOUR / 3,
        latestAt: finishAt + HOUR / 3,
        marginMs: 19 * HOUR,
      }),
      finish(late, {
        state: 'late',
        finishAt: FIXED_NOW + 33 * HOUR,
        marginMs: -3 * HOUR,
        save: {
          kind: 'add-machine',
          machineId: 'M4',
          name: 'North 04',
          freeAt: FIXED_NOW + 2 * HOUR,
          finishAt: 0,
        },
      }),
      finish(risky, {
        state: 'at-risk',
        finishAt: FIXED_NOW + 39 * HOUR,
        marginMs: HOUR,
        save: { kind: 'overtime', hours: 2, shift: 'Late' },
      }),
    ],
  )
  renderWithProviders(<OrdersPage />)
  const table = await screen.findByRole('table', { name: 'Orders' })
  const rows = within(table).getAllByRole('row').slice(1)
  expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
    'PO-LATE',
    'PO-RISKY',
    'PO-ONTIME',
  ])
  expect(rows[0]).toHaveTextContent('Late by about 3 h')
  // 13:30 in Berlin
  expect(rows[0]).toHaveTextContent('To save it: add North 04 (free from 13:30)')
  expect(rows[1]).toHaveTextContent('At risk: 1 h to spare')
  expect(rows[1]).toHaveTextContent('To save it: 2 h more on the Late shift')
  expect(rows[2]).toHaveTextContent('On time, 19 h to spare')
  // 15:30 UTC is 16:30 in Berlin, today: the time alone
  expect(rows[2]).toHaveTextContent('Expected 16:30 (16:10 to 16:50)')
})

test('a CSV export: its bad rows are named by line before anything is sent; fixed, it is imported at once', async () => {
  const sent = orderBook([])
  renderWithProviders(<OrdersPage />)
  await userEvent.click(await screen.findByRole('button', { name: 'Import from CSV' }))
  const form = await screen.findByRole('form', { name: 'Import orders from a CSV file' })
  const designs = ['ASD1001', 'ASD1002', 'ASD1003']
  // saved by a spreadsheet as Windows-1252: refused by its name, nothing read with broken accents
  const latin1 = new Uint8Array(
    [...'reference;customer\nPO-1;B'].map((c) => c.charCodeAt(0)).concat([0xe4, 0x63, 0x6b]),
  )
  await userEvent.upload(
    within(form).getByLabelText('CSV file from your ERP'),
    new File([latin1], 'latin1.csv', { type: 'text/csv' }),
  )
  expect(await within(form).findByText(/latin1\.csv is not UTF-8 text/)).toBeInTheDocument()
  const file = (broken: boolean) => new File([erpExport(designs, broken)], 'export.csv', { type: 'text/csv' })
  await userEvent.upload(within(form).getByLabelText('CSV file from your ERP'), file(true))
  const alert = await within(form).findByRole('alert')
  expect(alert).toHaveTextContent('3 rows of export.csv must be mended before anything can be imported')
  expect(
    within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    'Line 8: the production API knows no design “NO-SUCH-DESIGN”',
    'Line 23: the quantity “0” is not a whole number from 1 to 10,000,000',
    'Line 47: the due time “31.02.2027” is not a date (2026-12-11 16:00 or 11.12.2026)',
  ])
  expect(within(form).getByRole('button', { name: 'Import the orders' })).toBeDisabled()
  // the columns were found by their German names
  expect(within(form).getByLabelText('Design')).toHaveValue('Stickmuster')

  await userEvent.upload(within(form).getByLabelText('CSV file from your ERP'), file(false))
  expect(await within(form).findByText('50 orders from 50 rows, ready to import.')).toBeInTheDocument()
  // (the name and token an earlier form kept may be there already)
  for (const [label, value] of [
    ['Your name', 'Marta'],
    ['Admin token', 'admin-token-0123456789'],
  ] as const) {
    await userEvent.clear(within(form).getByLabelText(label))
    await userEvent.type(within(form).getByLabelText(label), value)
  }
  await userEvent.click(within(form).getByRole('button', { name: 'Import the orders' }))
  expect(await screen.findByText('50 orders imported.')).toBeInTheDocument()
  expect(sent).toEqual([
    {
      path: '/api/orders/import',
      body: {
        csv: erpExport(designs, false),
        mapping: {
          reference: 'Auftrag',
          customer: 'Kunde',
          dueAt: 'Liefertermin',
          designId: 'Stickmuster',
          quantity: 'Menge',
          priority: 'Priorität',
          note: 'Bemerkung',
        },
        by: 'Marta',
      },
    },
  ])
})

test('a count is corrected from the list: scrap with its reason and who, said before anything is sent', async () => {
  const sent = orderBook([order(1)])
  renderWithProviders(<OrdersPage />)
  await userEvent.click(await screen.findByRole('button', { name: 'Correct count of PO-1' }))
  const form = await screen.findByRole('form', { name: 'Correct the count of PO-1' })
  await userEvent.selectOptions(within(form).getByLabelText('Kind'), 'scrap')
  await userEvent.type(within(form).getByLabelText('Rejected pieces'), '3')
  await userEvent.click(within(form).getByRole('button', { name: 'Save correction' }))
  expect(within(form).getByRole('alert')).toHaveTextContent('Say why the count is corrected.')
  expect(sent).toEqual([])
  await userEvent.type(within(form).getByLabelText('Reason'), 'frame slipped')
  // the name this browser remembers is offered; another person types theirs
  await userEvent.clear(within(form).getByLabelText('Your name'))
  await userEvent.type(within(form).getByLabelText('Your name'), 'Olaf')
  await userEvent.click(within(form).getByRole('button', { name: 'Save correction' }))
  expect(await within(form).findByRole('status')).toHaveTextContent('Correction saved')
  expect(sent).toEqual([
    {
      path: '/api/orders/1/correct',
      body: { lineId: 10, pieces: 3, kind: 'scrap', reason: 'frame slipped', by: 'Olaf' },
    },
  ])
})

test('on a phone: today’s orders and the late ones as cards, the later ones a tap away', async () => {
  // a phone's screen (usePhone asks the media query)
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
  try {
    orderBook([
      order(1, { reference: 'PO-LATE', dueAt: FIXED_NOW - 2 * HOUR }),
      order(2, { reference: 'PO-TODAY', dueAt: FIXED_NOW + 2 * HOUR }),
      order(3, { reference: 'PO-FRIDAY', dueAt: FIXED_NOW + 48 * HOUR }),
    ])
    renderWithProviders(<OrdersPage />)
    expect(await screen.findByText('2 orders due today or late')).toBeInTheDocument()
    expect(screen.getByText('PO-LATE')).toBeInTheDocument()
    expect(screen.getByText('PO-TODAY')).toBeInTheDocument()
    expect(screen.queryByText('PO-FRIDAY')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /^Show 1\slater order$/ }))
    expect(await screen.findByText('PO-FRIDAY')).toBeInTheDocument()
    expect(screen.getByText('All orders')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Only today’s' }))
    expect(screen.queryByText('PO-FRIDAY')).not.toBeInTheDocument()
  } finally {
    vi.unstubAllGlobals()
  }
})
