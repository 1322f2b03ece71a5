import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, test } from 'vitest'
import { serveAppConfig } from '../../../test/app-config'
import { FIXED_NOW } from '../../../test/demo-client'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import { buildVendorMachine } from '../../../test/vendor-fixtures'
import type { StopSettingsPage as PageAnswer } from '../../api/stops/stops'
import { defaultStopSettings, type PlannedStop, type StopSettings } from '../../lib/stop-reasons'
import { StopSettingsPage } from './settings-page'

const ADMIN = 'stops-test-admin-token-0123'
const HOUR = 3_600_000
const defaults = defaultStopSettings()

/** The test server keeps no history (its /api/stops answers 503), so the stops' routes are served here:
 * GET answers the page; the POSTs record what they got, with its Authorization, and answer as the server. */
function serveStops({
  settings = defaults,
  planned = [] as PlannedStop[],
  canChange = true,
  canPlan = canChange,
  saveAnswer,
}: {
  settings?: StopSettings
  planned?: PlannedStop[]
  canChange?: boolean
  canPlan?: boolean
  saveAnswer?: () => Response
} = {}) {
  let page: PageAnswer = { settings, planned, canChange, canPlan }
  const seen = {
    gets: 0,
    saves: [] as Array<{ body: unknown; authorization: string | null }>,
    added: [] as Array<{ body: unknown; authorization: string | null }>,
    cancelled: [] as Array<{ id: string; body: unknown; authorization: string | null }>,
  }
  mswServer.use(
    http.get('/api/stops/settings', () => {
      seen.gets++
      return HttpResponse.json(page)
    }),
    http.post('/api/stops/settings', async ({ request }) => {
      const body = (await request.json()) as { settings: StopSettings }
      seen.saves.push({ body, authorization: request.headers.get('Authorization') })
      if (saveAnswer) return saveAnswer()
      page = { ...page, settings: body.settings }
      return HttpResponse.json({ settings: body.settings })
    }),
    http.post('/api/stops/planned', async ({ request }) => {
      seen.added.push({ body: await request.json(), authorization: request.headers.get('Authorization') })
      return HttpResponse.json({ id: 42 })
    }),
    http.post('/api/stops/planned/:id/cancel', async ({ request, params }) => {
      const id = String(params.id)
      seen.cancelled.push({
        id,
        body: await request.json(),
        authorization: request.headers.get('Authorization'),
      })
      page = { ...page, planned: page.planned.filter((p) => String(p.id) !== id) }
      return HttpResponse.json({ cancelled: Number(id) })
    }),
    http.get('/api/machines', () =>
      HttpResponse.json({
        data: [
          buildVendorMachine({ machine_id: 'n1', alias: 'North 01', id_location: 1 }),
          buildVendorMachine({ machine_id: 's1', alias: 'South 01', id_location: 2 }),
        ],
      }),
    ),
  )
  return seen
}

