import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, test } from 'vitest'
import { FIXED_NOW } from '../../../test/demo-client'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import { buildVendorBreak } from '../../../test/vendor-fixtures'
import type { StopPart } from '../../lib/stop-parts'
import { defaultStopSettings } from '../../lib/stop-reasons'
import { ExplainPage } from './explain-page'

const MIN = 60_000
const part = (machineId: string, minutesAgo: number, minutes: number, ongoing = false): StopPart => ({
  machineId,
  start: FIXED_NOW - minutesAgo * MIN,
  end: FIXED_NOW - (minutesAgo - minutes) * MIN,
  ongoing,
  stopStart: FIXED_NOW - minutesAgo * MIN,
  codes: [2],
  atLeast: false,
  reason: null,
  source: null,
  by: null,
  givenAt: null,
  comment: null,
  plannedUntil: null,
})

/** The server's stop routes: the parts of the shift, the settings, and what each POST got. */
function serveStops(parts: StopPart[], answer: (body: Record<string, unknown>) => Response = okAnswer) {
  const posts: Array<Record<string, unknown>> = []
  mswServer.use(
    http.get('/api/stops/parts', () =>
      HttpResponse.json({ from: FIXED_NOW - 8 * 60 * MIN, till: FIXED_NOW, thresholdMinutes: 5, parts }),
    ),
    http.get('/api/stops/settings', () =>
      HttpResponse.json({ settings: defaultStopSettings(), planned: [], canChange: false }),
    ),
    http.post('/api/stops/reason', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      posts.push(body)
      return answer(body)
    }),
  )
  return posts
}
const okAnswer = (body: Record<string, unknown>) =>
  HttpResponse.json({
    part: {
      ...part(String(body.machineId), 30, 30, true),
      reason: body.reason,
      source: 'person',
      by: body.by,
    },
    replaced: null,
  })

beforeEach(() => localStorage.clear())

