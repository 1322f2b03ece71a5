import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, test } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import { machineQueryOptions } from '../../api/machines/machines'
import { MachinePage } from './machine-page'

function renderMachinePage(path: string) {
  renderWithProviders(
    <Routes>
      <Route path="/machines/:machineId" element={<MachinePage />} />
    </Routes>,
    { path },
  )
}

describe('machine page', () => {
  test('shows the live machine, its heatmap of every head and needle, and the raw record', async () => {
    renderMachinePage('/machines/AS-1042?range=7d')
    expect(await screen.findByRole('heading', { level: 1, name: 'North 01 · 1H' })).toBeInTheDocument()
    expect(
      await screen.findByRole('img', { name: /North 01 · 1H: thread breaks by head and needle/ }),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByText('As a table'))
    const table = await screen.findByRole('table', { name: /thread breaks per head and needle/ })
    // machine 1 has 1 head × 9 needles: a header row, one head row and a total row
    expect(table.querySelectorAll('tbody tr')).toHaveLength(1)
    expect(table.querySelectorAll('thead th')).toHaveLength(1 + 9 + 1)
    expect(screen.getByText('The machine record as stitchboard reads it')).toBeInTheDocument()
  })

  test('an unknown or foreign machine: a clear "not found for this API key"', async () => {
    renderMachinePage('/machines/NO-SUCH')
    expect(await screen.findByRole('heading', { name: 'Machine not found' })).toBeInTheDocument()
    expect(screen.getByText(/There is no machine “NO-SUCH” for this API key/)).toBeInTheDocument()
  })
})

test('however many components show a machine, its detail is requested once per refresh interval', async () => {
  const requests: string[] = []
  const listener = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname === '/api/machines/AS-1042') requests.push(request.url)
  }
  mswServer.events.on('request:start', listener)
  function Name() {
    const machine = useQuery(machineQueryOptions('AS-1042'))
    return <p>{machine.data?.name ?? '…'}</p>
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <Name />
      <Name />
      <Name />
      <Name />
    </QueryClientProvider>,
  )
  await waitFor(() => expect(screen.getAllByText('North 01 · 1H')).toHaveLength(4))
  expect(requests).toHaveLength(1)
  mswServer.events.removeListener('request:start', listener)
})
