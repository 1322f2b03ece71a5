import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { FIXED_NOW } from '../../../test/demo-client'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import type { Alert } from '../../lib/domain'
import AlertBar from './alert-bar'

const MIN = 60_000
const alert = (id: number, changes: Partial<Alert> = {}): Alert => ({
  id,
  rule: 'state',
  machineId: `M${id}`,
  machineName: `North 0${id}`,
  cause: 'Stopped',
  detail: `North 0${id}: stopped since`,
  what: null,
  since: FIXED_NOW - 14 * MIN,
  raisedAt: FIXED_NOW - 4 * MIN - id,
  level: 0,
  acknowledgedAt: null,
  acknowledgedBy: null,
  okSince: null,
  clearedAt: null,
  ...changes,
})

/** Issue 19: the alert bar at the foot of every page, against the server's answers (MSW). */
describe('the alert bar', () => {
  test('what, since when, and "I\'m on it" with a name that the server keeps', async () => {
    let list = [alert(1), alert(2, { acknowledgedAt: FIXED_NOW - MIN, acknowledgedBy: 'Ben' })]
    const posted: unknown[] = []
    mswServer.use(
      http.get('/api/alerts', () =>
        HttpResponse.json({ available: true, at: FIXED_NOW, alerts: list, quietHours: null }),
      ),
      http.post('/api/alerts/1/acknowledge', async ({ request }) => {
        const body = (await request.json()) as { name: string }
        posted.push(body)
        list = list.map((a) =>
          a.id === 1 ? { ...a, acknowledgedAt: Date.now(), acknowledgedBy: body.name } : a,
        )
        return HttpResponse.json({ alert: list[0] })
      }),
    )
    renderWithProviders(<AlertBar />)
    const bar = await screen.findByRole('region', { name: 'Alerts' })
    expect(within(bar).getByRole('heading')).toHaveTextContent('2 alerts, 1 without anyone on it')
    const [first, second] = within(bar).getAllByRole('listitem')
    // the one nobody is on first; times in the factory's zone (Europe/Berlin: 10:30 UTC is 11:30)
    expect(first).toHaveTextContent('Needs someoneNorth 01 — Stoppedsince 11:16 (14 min)I’m on it')
    expect(second).toHaveTextContent('On itNorth 02 — Stoppedsince 11:16 (14 min)Ben is on it since 11:29')
    expect(within(first!).getByRole('link', { name: 'North 01' })).toHaveAttribute('href', '/machines/M1')
    await userEvent.click(within(first!).getByRole('button', { name: 'I’m on it: North 01, Stopped' }))
    await userEvent.type(within(first!).getByLabelText('Your name'), 'Ana')
    await userEvent.click(within(first!).getByRole('button', { name: 'I’m on it' }))
    await waitFor(() => expect(within(bar).getByText(/^Ana is on it since/)).toBeInTheDocument())
    expect(posted).toEqual([{ name: 'Ana' }])
    expect(within(bar).getByRole('heading')).toHaveTextContent('2 alerts')
    // the name is kept in this browser for the next time
    expect(localStorage.getItem('stitchboard.on-it-name')).toBe('Ana')
  })

  test('on an enrolled floor device "I\'m on it" asks for the PIN, and a wrong one is said so', async () => {
    const list = [alert(1)]
    const posted: unknown[] = []
    const device = {
      id: 1,
      kind: 'floor',
      name: 'Tablet Hall North',
      locationId: 1,
      createdAt: 0,
      createdBy: 'Sue',
    }
    mswServer.use(
      http.get('/api/auth/me', () =>
        HttpResponse.json({
          accounts: true,
          ready: true,
          person: null,
          adminToken: false,
          oidc: null,
          device: {
            ...device,
            enrolledAt: 0,
            seenAt: 0,
            address: '',
            revokedAt: null,
            revokedBy: null,
            pinLocked: false,
            codeExpiresAt: null,
          },
        }),
      ),
      http.get('/api/alerts', () =>
        HttpResponse.json({ available: true, at: FIXED_NOW, alerts: list, quietHours: null }),
      ),
      http.post('/api/alerts/1/acknowledge', async ({ request }) => {
        posted.push(await request.json())
        return HttpResponse.json({ error: 'This PIN is not right', reason: 'pin', left: 4 }, { status: 401 })
      }),
    )
    renderWithProviders(<AlertBar />)
    const bar = await screen.findByRole('region', { name: 'Alerts' })
    const [first] = within(bar).getAllByRole('listitem')
    await userEvent.click(within(first!).getByRole('button', { name: 'I’m on it: North 01, Stopped' }))
    const pin = await within(first!).findByLabelText('Your PIN on Tablet Hall North')
    expect(pin).toHaveAttribute('type', 'password')
    await userEvent.type(pin, '0000')
    await userEvent.click(within(first!).getByRole('button', { name: 'I’m on it' }))
    await within(first!).findByText('This PIN is not right, or may not do this.')
    expect(posted).toEqual([{ name: '', pin: '0000' }])
    // the device asks for no typed name: the PIN says who
    expect(within(first!).queryByLabelText('Your name')).toBeNull()
  })

  test('a refused acknowledgement says why and keeps the button', async () => {
    mswServer.use(
      http.get('/api/alerts', () =>
        HttpResponse.json({ available: true, at: FIXED_NOW, alerts: [alert(3)], quietHours: null }),
      ),
      http.post('/api/alerts/3/acknowledge', () =>
        HttpResponse.json({ error: 'This alert is already cleared' }, { status: 409 }),
      ),
    )
    renderWithProviders(<AlertBar />)
    const bar = await screen.findByRole('region', { name: 'Alerts' })
    await userEvent.click(within(bar).getByRole('button', { name: /^I’m on it: North 03/ }))
    const name = within(bar).getByLabelText('Your name')
    await userEvent.clear(name)
    await userEvent.type(name, 'Ana')
    await userEvent.click(within(bar).getByRole('button', { name: 'I’m on it' }))
    expect(await within(bar).findByRole('alert')).toHaveTextContent('This alert is already cleared')
  })

  test('nothing at all without alerts, and nothing on a server without them', async () => {
    mswServer.use(
      http.get('/api/alerts', () =>
        HttpResponse.json({ available: false, reason: 'no history', alerts: [] }),
      ),
    )
    const { queryClient } = renderWithProviders(<AlertBar />)
    await waitFor(() => expect(queryClient.getQueryData(['alerts'])).toBeDefined())
    expect(screen.queryByRole('region', { name: 'Alerts' })).toBeNull()
  })

  test('an order late or at risk is not called out over every page: the machines are', async () => {
    const order = alert(7, {
      rule: 'orders',
      machineId: 'order-7',
      machineName: 'PO-24117',
      what: { rule: 'orders', customer: 'FC Heimat', late: true, marginMinutes: -180 },
    })
    mswServer.use(
      http.get('/api/alerts', () =>
        HttpResponse.json({ available: true, at: FIXED_NOW, alerts: [order, alert(1)], quietHours: null }),
      ),
    )
    renderWithProviders(<AlertBar />)
    const bar = await screen.findByRole('region', { name: 'Alerts' })
    expect(within(bar).getByRole('heading')).toHaveTextContent(/^⚠ 1 alert$/)
    expect(within(bar).queryByText('PO-24117')).toBeNull()
  })
})
