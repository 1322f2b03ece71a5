import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, test } from 'vitest'
import { serveAppConfig } from '../../../test/app-config'
import { FIXED_NOW } from '../../../test/demo-client'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import type { ReportSettingsPage } from '../../api/shift-reports/report-settings'
import { ReportDelivery } from './report-delivery'

const ADMIN = 'report-test-admin-token-0123'

const page = (changes: Partial<ReportSettingsPage> = {}): ReportSettingsPage => ({
  settings: {
    channels: { shift: ['ops'], day: [], week: [] },
    graceMinutes: 10,
    dailyAt: '07:00',
    weeklyDay: 1,
    weeklyAt: '07:30',
  },
  updatedBy: 'Marta',
  updatedAt: FIXED_NOW - 3_600_000,
  canChange: true,
  mailConfigured: true,
  channels: [
    { id: 'ops', name: 'Production managers', kind: 'email' },
    { id: 'hook', name: 'Plant system', kind: 'webhook' },
  ],
  health: [
    {
      channelId: 'hook',
      lastAttemptAt: FIXED_NOW - 60_000,
      lastOk: false,
      lastDetail: 'HTTP 500: receiver down',
      pending: 1,
      failed: 2,
      sent: 3,
    },
  ],
  latest: { shift: { id: 7, shift: 'Early', day: '2026-11-18', start: 0, end: 1 }, day: null, week: null },
  ...changes,
})

/** The settings served as the server does; what is posted kept with its Authorization. */
function serve(answer: ReportSettingsPage) {
  const posts: Array<{ path: string; body: unknown; authorization: string | null }> = []
  mswServer.use(
    http.get('/api/report-settings', () => HttpResponse.json(answer)),
    http.post('/api/report-settings', async ({ request }) => {
      const body = (await request.json()) as { settings: unknown }
      posts.push({ path: 'settings', body, authorization: request.headers.get('Authorization') })
      return HttpResponse.json({ settings: body.settings })
    }),
    http.post('/api/report-settings/send-now', async ({ request }) => {
      posts.push({
        path: 'send-now',
        body: await request.json(),
        authorization: request.headers.get('Authorization'),
      })
      return HttpResponse.json({ reportId: 7, channels: ['ops'] })
    }),
  )
  return posts
}

beforeEach(() => {
  // a name and a token kept by an earlier case are not typed again
  sessionStorage.clear()
  localStorage.clear()
  serveAppConfig({})
})

describe('sending the shift reports', () => {
  test('channels are chosen per kind of report and saved with a name and the admin token', async () => {
    const posts = serve(page())
    renderWithProviders(<ReportDelivery />, { path: '/shift-reports' })
    const shift = await screen.findByRole('group', { name: "Each shift's report goes to" })
    expect(within(shift).getByRole('checkbox', { name: 'Production managers' })).toBeChecked()
    const daily = screen.getByRole('group', { name: 'The daily summary goes to' })
    await userEvent.click(within(daily).getByRole('checkbox', { name: 'Plant system' }))
    // without who: said, nothing sent
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/name/i)
    expect(posts).toEqual([])
    await userEvent.type(screen.getByLabelText('Your name'), 'Ana')
    await userEvent.type(screen.getByLabelText('Admin token'), ADMIN)
    const grace = screen.getByLabelText('Minutes after a shift ends (for late data)')
    await userEvent.clear(grace)
    await userEvent.type(grace, '15')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.')
    expect(posts).toEqual([
      {
        path: 'settings',
        authorization: `Bearer ${ADMIN}`,
        body: {
          by: 'Ana',
          settings: {
            channels: { shift: ['ops'], day: ['hook'], week: [] },
            graceMinutes: 15,
            dailyAt: '07:00',
            weeklyDay: 1,
            weeklyAt: '07:30',
          },
        },
      },
    ])
  })

  test('a grace out of range is refused before sending', async () => {
    const posts = serve(page())
    renderWithProviders(<ReportDelivery />, { path: '/shift-reports' })
    const grace = await screen.findByLabelText('Minutes after a shift ends (for late data)')
    await userEvent.clear(grace)
    await userEvent.type(grace, '300')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('from 0 to 240')
    expect(posts).toEqual([])
  })

  test('“send the last shift’s report now” asks the server; a kind never built cannot be sent', async () => {
    const posts = serve(page())
    renderWithProviders(<ReportDelivery />, { path: '/shift-reports' })
    await userEvent.type(await screen.findByLabelText('Your name'), 'Ana')
    await userEvent.type(screen.getByLabelText('Admin token'), ADMIN)
    expect(screen.getByRole('button', { name: /^Send the last weekly summary now/ })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: /^Send the last shift's report now/ }))
    expect(await screen.findByRole('status')).toHaveTextContent('queued to one channel')
    expect(posts).toEqual([
      { path: 'send-now', authorization: `Bearer ${ADMIN}`, body: { kind: 'shift', by: 'Ana' } },
    ])
  })

  test('a channel whose deliveries fail shows it: how many are tried again, given up, and why', async () => {
    serve(page())
    renderWithProviders(<ReportDelivery />, { path: '/shift-reports' })
    const table = await screen.findByRole('table', { name: 'Deliveries by channel' })
    const row = within(table).getByRole('row', { name: /Plant system/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '1', '2', expect.stringMatching(/failed \(HTTP 500: receiver down\)$/)])
  })

  test('without ADMIN_TOKEN on the server the settings are shown, not changed', async () => {
    serve(page({ canChange: false }))
    renderWithProviders(<ReportDelivery />, { path: '/shift-reports' })
    expect(await screen.findByText(/ADMIN_TOKEN is not set/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled()
    expect(screen.queryByLabelText('Admin token')).toBeNull()
  })
})