const renderPage = async () => {
  renderWithProviders(<StopSettingsPage />, { path: '/stops/settings' })
  await screen.findByRole('heading', { name: 'Reasons' })
}
const category = (name: string) => screen.getByRole('region', { name })
const reason = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name} ·`) })
const typeWho = async () => {
  await userEvent.type(screen.getByLabelText('Your name'), 'Ana')
  await userEvent.type(screen.getByLabelText('Admin token'), ADMIN)
}

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
  serveAppConfig({})
})

describe('the stop settings page', () => {
  test('shows the reasons by category, in the product’s words or the factory’s, with how many are in use', async () => {
    const settings = structuredClone(defaults)
    settings.reasons.find((r) => r.id === 'no-order')!.name = 'Kein Auftrag da'
    settings.reasons.find((r) => r.id === 'hooping')!.retired = true
    serveStops({ settings })
    await renderPage()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Stop reasons and planned stops')
    const planned = within(category('Planned'))
    expect(planned.getByRole('group', { name: 'Break or meal · planned' })).toBeInTheDocument()
    expect(planned.getByRole('group', { name: 'Kein Auftrag da · planned' })).toBeInTheDocument()
    expect(
      within(category('Machine')).getByRole('group', { name: 'Needle break · unplanned' }),
    ).toBeInTheDocument()
    // a retired reason stays listed and says so in words, with its checkbox ticked
    const hooping = within(category('Changeover')).getByRole('group', {
      name: 'Hooping and loading · unplanned · retired',
    })
    expect(within(hooping).getByRole('checkbox', { name: 'Retired' })).toBeChecked()
    expect(within(hooping).getByLabelText('Name')).toHaveAttribute('placeholder', 'Hooping and loading')
    expect(screen.getByText('17 of 25 reasons in use')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /delete/i })).toBeNull()
  })

  test('saves the changed settings with the name and the admin token, then says so', async () => {
    const seen = serveStops()
    await renderPage()
    await userEvent.type(within(reason('Needle break')).getByLabelText('Name'), 'Broken needle')
    await userEvent.click(within(reason('Meeting')).getByRole('checkbox', { name: 'Retired' }))
    await userEvent.type(screen.getByLabelText('New reason in “Material”'), 'Waiting for thread{Enter}')
    const threshold = screen.getByRole('spinbutton', { name: /Stops shorter than this need no reason/ })
    await userEvent.clear(threshold)
    await userEvent.type(threshold, '3')
    await userEvent.click(screen.getByRole('button', { name: 'Add a rule' }))
    const rule = screen.getByRole('group', { name: 'Rule 1' })
    await userEvent.type(within(rule).getByLabelText('Status code'), '9')
    await userEvent.selectOptions(within(rule).getByLabelText('Reason'), 'Machine fault or repair')
    await userEvent.click(screen.getByRole('button', { name: 'Add a break' }))
    const pause = screen.getByRole('group', { name: 'Break 1' })
    await userEvent.selectOptions(within(pause).getByLabelText('Shift'), 'Late')
    fireEvent.change(within(pause).getByLabelText('From'), { target: { value: '18:00' } })
    fireEvent.change(within(pause).getByLabelText('Till'), { target: { value: '18:30' } })
    // only planned reasons in use are offered for a break
    const breakReasons = within(within(pause).getByLabelText('Reason')).getAllByRole('option')
    expect(breakReasons.map((o) => o.textContent)).toEqual([
      'Break or meal',
      'Shift handover',
      'Planned maintenance',
      'No order',
    ])
    await typeWho()
    await userEvent.click(screen.getByRole('button', { name: 'Save reasons' }))

    const form = screen.getByRole('form', { name: 'Reasons’ settings' })
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Saved. New stops follow these settings.',
    )
    expect(seen.saves).toHaveLength(1)
    expect(seen.saves[0]!.authorization).toBe(`Bearer ${ADMIN}`)
    expect(seen.saves[0]!.body).toEqual({
      by: 'Ana',
      settings: {
        ...defaults,
        reasons: [
          ...defaults.reasons.map((r) =>
            r.id === 'needle-break'
              ? { ...r, name: 'Broken needle' }
              : r.id === 'meeting'
                ? { ...r, retired: true }
                : r,
          ),
          {
            id: 'waiting-for-thread',
            category: 'material',
            name: 'Waiting for thread',
            planned: false,
            colour: expect.stringMatching(/^#[0-9a-f]{6}$/),
            pattern: 'solid',
            needsComment: false,
            retired: false,
          },
        ],
        thresholdMinutes: 3,
        codeReasons: [{ code: 9, reason: 'machine-fault' }],
        breaks: [{ shift: 'Late', from: '18:00', till: '18:30', reason: 'break' }],
      },
    })
    expect(sessionStorage.getItem('stitchboard.admin-token')).toBe(ADMIN)
    expect(
      within(category('Material')).getByRole('group', { name: 'Waiting for thread · unplanned' }),
    ).toBeInTheDocument()
  })

  test('a server’s refusal is shown in its words', async () => {
    serveStops({
      saveAnswer: () =>
        HttpResponse.json({ error: 'The admin token is not the one the server has' }, { status: 403 }),
    })
    await renderPage()
    await typeWho()
    await userEvent.click(screen.getByRole('button', { name: 'Save reasons' }))
    const form = screen.getByRole('form', { name: 'Reasons’ settings' })
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The admin token is not the one the server has',
    )
    expect(sessionStorage.getItem('stitchboard.admin-token')).toBeNull()
  })

  test('more than 25 reasons in use are refused before sending; retiring one lets the save go', async () => {
    const settings = structuredClone(defaults)
    for (let n = 1; n <= 7; n++)
      settings.reasons.push({ ...settings.reasons[0]!, id: `extra-${n}`, name: `Extra ${n}`, planned: false })
    const seen = serveStops({ settings })
    await renderPage()
    expect(screen.getByText('25 of 25 reasons in use')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('New reason in “Other”'), 'Power cut')
    await userEvent.click(within(category('Other')).getByRole('button', { name: 'Add reason' }))
    expect(screen.getByText(/26 of 25 reasons in use/)).toBeInTheDocument()
    await typeWho()
    await userEvent.click(screen.getByRole('button', { name: 'Save reasons' }))
    const form = screen.getByRole('form', { name: 'Reasons’ settings' })
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'At most 25 reasons can be in use: retire 1 reason before saving.',
    )
    expect(seen.saves).toEqual([])

    await userEvent.click(within(reason('Extra 1')).getByRole('checkbox', { name: 'Retired' }))
    expect(within(form).queryByRole('alert')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Save reasons' }))
    await waitFor(() => expect(seen.saves).toHaveLength(1))
  })

  test('without a name the save asks for it and sends nothing', async () => {
    const seen = serveStops()
    await renderPage()
    await userEvent.type(screen.getByLabelText('Admin token'), ADMIN)
    await userEvent.click(screen.getByRole('button', { name: 'Save reasons' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Type your name and the admin token first.')
    expect(screen.getByLabelText('Your name')).toHaveFocus()
    expect(seen.saves).toEqual([])
  })

  test('a planned stop is added with its start and end read as the factory’s time', async () => {
    const seen = serveStops()
    await renderPage()
    await typeWho()
    const add = screen.getByRole('form', { name: 'Add a planned stop' })
    await userEvent.selectOptions(within(add).getByLabelText('Where'), 'Hall North')
    await userEvent.selectOptions(within(add).getByLabelText('Reason'), 'Planned maintenance')
    // the end before the start is refused here
    fireEvent.change(within(add).getByLabelText('Start'), { target: { value: '2026-11-20T06:00' } })
    fireEvent.change(within(add).getByLabelText('End'), { target: { value: '2026-11-20T05:00' } })
    await userEvent.click(within(add).getByRole('button', { name: 'Add planned stop' }))
    expect(within(add).getByRole('alert')).toHaveTextContent('The end must be after the start.')
    // and so is a stop longer than 14 days
    fireEvent.change(within(add).getByLabelText('End'), { target: { value: '2026-12-04T06:01' } })
    await userEvent.click(within(add).getByRole('button', { name: 'Add planned stop' }))
    expect(within(add).getByRole('alert')).toHaveTextContent('A planned stop lasts at most 14 days.')
    expect(seen.added).toEqual([])

    fireEvent.change(within(add).getByLabelText('End'), { target: { value: '2026-11-20T14:00' } })
    await userEvent.type(within(add).getByLabelText('Note (optional)'), 'Needle service')
    await userEvent.click(within(add).getByRole('button', { name: 'Add planned stop' }))
    expect(await within(add).findByRole('status')).toHaveTextContent('Planned stop added.')
    // Europe/Berlin is UTC+1 in November
    expect(seen.added).toEqual([
      {
        authorization: `Bearer ${ADMIN}`,
        body: {
          scope: { kind: 'location', id: 1 },
          reason: 'planned-maintenance',
          from: Date.UTC(2026, 10, 20, 5, 0),
          till: Date.UTC(2026, 10, 20, 13, 0),
          note: 'Needle service',
          by: 'Ana',
        },
      },
    ])
    // the token is kept for the tab once a change with it worked, the name for the browser
    expect(sessionStorage.getItem('stitchboard.admin-token')).toBe(ADMIN)
    expect(localStorage.getItem('stitchboard.on-it-name')).toBe('Ana')
  })

  test('the coming planned stops are listed and one is cancelled with the name and the token', async () => {
    const stop = (id: number, from: number, till: number, scope: PlannedStop['scope']): PlannedStop => ({
      id,
      scope,
      reason: 'planned-maintenance',
      from,
      till,
      note: id === 7 ? 'Oil change' : null,
      by: 'Ben',
      at: FIXED_NOW - 86_400_000,
    })
    const seen = serveStops({
      planned: [
        stop(7, FIXED_NOW + HOUR, FIXED_NOW + 2 * HOUR, { kind: 'machine', id: 's1' }),
        stop(8, FIXED_NOW - 3 * HOUR, FIXED_NOW - 2 * HOUR, { kind: 'all' }),
      ],
    })
    await renderPage()
    const section = screen.getByRole('region', { name: 'Planned stops' })
    const items = await within(section).findAllByRole('listitem')
    expect(items).toHaveLength(1)
    await waitFor(() => expect(items[0]).toHaveTextContent('Planned maintenance · South 01'))
    // 10:30 UTC is 11:30 in Berlin: an hour later, factory time
    expect(items[0]).toHaveTextContent(/12:30 – 13:30/)
    expect(items[0]).toHaveTextContent('Oil change')
    expect(items[0]).toHaveTextContent('Entered by Ben')
    await typeWho()
    await userEvent.click(
      within(items[0]!).getByRole('button', { name: /^Cancel the planned stop Planned maintenance/ }),
    )
    expect(await within(section).findByRole('status')).toHaveTextContent('The planned stop is cancelled.')
    expect(seen.cancelled).toEqual([{ id: '7', body: { by: 'Ana' }, authorization: `Bearer ${ADMIN}` }])
    await waitFor(() =>
      expect(within(section).getByText('No planned stops now or to come.')).toBeInTheDocument(),
    )
  })

  test('without ADMIN_TOKEN on the server everything is read-only', async () => {
    serveStops({
      canChange: false,
      planned: [
        {
          id: 7,
          scope: { kind: 'all' },
          reason: 'break',
          from: FIXED_NOW + HOUR,
          till: FIXED_NOW + 2 * HOUR,
          note: null,
          by: 'Ben',
          at: FIXED_NOW,
        },
      ],
    })
    await renderPage()
    expect(
      screen.getByText(/These settings are read-only: the server has no ADMIN_TOKEN/),
    ).toBeInTheDocument()
    expect(within(reason('Break or meal')).getByLabelText('Name')).toBeDisabled()
    expect(within(reason('Break or meal')).getByRole('checkbox', { name: 'Retired' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Add a rule' })).toBeDisabled()
    expect(screen.queryByLabelText('Admin token')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save reasons' })).toBeNull()
    expect(screen.getByText(/Break or meal · All machines/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Cancel/ })).toBeNull()
    expect(screen.queryByRole('form', { name: 'Add a planned stop' })).toBeNull()
  })

  test('a supervisor plans stops; the reasons and their rules stay an administrator’s, and the page says so', async () => {
    const seen = serveStops({ canChange: false, canPlan: true })
    mswServer.use(
      http.get('/api/auth/me', () =>
        HttpResponse.json({
          accounts: true,
          ready: true,
          person: {
            id: 2,
            login: 'sue',
            name: 'Sue Supervisor',
            role: 'supervisor',
            locations: [],
            active: true,
            createdAt: FIXED_NOW,
            createdBy: 'Pia',
          },
          adminToken: false,
          oidc: null,
          device: null,
        }),
      ),
    )
    await renderPage()
    expect(
      await screen.findByText(/Only an administrator changes the reasons, the threshold, the code rules/),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Planned stops need a supervisor/)).toBeNull()
    expect(within(reason('Break or meal')).getByLabelText('Name')).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Save reasons' })).toBeNull()
    expect(screen.queryByLabelText('Admin token')).toBeNull()
    expect(screen.getByRole('form', { name: 'Add a planned stop' })).toBeInTheDocument()
    expect(seen.saves).toEqual([])
  })
})
