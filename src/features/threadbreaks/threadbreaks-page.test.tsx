import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { Route, Routes, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { FIXED_NOW } from '../../../test/demo-client'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import { buildVendorMachine } from '../../../test/vendor-fixtures'
import { ThreadbreaksPage } from './threadbreaks-page'

let requests: URL[] = []
const listener = ({ request }: { request: Request }) => {
  const url = new URL(request.url)
  if (url.pathname.startsWith('/api/reports/threadbreaks')) requests.push(url)
}
beforeEach(() => {
  requests = []
  mswServer.events.on('request:start', listener)
})
afterEach(() => {
  mswServer.events.removeListener('request:start', listener)
})

let search = ''
function Search() {
  search = useLocation().search
  return null
}

function renderAt(path: string) {
  renderWithProviders(
    <Routes>
      <Route
        path="/threadbreaks"
        element={
          <>
            <ThreadbreaksPage />
            <Search />
          </>
        }
      />
    </Routes>,
    { path },
  )
}

const whereToLook = async () => screen.findByRole('complementary', { name: 'Where to look first' })

describe('thread-break page on the demo factory', () => {
  test('flags the planted worn needle (machine 3, head 4, needle 7) and the badly timed head of machine 8', async () => {
    renderAt('/threadbreaks?range=7d')
    const aside = await whereToLook()
    await waitFor(() => expect(within(aside).getAllByRole('listitem').length).toBeGreaterThan(0))
    expect(
      within(aside).getByText(/^North 03 · 18H, head 4, needle 7: \d+ breaks, [\d.]+× its expected share/),
    ).toBeInTheDocument()
    expect(within(aside).getByText(/^North 08 · 18H, head 2: \d+ breaks/)).toBeInTheDocument()
    // one heatmap per machine, each reachable by keyboard
    await waitFor(() =>
      expect(screen.getAllByRole('img', { name: /thread breaks by head and needle/ })).toHaveLength(44),
    )
    // the range, and the range before it (as long) for the trend
    await waitFor(() => expect(requests).toHaveLength(2))
    expect(requests.map((u) => u.pathname)).toEqual([
      '/api/reports/threadbreaks',
      '/api/reports/threadbreaks',
    ])
    expect(requests.map((u) => u.searchParams.get('grouping'))).toEqual(['HN', 'HN'])
    const [range, earlier] = requests.map((u) => [
      Number(u.searchParams.get('from')),
      Number(u.searchParams.get('till')),
    ])
    expect(earlier![1]).toBe(range![0])
    expect(earlier![1]! - earlier![0]!).toBe(range![1]! - range![0]!)
  })

  test('each machine and each flagged place against the range before: up from, down from', async () => {
    renderAt('/threadbreaks?range=7d')
    const aside = await whereToLook()
    await waitFor(() =>
      expect(within(aside).getByText(/North 03 · 18H, head 4, needle 7/)).toBeInTheDocument(),
    )
    await waitFor(() =>
      expect(
        within(aside).getAllByText(/\(((up|down) from \d+|as many as before) in the range before\)/).length,
      ).toBeGreaterThan(0),
    )
    expect(
      await screen.findByText(
        /thread breaks on 44 machines, bobbin not included \(.*\): (up|down) from [\d,]+ in the range before/,
      ),
    ).toBeInTheDocument()
    // the hot spot links to its machine
    expect(within(aside).getByRole('link', { name: /North 03 · 18H, head 4, needle 7/ })).toHaveAttribute(
      'href',
      '/machines/AS-1119',
    )
  })

  test('while the range before loads, its words keep their place; when it fails, none are claimed', async () => {
    // the range before ends where the 7 days begin: held until released, then failed
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    mswServer.use(
      http.get('/api/reports/threadbreaks', async ({ request }) => {
        const till = Number(new URL(request.url).searchParams.get('till'))
        if (till * 1000 > FIXED_NOW - 5 * 86_400_000) return undefined
        await held
        return HttpResponse.json({ error: 'The portal did not answer' }, { status: 502 })
      }),
    )
    renderAt('/threadbreaks?range=7d')
    const aside = await whereToLook()
    await waitFor(() =>
      expect(within(aside).getAllByText(/\(comparing with the range before…\)/).length).toBeGreaterThan(0),
    )
    expect(screen.getByText(/thread breaks on 44 machines, bobbin not included/).textContent).toMatch(
      /\): comparing with the range before…\.$/,
    )
    expect(screen.getAllByText(/\(comparing…\)/)).toHaveLength(44)
    release()
    await waitFor(() => expect(screen.queryAllByText(/comparing/)).toHaveLength(0))
    expect(screen.queryByText(/(up|down) from/)).not.toBeInTheDocument()
    expect(within(aside).getByText(/North 03 · 18H, head 4, needle 7/)).toBeInTheDocument()
  })

  test('without a chosen range the list looks at the last 7 days, and says so', async () => {
    renderAt('/threadbreaks')
    const aside = await whereToLook()
    expect(await within(aside).findByText(/^Over the last 7 days/)).toBeInTheDocument()
    await waitFor(() =>
      expect(within(aside).getByText(/North 03 · 18H, head 4, needle 7/)).toBeInTheDocument(),
    )
  })

  test('include bobbin: asked of the server, kept in the URL, the total changes', async () => {
    const user = userEvent.setup()
    renderAt('/threadbreaks?range=7d')
    const summary = await screen.findByText(/thread breaks on 44 machines, bobbin not included/, {})
    const before = Number(summary.textContent?.match(/^([\d,]+)/)?.[1]?.replace(/,/g, ''))
    await user.click(screen.getByRole('checkbox', { name: 'Include bobbin (needle 0)' }))
    const after = await screen.findByText(/thread breaks on 44 machines, bobbin included/, {})
    expect(Number(after.textContent?.match(/^([\d,]+)/)?.[1]?.replace(/,/g, ''))).toBeGreaterThan(before)
    expect(search).toContain('bobbin=1')
    expect(requests.at(-1)?.searchParams.get('includeBobbinThreadbreaks')).toBe('true')
  })

  test('the aggregated source with reverse head order asks that endpoint only, with grouping both', async () => {
    renderAt('/threadbreaks?range=7d&source=aggregated&reverse=1')
    await whereToLook()
    // the range and the range before, from that endpoint only
    await waitFor(() => expect(requests).toHaveLength(2))
    for (const request of requests) {
      expect(request.pathname).toBe('/api/reports/threadbreaks-by-machine/aggregated')
      expect(request.searchParams.get('grouping')).toBe('both')
      expect(request.searchParams.get('reverseHeadOrder')).toBe('true')
    }
  })

  test('a machine running with fewer heads than it has says so beside its heatmap', async () => {
    mswServer.use(
      http.get('/api/machines', () =>
        HttpResponse.json({
          data: [
            buildVendorMachine({
              machine_id: 'AS-1119',
              alias: 'North 03 · 18H',
              id_location: 1,
              heads: 18,
              active_heads: 15,
              needles: 9,
            }),
          ],
        }),
      ),
    )
    renderAt('/threadbreaks?range=7d&machines=AS-1119')
    expect(
      await screen.findByText(/15 of 18 heads active now \(the portal does not say which are off\)/),
    ).toBeInTheDocument()
  })

  test('heads as bars: the flagged head is said in words, not by colour alone', async () => {
    renderAt('/threadbreaks?range=7d&grouping=H')
    const bars = await screen.findByRole('list', { name: 'North 08 · 18H: breaks per head' })
    expect(within(bars).getAllByRole('listitem')).toHaveLength(18)
    expect(within(bars).getByText(/^head 2: \d+ breaks, flagged$/)).toBeInTheDocument()
    expect(requests[0]?.searchParams.get('grouping')).toBe('H')
  })

  test('rows view: by machine, then most breaks first; the flagged row says so', async () => {
    renderAt('/threadbreaks?range=7d&view=rows')
    const section = await screen.findByRole('region', { name: 'North 03 · 18H' })
    const counts = within(section)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => Number(within(tr).getAllByRole('cell')[2]?.textContent))
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    const first = within(section).getAllByRole('row')[1]
    expect(first && within(first).getByText('▲ look here')).toBeInTheDocument()
  })
})
