import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, test } from 'vitest'
import { serveAppConfig } from '../../../test/app-config'
import { FIXED_NOW } from '../../../test/demo-client'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import { buildVendorMachine } from '../../../test/vendor-fixtures'
import type { TargetRow } from '../../lib/plan-targets'
import { TargetsPage } from './targets-page'

const ADMIN = 'plan-test-admin-token-0123'
const DAY = 86_400_000

const row = (id: number, daysAgo: number, changes: Partial<TargetRow> = {}): TargetRow => ({
  id,
  shift: 'Early',
  weekday: null,
  scope: { kind: 'all' },
  pieces: null,
  stitches: null,
  validFrom: FIXED_NOW - daysAgo * DAY,
  by: 'Ben',
  at: FIXED_NOW - daysAgo * DAY,
  ...changes,
})

/** The test server keeps no history (its /api/plan/targets answers no targets), so the targets are served
 * here: GET answers the rows; POST records what it got, with its Authorization, and answers as the server
 * (the new row valid from now), or as `refuse` says. */
function serveTargets({
  targets = [] as TargetRow[],
  canChange = true,
  refuse,
}: {
  targets?: TargetRow[]
  canChange?: boolean
  refuse?: () => Response
} = {}) {
  let rows = [...targets]
  const seen = { gets: 0, posts: [] as Array<{ body: unknown; authorization: string | null }> }
  mswServer.use(
    http.get('/api/plan/targets', () => {
      seen.gets++
      return HttpResponse.json({ targets: rows, canChange })
    }),
    http.post('/api/plan/targets', async ({ request }) => {
      const body = (await request.json()) as Omit<TargetRow, 'id' | 'validFrom' | 'at'>
      seen.posts.push({ body, authorization: request.headers.get('Authorization') })
      if (refuse) return refuse()
      const saved: TargetRow = { ...body, id: rows.length + 100, validFrom: Date.now(), at: Date.now() }
      rows = [...rows, saved]
      return HttpResponse.json({ target: saved })
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
  renderWithProviders(<TargetsPage />, { path: '/pace/targets' })
  await screen.findByRole('heading', { name: 'Targets in force' })
}
const inForce = () => screen.getByRole('region', { name: 'Targets in force' })
const history = () => screen.getByRole('region', { name: 'History of changes' })
const form = () => screen.getByRole('form', { name: 'Set a target' })
const typeWho = async () => {
  await userEvent.type(within(form()).getByLabelText('Your name'), 'Ana')
  await userEvent.type(within(form()).getByLabelText('Admin token'), ADMIN)
}

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
  serveAppConfig({})
})

describe('the targets page', () => {
  test('lists the targets in force with who set them, and every change newest first', async () => {
    serveTargets({
      targets: [
        row(1, 3, { pieces: 1000 }),
        row(2, 1, { pieces: 1200, stitches: 3_000_000, by: 'Ana' }),
        // a Wednesday target for Hall North, removed since: in the history only
        row(3, 2, { shift: 'Late', weekday: 3, scope: { kind: 'location', id: 1 }, pieces: 50 }),
        row(4, 1, { shift: 'Late', weekday: 3, scope: { kind: 'location', id: 1 }, by: 'Cara' }),
        row(5, 2, { shift: 'Night', weekday: 5, scope: { kind: 'machine', id: 's1' }, stitches: 800_000 }),
      ],
    })
    await renderPage()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Targets')
    expect(
      screen.getByText(/A change applies from the moment it is saved, to the running shift too/),
    ).toBeInTheDocument()
    expect(screen.getByText(/50 % of each one’s set speed/)).toBeInTheDocument()

    const items = within(inForce()).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('Early · Every day · All machines')
    expect(items[0]).toHaveTextContent('1,200 pieces · 3,000,000 stitches')
    expect(items[0]).toHaveTextContent(/Set by Ana, Nov 17, 2026, 11:30/)
    await waitFor(() => expect(items[1]).toHaveTextContent('Night · Friday · South 01'))
    expect(items[1]).toHaveTextContent('800,000 stitches')
    expect(items[1]).not.toHaveTextContent('pieces')

    const rows = within(history()).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(5)
    // newest first; a removal says so
    expect(rows[0]).toHaveTextContent(/Late.*Wednesday.*Hall North.*Target removed.*Cara/)
    expect(rows[1]).toHaveTextContent(/Early.*Every day.*All machines.*1,200.*3,000,000.*Ana/)
    expect(rows[4]).toHaveTextContent(/Early.*Every day.*All machines.*1,000.*—.*Ben/)
    expect(screen.queryByRole('button', { name: /^Show all/ })).toBeNull()
  })

  test('sets a target with the name and the admin token, says so and reads the targets again', async () => {
    const seen = serveTargets({ targets: [row(1, 3, { pieces: 1000 })] })
    await renderPage()
    const set = within(form())
    await userEvent.selectOptions(set.getByLabelText('Shift'), 'Late')
    await userEvent.selectOptions(set.getByLabelText('Day'), 'Saturday')
    await waitFor(() => expect(set.getByRole('option', { name: 'Hall South' })).toBeInTheDocument())
    await userEvent.selectOptions(set.getByLabelText('Where'), 'Hall South')
    expect(set.getByText('No target is set for this shift, day and place.')).toBeInTheDocument()
    await userEvent.type(set.getByLabelText('Stitches'), '2 500 000')
    // nothing is sent without the name and the token
    await userEvent.click(set.getByRole('button', { name: 'Save target' }))
    expect(set.getByRole('alert')).toHaveTextContent('Type your name and the admin token first.')
    expect(set.getByLabelText('Your name')).toHaveFocus()
    expect(seen.posts).toEqual([])

    await typeWho()
    const gets = seen.gets
    await userEvent.click(set.getByRole('button', { name: 'Save target' }))
    expect(await set.findByRole('status')).toHaveTextContent(
      'Target saved. It applies from now on, to the running shift too.',
    )
    expect(seen.posts).toEqual([
      {
        authorization: `Bearer ${ADMIN}`,
        body: {
          shift: 'Late',
          weekday: 6,
          scope: { kind: 'location', id: 2 },
          pieces: null,
          stitches: 2_500_000,
          by: 'Ana',
        },
      },
    ])
    expect(seen.gets).toBeGreaterThan(gets)
    await waitFor(() =>
      expect(within(inForce()).getAllByRole('listitem')[1]).toHaveTextContent(
        /Late · Saturday · Hall South.*2,500,000 stitches.*Set by Ana/,
      ),
    )
    expect(set.getByText('In force now: 2,500,000 stitches.')).toBeInTheDocument()
    expect(set.getByLabelText('Stitches')).toHaveValue('')
    // the token is kept for the tab once a change with it worked, the name for the browser
    expect(sessionStorage.getItem('stitchboard.admin-token')).toBe(ADMIN)
    expect(localStorage.getItem('stitchboard.on-it-name')).toBe('Ana')
  })

  test('a target needs a figure; “Remove target” sends neither', async () => {
    const seen = serveTargets({ targets: [row(1, 3, { pieces: 1000 })] })
    await renderPage()
    const set = within(form())
    await typeWho()
    await userEvent.click(set.getByRole('button', { name: 'Save target' }))
    expect(set.getByRole('alert')).toHaveTextContent('Enter pieces, stitches or both.')
    await userEvent.type(set.getByLabelText('Pieces'), '12.5')
    await userEvent.click(set.getByRole('button', { name: 'Save target' }))
    expect(set.getByRole('alert')).toHaveTextContent(
      'Pieces: enter a whole number from 0 to 1,000,000,000,000.',
    )
    expect(seen.posts).toEqual([])

    expect(set.getByText('In force now: 1,000 pieces.')).toBeInTheDocument()
    await userEvent.click(set.getByRole('button', { name: 'Remove target' }))
    expect(await set.findByRole('status')).toHaveTextContent('Target removed.')
    expect(seen.posts.map((p) => p.body)).toEqual([
      { shift: 'Early', weekday: null, scope: { kind: 'all' }, pieces: null, stitches: null, by: 'Ana' },
    ])
    await waitFor(() =>
      expect(within(inForce()).getByText(/No target is set: every shift is paced/)).toBeInTheDocument(),
    )
  })

  test('a server’s refusal is shown in its words', async () => {
    serveTargets({
      refuse: () =>
        HttpResponse.json(
          { error: 'The target cannot be set: pieces is larger than 1,000,000,000,000' },
          { status: 400 },
        ),
    })
    await renderPage()
    const set = within(form())
    await userEvent.type(set.getByLabelText('Pieces'), '40')
    await typeWho()
    await userEvent.click(set.getByRole('button', { name: 'Save target' }))
    expect(await set.findByRole('alert')).toHaveTextContent(
      'The target cannot be set: pieces is larger than 1,000,000,000,000',
    )
    expect(set.queryByRole('status')).toBeNull()
    expect(sessionStorage.getItem('stitchboard.admin-token')).toBeNull()
  })

  test('without ADMIN_TOKEN on the server the targets are read-only', async () => {
    serveTargets({ canChange: false, targets: [row(1, 3, { pieces: 1000 })] })
    await renderPage()
    expect(
      screen.getByText('Targets are read-only: the server has no ADMIN_TOKEN. Set it to change the targets.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Set a target' })).toBeNull()
    expect(screen.queryByLabelText('Admin token')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save target' })).toBeNull()
    expect(within(inForce()).getByRole('listitem')).toHaveTextContent('1,000 pieces')
    expect(within(history()).getAllByRole('row')).toHaveLength(2)
  })

  test('the history shows the latest 50 changes, and all of them on request', async () => {
    serveTargets({
      canChange: false,
      targets: Array.from({ length: 60 }, (_, i) => row(i + 1, 60 - i, { pieces: i + 1 })),
    })
    await renderPage()
    expect(within(history()).getAllByRole('row')).toHaveLength(51)
    expect(within(history()).getByText('The latest 50 of 60 changes.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Show all 60\u00a0changes' }))
    expect(within(history()).getAllByRole('row')).toHaveLength(61)
    expect(screen.getByRole('button', { name: 'Show the latest 50\u00a0only' })).toBeInTheDocument()
  })
})
