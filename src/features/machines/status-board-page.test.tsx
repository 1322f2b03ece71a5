import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import { buildVendorMachine } from '../../../test/vendor-fixtures'
import { firstScreenTiles, StatusBoardPage } from './status-board-page'

const NOW = Math.floor(Date.now() / 1000)
const iso = (s: number) => new Date((NOW - s) * 1000).toISOString()

const MACHINES = [
  buildVendorMachine({ machine_id: 'a', alias: 'A 10', id_location: 1, status_code: 1, rotation_speed: 850 }),
  buildVendorMachine({ machine_id: 'b', alias: 'A 2', id_location: 1, status_code: 2 }),
  buildVendorMachine({ machine_id: 'c', alias: 'B 1', id_location: 2, status_code: 9 }),
  buildVendorMachine({
    machine_id: 'd',
    alias: 'B 2',
    id_location: 2,
    status_code: 1,
    rotation_speed: 850,
    last_seen: iso(3600),
  }),
]

const names = (region: HTMLElement) =>
  within(region)
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label')!.split(':')[0])

describe('status board', () => {
  test('grouped by location, urgent first, with a summary strip', async () => {
    mswServer.use(http.get('/api/machines', () => HttpResponse.json({ data: MACHINES })))
    renderWithProviders(<StatusBoardPage />, { path: '/machines' })
    const north = await screen.findByRole('region', { name: 'Hall North' })
    expect(names(north)).toEqual(['A 2', 'A 10'])
    expect(names(screen.getByRole('region', { name: 'Hall South' }))).toEqual(['B 1', 'B 2'])
    const summary = screen.getByRole('region', { name: 'Summary' })
    expect(summary).toHaveTextContent('25 % running (1 of 4)')
    expect(summary).toHaveTextContent('Not reporting: 1')
    expect(summary).toHaveTextContent('Thread break: 1')
  })

  test('sort by name, filter by status and location', async () => {
    mswServer.use(http.get('/api/machines', () => HttpResponse.json({ data: MACHINES })))
    renderWithProviders(<StatusBoardPage />, { path: '/machines?sort=name' })
    expect(names(await screen.findByRole('region', { name: 'Hall North' }))).toEqual(['A 2', 'A 10'])
    // the summary's chips filter the board
    await userEvent.click(screen.getByRole('button', { name: 'Running: 1' }))
    expect(screen.getByRole('button', { name: 'Running: 1' })).toHaveAttribute('aria-pressed', 'true')
    expect(names(screen.getByRole('region', { name: 'Hall North' }))).toEqual(['A 10'])
    expect(screen.queryByRole('region', { name: 'Hall South' })).toBeNull()
  })

  test('"Needs attention" comes first and filters the board; one urgency order across locations', async () => {
    mswServer.use(http.get('/api/machines', () => HttpResponse.json({ data: MACHINES })))
    renderWithProviders(<StatusBoardPage />, { path: '/machines?group=none' })
    const all = await screen.findByRole('region', { name: 'All machines' })
    // without a history the stop's length is unknown: the stop, the thread break and the silent one count
    expect(names(all)).toEqual(['B 1', 'A 2', 'B 2', 'A 10'])
    expect(within(all).getByRole('article', { name: /^A 10/ })).toHaveTextContent('Hall North')
    const summary = screen.getByRole('region', { name: 'Summary' })
    const needs = within(summary).getAllByRole('button')[0]!
    expect(needs).toHaveAccessibleName('Needs attention: 3')
    await userEvent.click(needs)
    expect(names(screen.getByRole('region', { name: 'All machines' }))).toEqual(['B 1', 'A 2', 'B 2'])
    expect(needs).toHaveAttribute('aria-pressed', 'true')
  })

  test('the location filter from the URL limits the board', async () => {
    mswServer.use(http.get('/api/machines', () => HttpResponse.json({ data: MACHINES })))
    renderWithProviders(<StatusBoardPage />, { path: '/machines?location=2' })
    expect(await screen.findByRole('region', { name: 'Hall South' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Hall North' })).toBeNull()
  })

  test('one malformed record is shown as raw data with what was wrong; the rest of the board renders', async () => {
    mswServer.use(
      http.get('/api/machines', () =>
        HttpResponse.json({ data: [...MACHINES, { machine_id: 7, alias: 'Broken <b>one</b>' }] }),
      ),
    )
    renderWithProviders(<StatusBoardPage />, { path: '/machines' })
    expect(names(await screen.findByRole('region', { name: 'Hall North' }))).toEqual(['A 2', 'A 10'])
    const problem = await screen.findByRole('region', { name: /1\smachine record could not be read/ })
    expect(problem).toHaveTextContent('Record 5: machine_id should be string')
    expect(problem).toHaveTextContent('"alias": "Broken <b>one</b>"')
    expect(problem.querySelector('b')).toBeNull()
  })

  test('missing optional fields never fail a record; unknown extra fields are kept', async () => {
    mswServer.use(
      http.get('/api/machines', () =>
        HttpResponse.json({
          data: [{ machine_id: '26027', last_seen: iso(3), status_code: 2, colour: 'red' }],
        }),
      ),
    )
    renderWithProviders(<StatusBoardPage />, { path: '/machines' })
    expect(await screen.findByRole('article', { name: 'Machine 26027: Stopped' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: /could not be read/ })).toBeNull()
  })

  test('an answer without a list names the field instead of crashing', async () => {
    mswServer.use(http.get('/api/machines', () => HttpResponse.json({ data: { machine_id: '7' } })))
    renderWithProviders(<StatusBoardPage />, { path: '/machines' })
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unexpected response from the production API: data should be array',
    )
  })
})

describe('the tiles laid out at once are those of the first screen, with a row to spare', () => {
  test.each([
    [390, 844, 1 * 6],
    [1440, 900, 5 * 6],
    [1920, 1080, 7 * 7],
    [200, 300, 1 * 3],
  ])('%i×%i: %i tiles', (width, height, tiles) => {
    expect(firstScreenTiles(width, height)).toBe(tiles)
  })

  test('the rest skip layout until near the screen, holding a tile’s height', async () => {
    renderWithProviders(<StatusBoardPage />)
    const tiles = await screen.findAllByRole('article')
    const skipping = tiles.filter((tile) => tile.parentElement?.className.includes('content-visibility:auto'))
    const first = firstScreenTiles(window.innerWidth, window.innerHeight)
    expect(tiles.length).toBeGreaterThan(first)
    expect(skipping).toHaveLength(tiles.length - first)
    expect(tiles.slice(0, first).every((tile) => !skipping.includes(tile))).toBe(true)
  })
})
