import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import { ShiftsPage } from './shifts-page'

let requests: URL[] = []
const listener = ({ request }: { request: Request }) => {
  const url = new URL(request.url)
  if (url.pathname.startsWith('/api/reports/')) requests.push(url)
}
beforeEach(() => {
  requests = []
  mswServer.events.on('request:start', listener)
})
afterEach(() => {
  mswServer.events.removeListener('request:start', listener)
})

const DAY = '/shifts?range=custom&from=2026-11-17T00:00&till=2026-11-18T00:00'

test('one day of the demo factory: each shift asked with the shift filter, figures side by side with their source', async () => {
  renderWithProviders(
    <Routes>
      <Route path="/shifts" element={<ShiftsPage />} />
    </Routes>,
    { path: DAY },
  )
  const heading = await screen.findByRole('heading', { name: /^Shifts over/ })
  const table = within(heading.closest('section') as HTMLElement).getAllByRole('table')[0] as HTMLElement
  await waitFor(() =>
    expect(within(table).getByRole('row', { name: /^Thread breaks/ })).toHaveTextContent(/\d/),
  )
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent)
  expect(headers).toEqual([
    'Figure',
    'Early06:00–14:00',
    'Late14:00–22:00',
    'Night22:00–06:00',
    'How it is computed',
  ])
  const breaksRow = within(table).getByRole('row', { name: /^Thread breaks/ })
  expect(breaksRow).toHaveTextContent('Every break counted, from the portal’s thread-break report')
  expect(breaksRow).not.toHaveTextContent('/reports/')
  expect(within(table).getByRole('row', { name: /^Hours of the shift/ })).toHaveTextContent('8 h8 h8 h')
  // the shift filter as the reference states it, one request per shift
  const shiftFilters = requests
    .filter((u) => u.pathname === '/api/reports/threadbreaks' && u.searchParams.get('grouping') === 'HN')
    .map((u) => u.searchParams.get('shift'))
  expect(shiftFilters.sort()).toEqual([
    '{"from":"06:00","to":"14:00"}',
    '{"from":"14:00","to":"22:00"}',
    '{"from":"22:00","to":"06:00"}',
  ])
  // the vendor's own shift comparison: per machine and work period
  const api = await screen.findByRole('table', {
    name: 'Stitches and thread breaks per machine and work period',
  })
  expect(within(api).getByRole('columnheader', { name: 'Early: stitches / breaks' })).toBeInTheDocument()
  expect(within(api).getAllByRole('row').length).toBeGreaterThan(10)
  expect(screen.getByText(/belongs to the day it starts/)).toBeInTheDocument()
})

test('a report that fails for one shift says which, and the others still show', async () => {
  const { http, HttpResponse } = await import('msw')
  mswServer.use(
    http.get('/api/reports/average-rpm', () =>
      HttpResponse.json({ error: 'upstream timed out' }, { status: 504 }),
    ),
  )
  renderWithProviders(
    <Routes>
      <Route path="/shifts" element={<ShiftsPage />} />
    </Routes>,
    { path: DAY },
  )
  const alert = await screen.findByText(
    /Early shift, the portal’s average-speed report: .*Not shown; retrying/,
    {},
  )
  expect(alert).toBeInTheDocument()
  const table = (await screen.findAllByRole('table'))[1] as HTMLElement
  await waitFor(() =>
    expect(within(table).getByRole('row', { name: /^Stitches/ })).toHaveTextContent(/\d{3}/),
  )
  expect(within(table).getByRole('row', { name: /^Average rpm/ })).toHaveTextContent('—')
})

test('the portal’s work periods are named; a time zone other than the factory’s is pointed out', async () => {
  const page = (
    <Routes>
      <Route path="/shifts" element={<ShiftsPage />} />
    </Routes>
  )
  const view = renderWithProviders(page, { path: DAY })
  expect(
    await screen.findByText('Work periods in the portal: Early, Late, Night (time zone Europe/Berlin).'),
  ).toBeInTheDocument()
  expect(screen.queryByRole('note')).toBeNull()
  view.unmount()

  mswServer.use(
    http.get('/api/work-periods', () =>
      HttpResponse.json({
        data: [
          { id: 4, name: 'Früh', id_company: 1, timezone: 'America/Chicago' },
          { id: 5, name: '', id_company: 1, timezone: 'America/Chicago' },
        ],
      }),
    ),
  )
  renderWithProviders(page, { path: DAY })
  expect(
    await screen.findByText('Work periods in the portal: Früh, Work period 5 (time zone America/Chicago).'),
  ).toBeInTheDocument()
  expect(screen.getByRole('note')).toHaveTextContent(
    'The portal counts its work periods in America/Chicago, stitchboard in Europe/Berlin (FACTORY_TIMEZONE)',
  )
})
