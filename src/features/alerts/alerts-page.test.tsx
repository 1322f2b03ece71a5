import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, test } from 'vitest'
import { buildAlertSettings } from '../../../test/build-alert-settings'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import type { AlertSettings, AlertSettingsPage } from '../../api/alerts/alert-settings'
import { AlertsPage } from './alerts-page'

const ADMIN = 'page-test-admin-token-0123'
const saved = buildAlertSettings()
const pageOf = (settings: AlertSettings, canChange = true): AlertSettingsPage => ({
  settings,
  canChange,
  mailConfigured: false,
  health: [],
  load: { shifts: [], noisy: [] },
  problems: [],
})

/** The server's settings routes: GET counts its calls; POST answers with `answer` for the body it got. */
function serveSettings(
  answer: (body: AlertSettings) => Response,
  { canChange = true }: { canChange?: boolean } = {},
) {
  let settings = saved
  const seen = { gets: 0, posts: [] as Array<{ body: unknown; authorization: string | null }> }
  mswServer.use(
    http.get('/api/alerts/settings', () => {
      seen.gets++
      return HttpResponse.json(pageOf(settings, canChange))
    }),
    http.post('/api/alerts/settings', async ({ request }) => {
      const body = (await request.json()) as AlertSettings
      seen.posts.push({ body, authorization: request.headers.get('Authorization') })
      const response = answer(body)
      if (response.ok) settings = ((await response.clone().json()) as { settings: AlertSettings }).settings
      return response
    }),
  )
  return seen
}

beforeEach(() => sessionStorage.clear())

describe('the alerts page’s settings form', () => {
  test('saves with the admin token, then shows what the server keeps and remembers the token for the tab', async () => {
    const seen = serveSettings((body) =>
      HttpResponse.json({
        settings: {
          ...body,
          channels: [
            saved.channels[0],
            {
              id: 'channel-2',
              name: 'Channel 2',
              kind: 'webhook',
              to: [],
              address: 'new.example',
              language: null,
            },
          ],
        },
      }),
    )
    renderWithProviders(<AlertsPage />)
    await screen.findByRole('heading', { name: 'Channels' })
    await userEvent.click(screen.getByRole('button', { name: 'Add a channel' }))
    await userEvent.type(screen.getByLabelText('Address (https://…)'), 'https://new.example/hook')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Quiet hours (no sound on the dashboards)' }))
    await userEvent.type(screen.getByLabelText('Admin token'), ADMIN)
    const gets = seen.gets
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }))

    const form = screen.getByRole('form', { name: 'Alert settings' })
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Saved. The rules apply from the next poll.',
    )
    expect(seen.posts).toEqual([
      {
        authorization: `Bearer ${ADMIN}`,
        body: {
          ...saved,
          quietHours: { from: '22:00', to: '06:00' },
          channels: [
            { id: 'sup', name: 'Supervisor', kind: 'webhook', to: [], language: null },
            { name: 'Channel 2', kind: 'webhook', to: [], url: 'https://new.example/hook', language: null },
          ],
        },
      },
    ])
    // the page's settings were fetched again, and the form took the server's view of the new channel
    expect(seen.gets).toBeGreaterThan(gets)
    expect(screen.getByLabelText('Address (saved: new.example; type to replace)')).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Send a test alert to Channel 2' })).toBeEnabled()
    expect(sessionStorage.getItem('stitchboard.admin-token')).toBe(ADMIN)
  })

  test('a refused save says the server’s words next to the button and keeps the edits', async () => {
    const seen = serveSettings(() =>
      HttpResponse.json({ error: 'The admin token is not the one the server has' }, { status: 403 }),
    )
    renderWithProviders(<AlertsPage />)
    await screen.findByRole('heading', { name: 'Channels' })
    await userEvent.click(screen.getByRole('checkbox', { name: 'Quiet hours (no sound on the dashboards)' }))
    await userEvent.type(screen.getByLabelText('Admin token'), 'not-the-admin-token-000')
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }))

    const form = screen.getByRole('form', { name: 'Alert settings' })
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The admin token is not the one the server has',
    )
    expect(within(form).queryByRole('status')).toBeNull()
    expect(seen.posts).toHaveLength(1)
    expect(screen.getByLabelText('Quiet from')).toHaveValue('22:00')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled())
    expect(sessionStorage.getItem('stitchboard.admin-token')).toBeNull()
  })

  test('the number fields, one per watched state in the board’s words, take fractions, keep their floors and save numbers', async () => {
    const seen = serveSettings((body) => HttpResponse.json({ settings: body }))
    renderWithProviders(<AlertsPage />)
    await screen.findByRole('heading', { name: 'Channels' })
    const budget = screen.getByRole('spinbutton', { name: 'Alarm budget (alerts an hour)' })
    expect(budget).toHaveAttribute('min', '1')
    expect(budget).toHaveAttribute('step', 'any')
    for (const state of ['Thread break', 'Error', 'Not reporting', 'Unknown status'])
      expect(
        screen.getByRole('spinbutton', { name: `${state} for longer than (minutes)` }),
      ).toBeInTheDocument()
    const stopped = screen.getByRole('spinbutton', { name: 'Stopped for longer than (minutes)' })
    expect(stopped).toHaveAttribute('min', '0')
    await userEvent.clear(stopped)
    await userEvent.type(stopped, '0.2')
    await userEvent.type(screen.getByLabelText('Admin token'), ADMIN)
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }))
    await waitFor(() => expect(seen.posts).toHaveLength(1))
    const body = seen.posts[0]!.body as AlertSettings
    expect(body.rules.state.minutes.stopped).toBe(0.2)
    expect(body.alertsPerHour).toBe(6)
  })

  test('a test alert is sent with the admin token and says it is queued, or the server’s words why not', async () => {
    serveSettings(() => HttpResponse.json({ error: 'unexpected' }, { status: 500 }))
    const tests: Array<string | null> = []
    let answer = () => HttpResponse.json({ queued: true })
    mswServer.use(
      http.post('/api/alerts/channels/sup/test', ({ request }) => {
        tests.push(request.headers.get('Authorization'))
        return answer()
      }),
    )
    renderWithProviders(<AlertsPage />)
    await screen.findByRole('heading', { name: 'Channels' })
    const button = screen.getByRole('button', { name: 'Send a test alert to Supervisor' })
    expect(button).toBeDisabled()
    await userEvent.type(screen.getByLabelText('Admin token'), ADMIN)
    await userEvent.click(button)
    const channel = button.closest('li')!
    await waitFor(() =>
      expect(within(channel).getByRole('status')).toHaveTextContent(
        'Test queued: see the last delivery below in a few seconds.',
      ),
    )
    expect(tests).toEqual([`Bearer ${ADMIN}`])

    answer = () =>
      HttpResponse.json({ error: 'The admin token is not the one the server has' }, { status: 403 })
    await userEvent.click(button)
    await waitFor(() =>
      expect(within(channel).getByRole('status')).toHaveTextContent(
        'The admin token is not the one the server has',
      ),
    )
    expect(tests).toHaveLength(2)
  })

  test('without ADMIN_TOKEN on the server the settings are read-only and cannot be saved', async () => {
    serveSettings(() => HttpResponse.json({ error: 'unexpected' }, { status: 500 }), { canChange: false })
    renderWithProviders(<AlertsPage />)
    expect(
      await screen.findByText(/These settings are read-only: the server has no ADMIN_TOKEN/),
    ).toBeInTheDocument()
    expect(screen.queryByLabelText('Admin token')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull()
  })
})
