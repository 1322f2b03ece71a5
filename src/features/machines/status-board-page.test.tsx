import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { buildMachine } from '../../../test/build-machine'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import { StatusBoardPage } from './status-board-page'

const NOW = Math.floor(Date.now() / 1000)
const ago = (s: number) => new Date((NOW - s) * 1000).toISOString()
const fresh = { last_seen: ago(3) }
const MACHINES = [
  buildMachine({
    machine_id: 'a',
    machine_name: 'A 10',
    location_id: 1,
    location_name: 'Hall North',
    status: 'running',
    status_since: ago(60),
    ...fresh,
  }),
  buildMachine({
    machine_id: 'b',
    machine_name: 'A 2',
    location_id: 1,
    location_name: 'Hall North',
    status: 'stopped',
    status_since: ago(30 * 60),
    ...fresh,
  }),
  buildMachine({
    machine_id: 'c',
    machine_name: 'B 1',
    location_id: 2,
    location_name: 'Hall South',
    status: 'threadbreak',
    status_since: ago(90),
    ...fresh,
  }),
  buildMachine({
    machine_id: 'd',
    machine_name: 'B 2',
    location_id: 2,
    location_name: 'Hall South',
    status: 'running',
    last_seen: ago(3600),
  }),
]

const names = (region: HTMLElement) =>
  within(region)
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label')!.split(':')[0])

describe('status board', () => {
  test('grouped by location, urgent first, with a summary strip', async () => {
    mswServer.use(http.get('/api/machines', () => HttpResponse.json({ data: MACHINES })))
    renderWithProviders(<StatusBoardPage />, { path: '/machines' })
    const north = await screen.findByRole('region', { name: 'Hall North' })
    expect(names(north)).toEqual(['A 2', 'A 10'])
    expect(names(screen.getByRole('region', { name: 'Hall South' }))).toEqual(['B 1', 'B 2'])
    const summary = screen.getByRole('region', { name: 'Summary' })
    expect(summary).toHaveTextContent('25 % running (1 of 4)')
    expect(summary).toHaveTextContent('Not reporting: 1')
    expect(summary).toHaveTextContent('Thread break: 1')
  })

  test('sort by name, filter by status and location', async () => {
    mswServer.use(http.get('/api/machines', () => HttpResponse.json({ data: MACHINES })))
    renderWithProviders(<StatusBoardPage />, { path: '/machines?sort=name' })
    expect(names(await screen.findByRole('region', { name: 'Hall North' }))).toEqual(['A 2', 'A 10'])
    await userEvent.click(screen.getByRole('checkbox', { name: 'Running' }))
    expect(names(screen.getByRole('region', { name: 'Hall North' }))).toEqual(['A 10'])
    expect(screen.queryByRole('region', { name: 'Hall South' })).toBeNull()
  })

  test('the location filter from the URL limits the board', async () => {
    mswServer.use(http.get('/api/machines', () => HttpResponse.json({ data: MACHINES })))
    renderWithProviders(<StatusBoardPage />, { path: '/machines?location=2' })
    expect(await screen.findByRole('region', { name: 'Hall South' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Hall North' })).toBeNull()
  })

  test('an answer that breaks the schema names the field instead of crashing', async () => {
    mswServer.use(http.get('/api/machines', () => HttpResponse.json({ data: [{ machine_id: 7 }] })))
    renderWithProviders(<StatusBoardPage />, { path: '/machines' })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unexpected response from the production API: data[0].machine_id should be string',
    )
  })
})
