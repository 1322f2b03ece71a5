import { screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { expect, test } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import type { OverdueTask } from '../../lib/shift-report-figures'
import { WallTasks } from './wall-tasks'

const overdue = (i: number): OverdueTask => ({
  task: `Task ${i}`,
  machine: `East ${String(i).padStart(2, '0')}`,
  heads: null,
  kind: 'hours',
  used: 4 + i / 10,
  interval: 4,
})

const answer = (list: OverdueTask[], count = list.length, available = true) =>
  mswServer.use(
    http.get('/api/maintenance/overdue', () => HttpResponse.json({ available, overdue: list, count })),
  )

test('the wall lists the overdue tasks, the most overdue first as the server sends them, with their use, and how many more there are', async () => {
  answer(
    [
      {
        ...overdue(1),
        task: 'Change the needles',
        heads: '3–5',
        kind: 'stitches',
        used: 2_080_000,
        interval: 2_000_000,
      },
      { ...overdue(2), heads: '4', kind: 'breaks', used: 61, interval: 50 },
      ...Array.from({ length: 8 }, (_, i) => overdue(i + 3)),
    ],
    14,
  )
  renderWithProviders(<WallTasks />)
  const list = await screen.findByRole('region', { name: /^Maintenance overdue: 14\stasks$/ })
  const items = within(list).getAllByRole('listitem')
  // units follow their figures with a no-break space
  expect(items.map((li) => li.textContent?.replaceAll('\u00a0', ' '))).toEqual([
    'East 01, heads 3–5: Change the needles (2,080,000 of 2,000,000 stitches)',
    'East 02, head 4: Task 2 (61 of 50 thread breaks)',
    'East 03: Task 3 (4.3 of 4 running hours)',
    'East 04: Task 4 (4.4 of 4 running hours)',
    'East 05: Task 5 (4.5 of 4 running hours)',
    'East 06: Task 6 (4.6 of 4 running hours)',
    'East 07: Task 7 (4.7 of 4 running hours)',
    'East 08: Task 8 (4.8 of 4 running hours)',
  ])
  expect(within(list).getByText(/^and 6\smore on the maintenance page$/)).toBeVisible()
})

test('nothing overdue, or a server that keeps no tasks: the wall shows nothing of maintenance', async () => {
  answer([], 0)
  const { unmount } = renderWithProviders(
    <>
      <WallTasks />
      <p>after</p>
    </>,
  )
  await screen.findByText('after')
  // the answer has come (the request is made at once) and draws nothing
  await expect.poll(() => screen.queryByRole('region')).toBeNull()
  unmount()
  answer([overdue(1)], 1, false)
  renderWithProviders(<WallTasks />)
  await expect.poll(() => screen.queryByText(/Maintenance overdue/)).toBeNull()
})
