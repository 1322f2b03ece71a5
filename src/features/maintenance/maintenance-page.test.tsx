import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { expect, test } from 'vitest'
import { FIXED_NOW } from '../../../test/demo-client'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import type { MaintenanceTask, TaskEntry } from '../../lib/maintenance'
import { MaintenancePage } from './maintenance-page'

const HOUR = 3_600_000
const task = (id: number, name: string, over: Partial<MaintenanceTask> = {}): MaintenanceTask => ({
  id,
  name,
  scope: { all: true },
  per: 'machine',
  interval: { kind: 'hours', value: 4 },
  note: '',
  version: 1,
  updatedAt: FIXED_NOW - 48 * HOUR,
  updatedBy: 'stitchboard',
  ...over,
})
const entry = (
  taskId: number,
  machineId: string,
  used: number,
  of: number,
  over: Partial<TaskEntry> = {},
): TaskEntry => ({
  taskId,
  machineId,
  heads: null,
  since: FIXED_NOW - 6 * HOUR,
  lastSignOff: {
    id: taskId * 100,
    taskId,
    machineId,
    head: null,
    at: FIXED_NOW - 6 * HOUR,
    by: 'Ana',
    note: '',
    counted: true,
  },
  progress: {
    used,
    share: used / of,
    state: used >= of ? 'overdue' : used >= 0.9 * of ? 'soon' : 'ok',
    left: of - used,
    uncertain: false,
  },
  ...over,
})

/** The maintenance routes as the server answers them (server/maintenance/routes.ts); `refuse`: the answer to
 * a sign-off, when not a success. */
function maintenance(refuse?: { status: number; body: Record<string, unknown> }, canChange = false) {
  const sent: Record<string, unknown>[] = []
  const tasks = [
    task(1, 'Oil the rotary hooks'),
    task(2, 'Change the needles', { per: 'head', interval: { kind: 'stitches', value: 2_000_000 } }),
  ]
  const entries = [
    entry(1, 'X-2', 3.7, 4),
    entry(1, 'X-1', 4.5, 4),
    entry(1, 'X-3', 1.2, 4),
    entry(2, 'X-1', 2_240_491, 2_000_000, { heads: [1, 2, 4] }),
  ]
  mswServer.use(
    http.get('/api/maintenance', () =>
      HttpResponse.json({ available: true, tasks, entries, done: [], canChange, canSignOff: true }),
    ),
    http.post('/api/maintenance/sign-off', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      sent.push(body)
      if (refuse) return HttpResponse.json(refuse.body, { status: refuse.status })
      return HttpResponse.json({ signOffs: [] }, { status: 201 })
    }),
  )
  return sent
}

test('lists what is overdue first, then what is due soon, each state in words; the rest on request', async () => {
  maintenance()
  renderWithProviders(<MaintenancePage />)
  await screen.findByText(/^2\soverdue, 1\sdue soon\.$/)
  const due = () =>
    within(screen.getByRole('region', { name: 'Overdue and due soon' })).getAllByRole('listitem')
  const rows = due()
  // the most over its interval first: 4.5 of 4 h, then 2.24 of 2 million stitches
  expect(rows.map((r) => r.textContent?.slice(0, 60))).toEqual([
    expect.stringMatching(/^▲ OverdueOil the rotary hooksX-1/),
    expect.stringMatching(/^▲ OverdueChange the needlesX-1heads 1–2, 4/),
    expect.stringMatching(/^Due soonOil the rotary hooksX-2/),
  ])
  expect(rows[1]).toHaveTextContent(
    /2,240,491 of 2,000,000\sstitches, 240,491 over, since 05:30 \(signed off by Ana\)/,
  )
  expect(rows[2]).toHaveTextContent(/3\.7 of 4\srunning hours, 0\.3 left/)
  await userEvent.selectOptions(screen.getByLabelText('Show'), 'all')
  const all = within(screen.getByRole('region', { name: 'Every task on every machine' })).getAllByRole(
    'listitem',
  )
  expect(all.at(-1)).toHaveTextContent(/^Not dueOil the rotary hooksX-3/)
})