describe('stops to explain', () => {
  test('lists the stops without a reason newest first; two taps give one, the name asked once', async () => {
    const posts = serveStops([
      part('M-old', 120, 20),
      part('M-new', 14, 14, true),
      { ...part('M-short', 60, 3) },
    ])
    renderWithProviders(<ExplainPage />, { path: '/stops/explain' })
    const list = await screen.findByRole('list', { name: '2\u00a0stops without a reason' })
    const items = within(list).getAllByRole('button')
    expect(items.map((b) => b.textContent)).toEqual([
      expect.stringContaining('M-new'),
      expect.stringContaining('M-old'),
    ])
    // the short stop asks nothing
    expect(screen.queryByText('M-short')).toBeNull()
    const user = userEvent.setup()
    await user.click(items[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Why did M-new stand?' })
    expect(within(dialog).getByText(/Standing since .* · 14 min/)).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Your name'), 'Ana')
    await user.click(within(dialog).getByRole('button', { name: 'Waiting for garments' }))
    await waitFor(() => expect(posts).toHaveLength(1))
    expect(posts[0]).toEqual({
      machineId: 'M-new',
      start: FIXED_NOW - 14 * MIN,
      reason: 'waiting-garments',
      comment: null,
      by: 'Ana',
      seen: null,
    })
    expect(await screen.findByText('M-new: “Waiting for garments” given.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
    // the name is kept in this browser: the next stop is two taps
    await user.click(screen.getAllByRole('button', { name: /M-old/ })[0]!)
    const next = await screen.findByRole('dialog', { name: 'Why did M-old stand?' })
    expect(within(next).queryByLabelText('Your name')).toBeNull()
    expect(within(next).getByText('Given as Ana.')).toBeInTheDocument()
  })

  test('a reason that needs a comment asks for it; the server’s refusal is shown in its words', async () => {
    const posts = serveStops([part('M-1', 20, 20, true)], () =>
      HttpResponse.json({ error: 'This reason needs a comment: say what happened' }, { status: 400 }),
    )
    localStorage.setItem('stitchboard.on-it-name', 'Ben')
    renderWithProviders(<ExplainPage />, { path: '/stops/explain' })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /M-1/ }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Other' }))
    expect(posts).toHaveLength(0)
    await user.type(within(dialog).getByLabelText(/What happened\?/), '<b>power cut</b>')
    await user.click(within(dialog).getByRole('button', { name: 'Give reason' }))
    await waitFor(() => expect(posts).toHaveLength(1))
    expect(posts[0]).toMatchObject({ reason: 'other', comment: '<b>power cut</b>', by: 'Ben' })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This reason needs a comment')
  })

  test('two people at once: the screen whose reason replaced another says whose', async () => {
    serveStops([part('M-1', 20, 20, true)], (body) =>
      HttpResponse.json({
        part: { ...part('M-1', 20, 20, true), reason: body.reason, source: 'person', by: body.by },
        replaced: {
          machineId: 'M-1',
          start: FIXED_NOW - 20 * MIN,
          reason: 'no-operator',
          comment: null,
          by: 'Chen',
          at: FIXED_NOW - MIN,
        },
      }),
    )
    localStorage.setItem('stitchboard.on-it-name', 'Ben')
    renderWithProviders(<ExplainPage />, { path: '/stops/explain' })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /M-1/ }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Waiting for hoops or frames' }))
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      /Chen had given “No operator” at .*; your reason replaced it/,
    )
  })
})

test('a stop during which a maintenance task was signed off on its machine offers planned maintenance first', async () => {
  const posts = serveStops([part('M-new', 14, 14, true)])
  mswServer.use(
    http.get('/api/maintenance', () =>
      HttpResponse.json({
        available: true,
        tasks: [
          {
            id: 1,
            name: 'Oil the rotary hooks',
            scope: { all: true },
            per: 'machine',
            interval: { kind: 'hours', value: 4 },
            note: '',
            version: 1,
            updatedAt: 0,
            updatedBy: 'stitchboard',
          },
        ],
        entries: [],
        done: [
          {
            id: 7,
            taskId: 1,
            machineId: 'M-new',
            head: null,
            at: FIXED_NOW - 5 * MIN,
            by: 'Ana',
            note: '',
            counted: true,
          },
        ],
        canChange: false,
        canSignOff: true,
      }),
    ),
  )
  localStorage.setItem('stitchboard.on-it-name', 'Jonas')
  renderWithProviders(<ExplainPage />, { path: '/stops/explain' })
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: /M-new/ }))
  const dialog = await screen.findByRole('dialog', { name: 'Why did M-new stand?' })
  const suggested = await within(dialog).findByRole('region', { name: 'Suggested' })
  expect(suggested).toHaveTextContent(
    /Ana signed off “Oil the rotary hooks” at \d\d:\d\d, during this stop\./,
  )
  // one tap confirms it
  await user.click(within(suggested).getByRole('button', { name: /Planned maintenance/ }))
  await waitFor(() =>
    expect(posts).toEqual([
      expect.objectContaining({ machineId: 'M-new', reason: 'planned-maintenance', by: 'Jonas' }),
    ]),
  )
})

test('a stop just after a run of breaks on one needle offers a thread-break repair first, with the run', async () => {
  const posts = serveStops([part('M-new', 14, 14, true)])
  const asked: string[] = []
  mswServer.use(
    http.get('/api/reports/threadbreaks-by-machine', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('machineIds') ?? '')
      // needle 7 on heads 2, 5 and 2 again, in the 8 minutes before the stop began; needle 3 once
      const at = (minutesBefore: number) => FIXED_NOW - (14 + minutesBefore) * MIN
      return HttpResponse.json({
        data: [
          buildVendorBreak({ id_machine: 'M-new', needle: 7, head: 2, timestamp: at(1) }),
          buildVendorBreak({ id_machine: 'M-new', needle: 3, head: 4, timestamp: at(3) }),
          buildVendorBreak({ id_machine: 'M-new', needle: 7, head: 5, timestamp: at(4) }),
          buildVendorBreak({ id_machine: 'M-new', needle: 7, head: 2, timestamp: at(9) }),
        ],
      })
    }),
  )
  localStorage.setItem('stitchboard.on-it-name', 'Jonas')
  renderWithProviders(<ExplainPage />, { path: '/stops/explain' })
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: /M-new/ }))
  const dialog = await screen.findByRole('dialog', { name: 'Why did M-new stand?' })
  const suggested = await within(dialog).findByRole('region', { name: 'Suggested' })
  expect(suggested).toHaveTextContent(
    /^Suggested.*Needle 7 broke 3\stimes in 8\sminutes just before this stop\.$/,
  )
  expect(asked).toEqual(['M-new'])
  await user.click(within(suggested).getByRole('button', { name: /Thread-break repair/ }))
  await waitFor(() =>
    expect(posts).toEqual([
      expect.objectContaining({ machineId: 'M-new', reason: 'thread-break-repair', by: 'Jonas' }),
    ]),
  )
})
