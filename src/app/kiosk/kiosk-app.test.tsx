import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { t } from '../../../test/messages'
import { mswServer } from '../../../test/setup-dom'
import { kioskParams } from '../../features/kiosk/kiosk-params'
import { KioskShow } from './kiosk-app'
import { kioskAddresses } from './kiosk-pages'

function renderKiosk(query: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 60_000 } } })
  return render(
    <QueryClientProvider client={client}>
      <KioskShow params={kioskParams(new URLSearchParams(query), t, kioskAddresses())} />
    </QueryClientProvider>,
  )
}

describe('the wall', () => {
  test('header with the page name and position; the page without its controls; bad URL values said on screen', async () => {
    renderKiosk('pages=status,shifts&dwell=soon')
    expect(await screen.findByRole('heading', { level: 1, name: 'Machine status' })).toBeInTheDocument()
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('dwell=soon is not a number of seconds')
    const [board] = (await screen.findAllByRole('region', { name: 'Machine status' })) as [HTMLElement]
    await within(board).findByText(/^Needs attention: \d+$/)
    expect(within(board).queryByRole('form', { name: 'Filters' })).toBeNull()
    expect(within(board).queryByRole('combobox')).toBeNull()
  })

  test('an open alert’s band is above the page from the first look: the page never moves down under it', async () => {
    const now = Date.now()
    // the alerts answer when the test says so: the page is looked at while it waits for them
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    mswServer.use(
      http.get('/api/alerts', async () => {
        await answered
        return HttpResponse.json({
          available: true,
          at: now,
          quietHours: null,
          alerts: [
            {
              id: 1,
              rule: 'state',
              machineId: 'AS-1042',
              machineName: 'North 01 · 1H',
              cause: 'Stopped',
              detail: 'North 01 · 1H: stopped',
              since: now - 14 * 60_000,
              raisedAt: now - 4 * 60_000,
              level: 0,
              acknowledgedAt: null,
              acknowledgedBy: null,
              okSince: null,
              clearedAt: null,
            },
          ],
        })
      }),
    )
    renderKiosk('pages=status')
    // while it waits, the title is the page's, never the exception page's (this wall has none)
    expect(await screen.findByText('Starting…')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Machine status')
    expect(screen.queryAllByRole('region', { name: 'Machine status' })).toHaveLength(0)
    answer()
    // the page is drawn only once the alerts are known, so the band is there when the page first is
    await screen.findAllByRole('region', { name: 'Machine status' })
    expect(screen.getByRole('region', { name: 'Alerts' })).toHaveTextContent('North 01 · 1H')
  })

  test('never stale in silence: a banner after two missed refreshes, gone by itself when data returns', async () => {
    renderKiosk('pages=status&refresh=0.2')
    const [board] = (await screen.findAllByRole('region', { name: 'Machine status' })) as [HTMLElement]
    await within(board).findByText(/^Needs attention: \d+$/)
    expect(screen.queryByText(/No new data since/)).toBeNull()
    mswServer.use(
      http.get('/api/machines', () => HttpResponse.json({ error: 'upstream down' }, { status: 502 })),
    )
    const banner = await screen.findByText(/No new data since .*: what you see is older\. Retrying every/, {})
    expect(banner).toBeInTheDocument()
    mswServer.resetHandlers()
    await waitFor(() => expect(screen.queryByText(/No new data since/)).toBeNull())
  })
})