test('a sign-off is a tap and a confirmation, with the name this browser gave before', async () => {
  localStorage.setItem('stitchboard.on-it-name', 'Jonas')
  const sent = maintenance()
  renderWithProviders(<MaintenancePage />)
  await userEvent.click(await screen.findByRole('button', { name: 'Sign off Oil the rotary hooks on X-1' }))
  // the confirmation has the focus: a second tap, or Enter
  expect(screen.getByRole('button', { name: 'Confirm sign-off' })).toHaveFocus()
  await userEvent.keyboard('{Enter}')
  await screen.findByText('Signed off: “Oil the rotary hooks” on X-1. Its count starts again now.')
  expect(sent).toEqual([{ taskId: 1, machineId: 'X-1', heads: null, note: '', seen: 100, by: 'Jonas' }])
  localStorage.clear()
})

test('a task not due yet is signed off with a note saying why; a head group is signed off with its heads', async () => {
  const sent = maintenance()
  renderWithProviders(<MaintenancePage />, { path: '/?show=all' })
  const row = (await screen.findByRole('button', { name: 'Sign off Oil the rotary hooks on X-3' })).closest(
    'li',
  )!
  await userEvent.click(within(row).getByRole('button', { name: /^Sign off/ }))
  expect(within(row).getByText('It is not due yet: say why it was done now.')).toBeInTheDocument()
  await userEvent.type(within(row).getByLabelText('Your name'), 'Ana')
  await userEvent.click(within(row).getByRole('button', { name: 'Confirm sign-off' }))
  expect(
    within(row).getByText('It is not due yet: write in the note why it was done now.'),
  ).toBeInTheDocument()
  expect(sent).toEqual([])
  await userEvent.type(within(row).getByLabelText('Why now'), 'Oiled with the needle change')
  await userEvent.click(within(row).getByRole('button', { name: 'Confirm sign-off' }))
  await screen.findByRole('status')
  expect(sent).toEqual([
    { taskId: 1, machineId: 'X-3', heads: null, note: 'Oiled with the needle change', seen: 100, by: 'Ana' },
  ])

  await userEvent.click(screen.getByRole('button', { name: 'Sign off Change the needles on X-1' }))
  await userEvent.click(screen.getByRole('button', { name: 'Confirm sign-off' }))
  await screen.findByText('Signed off: “Change the needles” on X-1. Its count starts again now.')
  expect(sent[1]).toMatchObject({ taskId: 2, heads: [1, 2, 4], seen: 200 })
  localStorage.clear()
})

test('signed off by someone else at the same time: the page says theirs counts and this one is logged', async () => {
  localStorage.setItem('stitchboard.on-it-name', 'Jonas')
  maintenance({
    status: 409,
    body: {
      error: 'Ana signed “Oil the rotary hooks” off here at 2026-11-18T10:29:00.000Z already',
      reason: 'signed-off-already',
    },
  })
  renderWithProviders(<MaintenancePage />)
  await userEvent.click(await screen.findByRole('button', { name: 'Sign off Oil the rotary hooks on X-1' }))
  await userEvent.click(screen.getByRole('button', { name: 'Confirm sign-off' }))
  await screen.findByText(
    'Someone signed off “Oil the rotary hooks” on X-1 just before you: theirs counts, yours is kept in the log.',
  )
  localStorage.clear()
})

test('a supervisor books a task as a planned stop of its machine, filled in on the planned stops’ form', async () => {
  maintenance(undefined, true)
  renderWithProviders(<MaintenancePage />)
  const link = await screen.findByRole('link', { name: 'Book Oil the rotary hooks on X-1 as a planned stop' })
  const target = new URL(link.getAttribute('href')!, 'http://x')
  expect(target.pathname).toBe('/stops/settings')
  expect(Object.fromEntries(target.searchParams)).toEqual({
    plan: 'machine:X-1',
    reason: 'planned-maintenance',
    note: 'Oil the rotary hooks',
  })
})
