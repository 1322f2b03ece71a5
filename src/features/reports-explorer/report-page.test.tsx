import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import { ReportPage } from './report-page'
import { ReportsPage } from './reports-page'

function renderAt(path: string) {
  renderWithProviders(
    <Routes>
      <Route path="/reports" element={<ReportsPage />} />
      <Route path="/reports/*" element={<ReportPage />} />
    </Routes>,
    { path },
  )
}

// jsdom lays nothing out: give every element the size of a desk browser's table viewport, so the
// virtualiser has a window of rows to render
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200)
})
afterEach(() => {
  vi.restoreAllMocks()
})

const STITCH_ROW = {
  machine_id: 'AS-1',
  stitches: 100,
  threadbreaks: 1,
  id_design: 'D1',
  design_name: 'Crest',
  design_stitches: 50,
}

describe('reports explorer', () => {
  test('lists the 16 reports, links keeping the filters', async () => {
    renderAt('/reports?range=7d&grouping=H')
    const links = within(screen.getByRole('list')).getAllByRole('link')
    expect(links).toHaveLength(16)
    expect(links[0]).toHaveAttribute('href', '/reports/stitches?range=7d')
  })

  test('a report from the demo upstream: rows counted, columns inferred, numbers right-aligned', async () => {
    renderAt('/reports/machine-summary?range=7d&chart=0')
    expect(await screen.findByText(/^44 rows/)).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Machine summary' })
    expect(within(table).getByRole('button', { name: 'Stitches' })).toBeInTheDocument()
    expect(within(table).getByRole('columnheader', { name: 'Stitches' })).toHaveClass('text-right')
    // headings in plain words from the contract; each status column with its meaning from the dictionary
    expect(within(table).getByRole('columnheader', { name: 'Time recorded' })).toBeInTheDocument()
    expect(
      within(table).getByRole('columnheader', { name: 'Time in status 2 (Stopped)' }),
    ).toBeInTheDocument()
    expect(within(table).queryByRole('columnheader', { name: 'statusBreakdown.2' })).toBeNull()
  })

  test('nested rows are flattened with dotted names; HTML in values stays text; sorting by a column', async () => {
    mswServer.use(
      http.get('/api/reports/stitches', () =>
        HttpResponse.json({
          data: [
            // documented rows (myzsk-api.md 1.7) with an extra nested field the vendor might add: kept
            { ...STITCH_ROW, design: { name: '<img src=x onerror=alert(1)>', size: 9 }, n: 2 },
            { ...STITCH_ROW, design: { name: 'Alpha', size: 3 }, n: 10 },
          ],
        }),
      ),
    )
    const { container } = { container: document.body }
    renderAt('/reports/stitches?chart=0')
    const table = await screen.findByRole('table', { name: 'Stitches' })
    expect(within(table).getByRole('button', { name: 'design.name' })).toBeInTheDocument()
    expect(within(table).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument()
    expect(container.querySelector('img')).toBeNull()
    await userEvent.click(within(table).getByRole('button', { name: 'n' }))
    const cells = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent)
    expect(cells()[0]).toContain('<img')
    await userEvent.click(within(table).getByRole('button', { name: /^n/ }))
    expect(cells()[0]).toContain('Alpha')
  })

  test('an empty result says "no data for these filters"', async () => {
    mswServer.use(http.get('/api/reports/stitches', () => HttpResponse.json({ data: [] })))
    renderAt('/reports/stitches')
    expect(await screen.findByText('No data for these filters.')).toBeInTheDocument()
  })

  test('grouping of the thread-break report is a parameter in the URL and reaches the server', async () => {
    const seen: string[] = []
    mswServer.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/reports/threadbreaks?'))
        seen.push(new URL(request.url).searchParams.get('grouping') ?? '')
    })
    renderAt('/reports/threadbreaks?range=7d&grouping=N&chart=0')
    await screen.findByText(/^[\d,]+ rows/)
    expect(seen).toContain('N')
    expect(screen.getByLabelText('Grouping')).toHaveValue('N')
    mswServer.events.removeAllListeners()
  })

  test('a design report waits for a design; the search narrows the catalogue; the choice asks the report', async () => {
    const user = userEvent.setup()
    renderAt('/reports/design-summary?range=7d&chart=0')
    expect(
      await screen.findByText(/Choose a design: this report is about one design at a time/),
    ).toBeInTheDocument()
    const picker = await screen.findByRole('combobox', { name: 'Design (required)' })
    await vi.waitFor(() => expect(within(picker).getAllByRole('option').length).toBeGreaterThan(100))
    await user.type(screen.getByRole('searchbox', { name: 'Find a design' }), 'club crest')
    const narrowed = screen.getByRole('combobox', { name: /^Design \(required\) \(\d+\sof \d+\)$/ })
    const options = within(narrowed)
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(options[0]).toBe('Choose a design')
    expect(options.slice(1).every((o) => /club crest/i.test(o ?? ''))).toBe(true)
    expect(options).toContain('Club crest · 38,053\u00a0stitches')
    await user.selectOptions(narrowed, within(narrowed).getByText('Club crest · 38,053 stitches'))
    expect(await screen.findByRole('table', { name: 'Design summary' })).toBeInTheDocument()
  })

  test('thread breaks by design: its totals in plain words, and a link to where in the design threads break', async () => {
    renderAt('/reports/threadbreaks-by-design?range=7d&location=1&design=ASD1001&chart=0')
    const terms = await screen.findAllByRole('term')
    expect(terms.map((t) => t.textContent)).toEqual(['Design ID', 'Stitches in the design', 'Passes'])
    expect(terms[1]!.nextElementSibling).toHaveTextContent('38,053')
    // the vendor's field names stay in src/api
    for (const name of ['designId', 'designStitches', 'totalPasses'])
      expect(screen.queryByText(name, { exact: false })).toBeNull()
    expect(
      screen.getByRole('link', {
        name: 'Where in the design threads break, the stretches that stand out flagged',
      }),
    ).toHaveAttribute('href', '/design-breaks?range=7d&location=1&design=ASD1001')
  })

  test('operator overview: the operators of the range to choose from; the choice asks for that operator only', async () => {
    const asked: URL[] = []
    const listen = ({ request }: { request: Request }) => {
      asked.push(new URL(request.url))
    }
    mswServer.events.on('request:start', listen)
    const user = userEvent.setup()
    renderAt('/reports/operator-overview?range=7d&chart=0')
    expect(await screen.findByText(/^\d+ rows?/)).toBeInTheDocument()
    const picker = screen.getByRole('combobox', { name: 'Operator' })
    await vi.waitFor(() => expect(within(picker).getAllByRole('option').length).toBeGreaterThan(2))
    const first = within(picker).getAllByRole('option')[1] as HTMLOptionElement
    await user.selectOptions(picker, first.value)
    expect(await screen.findByText(/^1 row/)).toBeInTheDocument()
    expect(
      asked.some(
        (u) =>
          u.pathname === '/api/reports/operator-overview' && u.searchParams.get('operatorId') === first.value,
      ),
    ).toBe(true)
    mswServer.events.removeListener('request:start', listen)
  })

  test('an unknown report name says so', async () => {
    renderAt('/reports/everything')
    expect(await screen.findByRole('heading', { name: 'No such report' })).toBeInTheDocument()
  })

  test('10,000 rows: all counted, only a window of them in the DOM', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      ...STITCH_ROW,
      design_name: `d${i}`,
      stitches: i,
    }))
    mswServer.use(http.get('/api/reports/stitches', () => HttpResponse.json({ data: rows })))
    renderAt('/reports/stitches?chart=0')
    expect(await screen.findByText(/^10,000 rows/)).toBeInTheDocument()
    const rendered = screen.getAllByRole('row').length
    expect(rendered).toBeGreaterThan(10)
    expect(rendered).toBeLessThan(200)
  })
})
