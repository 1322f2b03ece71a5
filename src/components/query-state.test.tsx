import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { t } from '../../test/messages'
import { mswServer } from '../../test/setup-dom'
import { machinesQueryOptions } from '../api/machines/machines'
import { ageInWords, QueryState } from './query-state'

function Machines() {
  const query = useQuery({ ...machinesQueryOptions(), refetchInterval: false })
  return (
    <QueryState query={query} isEmpty={(d) => d.records.length === 0} empty={<p>None</p>}>
      {(data) => <p>{data.records.length} machines</p>}
    </QueryState>
  )
}

describe('the stale-data rule', () => {
  test('a failed refresh keeps the last good data, says its age and the error, and recovers by itself', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <Machines />
      </QueryClientProvider>,
    )
    expect(await screen.findByText(/\d+ machines/)).toBeInTheDocument()
    mswServer.use(
      http.get('/api/machines', () =>
        HttpResponse.json({ error: 'The production API did not answer within 15 s' }, { status: 504 }),
      ),
    )
    await act(() => client.refetchQueries())
    expect(screen.getByText(/\d+ machines/)).toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Could not refresh: The production API did not answer within 15 s\. Showing data from .* \(\d+ s ago\); retrying\./,
    )
    mswServer.resetHandlers()
    await act(() => client.refetchQueries())
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
  })

  test('a first load that fails says why, without data to show', async () => {
    mswServer.use(http.get('/api/machines', () => HttpResponse.error()))
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <Machines />
      </QueryClientProvider>,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot reach the stitchboard server; check the network connection',
    )
  })

  test('empty data says so', async () => {
    mswServer.use(http.get('/api/machines', () => HttpResponse.json({ data: [] })))
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <Machines />
      </QueryClientProvider>,
    )
    expect(await screen.findByText('None')).toBeInTheDocument()
  })

  test.each([
    [0, '0\u00a0s ago'],
    [45, '45\u00a0s ago'],
    [69, '1\u00a0min ago'],
    [119, '1\u00a0min ago'],
    [120, '2\u00a0min ago'],
    [5 * 60, '5\u00a0min ago'],
    [125 * 60, '2\u00a0h 5\u00a0min ago'],
  ])('age of %i s: %s', (seconds, words) => {
    expect(ageInWords(1_000_000_000_000 - seconds * 1000, 1_000_000_000_000, t)).toBe(words)
  })
})
