import { screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { Route, Routes } from 'react-router'
import { describe, expect, test } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import { buildVendorBreak } from '../../../test/vendor-fixtures'
import { DesignBreaksPage } from './design-breaks-page'

const render = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/design-breaks" element={<DesignBreaksPage />} />
    </Routes>,
    { path },
  )

describe('where in the design threads break', () => {
  test('without a design it asks for one', async () => {
    render('/design-breaks?range=7d')
    expect(
      await screen.findByText('Choose a design to see where along it threads break.'),
    ).toBeInTheDocument()
  })

  test('a design of the demo factory: its breaks over its passes, along its stitches, with the rule stated', async () => {
    render('/design-breaks?range=7d&design=ASD1001')
    expect(
      await screen.findByText(/^[\d,]+ thread breaks over [\d,]+ passes of Club crest \(38,053 stitches\)/),
    ).toBeInTheDocument()
    const aside = screen.getByRole('complementary', { name: 'Where to look' })
    expect(aside).toHaveTextContent(/A stretch is flagged when it has at least 3 breaks/)
    expect(
      screen.getByRole('img', { name: /Thread breaks along Club crest, in 39\sstretches/ }),
    ).toBeInTheDocument()
  })

  test('a stretch far above its share is flagged in words, and marked in the chart and table', async () => {
    mswServer.use(
      http.get('/api/reports/threadbreaks-by-design', () =>
        HttpResponse.json({
          data: {
            designId: 'ASD1001',
            designStitches: 38053,
            totalPasses: 40,
            threadbreaks: [
              ...Array.from({ length: 38 }, (_, i) => ({ stitch: i * 1000 + 500, threadbreaks: 1 })),
              { stitch: 12_300, threadbreaks: 25 },
            ],
          },
        }),
      ),
    )
    render('/design-breaks?range=7d&design=ASD1001')
    const aside = await screen.findByRole('complementary', { name: 'Where to look' })
    expect(
      await within(aside).findByText(
        /^stitches 12,001–13,000: 26 breaks, [\d.]+× their share: look at the digitizing there$/,
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('img', { name: /flagged: stitches 12,001–13,000/ })).toBeInTheDocument()
    const row = within(
      screen.getByRole('table', { name: /Thread breaks per stretch of Club crest/ }),
    ).getByRole('row', { name: /^12,001–13,000/ })
    expect(row).toHaveTextContent('yes')
  })
})

describe('speed at each break', () => {
  test('over 7 days of all machines the break log is not read: the page says how to narrow it', async () => {
    render('/design-breaks?range=7d&design=ASD1001')
    expect(await screen.findByText(/choose a range of at most 2 days, or some machines/)).toBeInTheDocument()
  })

  test('over one day: the design’s breaks from the log with the speed at each, median and middle half', async () => {
    mswServer.use(
      http.get('/api/reports/threadbreaks-by-machine', () =>
        HttpResponse.json({
          data: [800, 900, 1000, 1100].map((rpm, i) =>
            buildVendorBreak({
              timestamp: 1763460000000 - i * 60_000,
              id_machine: 'AS-1042',
              machine_name: 'North 01 · 1H',
              pattern: i === 3 ? 'OTHER' : 'ASD1001',
              pattern_stitchnumber: 1000 * (i + 1),
              stitches: 38053,
              rotation_speed: rpm,
            }),
          ),
        }),
      ),
    )
    render('/design-breaks?range=yesterday&design=ASD1001')
    expect(
      await screen.findByText(
        /^3 breaks with the speed at the moment: median 900 rpm, half of them between 800 and 1,000 rpm\.$/,
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('img', {
        name: 'Speed at each of 3\u00a0breaks along Club crest, between 700 and 1000\u00a0rpm',
      }),
    ).toBeInTheDocument()
  })
})
