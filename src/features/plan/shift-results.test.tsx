import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, test } from 'vitest'
import { serveAppConfig } from '../../../test/app-config'
import { FIXED_NOW } from '../../../test/demo-client'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import type { ShiftResult } from '../../api/plan/shift-results'
import { defaultStopSettings } from '../../lib/stop-reasons'
import { ShiftResults } from './shift-results'

const HOUR = 3_600_000
// the Early shift of 17 November 2026 in Berlin
const EARLY = Date.UTC(2026, 10, 17, 5)

const result = (changes: Partial<ShiftResult> = {}): ShiftResult => ({
  shift: 'Early',
  day: '2026-11-17',
  start: EARLY,
  end: EARLY + 8 * HOUR,
  target: { pieces: 100, stitches: 480_000, piecesFrom: 'set', stitchesFrom: 'default' },
  pieces: 80,
  stitches: 384_000,
  availability: 0.71,
  performance: 0.64,
  quality: 0.9,
  oee: 0.71 * 0.64 * 0.9,
  teep: 0.4,
  stopMs: 4 * HOUR,
  largestStop: { reason: 'waiting-garments', ms: 3 * HOUR + 10 * 60_000 },
  slowest: { machineId: 's4', name: 'South 04', performance: 0.48 },
  judgedFrom: null,
  ...changes,
})

/** The server's answers: the shifts asked for (the days asked are kept), and the stop settings. */
function serveResults(shifts: ShiftResult[]) {
  const asked: string[] = []
  mswServer.use(
    http.get('/api/plan/shifts', ({ request }) => {
      const url = new URL(request.url)
      asked.push(`${url.searchParams.get('from')}…${url.searchParams.get('till')}`)
      return HttpResponse.json({ shifts })
    }),
    http.get('/api/stops/settings', () =>
      HttpResponse.json({ settings: defaultStopSettings(), planned: [], canChange: false }),
    ),
  )
  return asked
}

beforeEach(() => serveAppConfig({}))

describe('the shifts against plan on the shift page', () => {
  test('each shift that ended against its target, newest first, with OEE and where it lost most in words', async () => {
    const asked = serveResults([
      result(),
      result({
        shift: 'Late',
        start: EARLY + 8 * HOUR,
        end: EARLY + 16 * HOUR,
        pieces: 120,
        quality: null,
        oee: 0.4,
      }),
    ])
    // the page's range: today, 18 November
    const today = Date.UTC(2026, 10, 17, 23) / 1000
    renderWithProviders(<ShiftResults from={today} till={FIXED_NOW / 1000} timeZone="Europe/Berlin" />)
    const table = await screen.findByRole('table')
    // the last 30 days up to today by default
    expect(asked).toEqual(['2026-10-20…2026-11-18'])
    expect(screen.getByText('2 shifts ended; the target met in 1 of 2.')).toBeInTheDocument()
    const [, late, early] = within(table).getAllByRole('row')
    expect(late).toHaveTextContent('Late · Nov 17, 2026')
    expect(late).toHaveTextContent('Pieces 120 of 100 (120 %) target met')
    expect(late).toHaveTextContent('40 % (A × P)')
    expect(early).toHaveTextContent('Pieces 80 of 100 (80 %) target missed')
    expect(early).toHaveTextContent(
      'Availability 71 %: most lost to Waiting for garments, 3 h 10 min; performance 64 %: South 04 ran at 48 % of set speed',
    )
    // the page's range instead: its days only
    await userEvent.selectOptions(screen.getByLabelText('Shifts of'), 'range')
    await screen.findAllByRole('row')
    expect(asked.at(-1)).toBe('2026-11-18…2026-11-18')
  })

  test('a reason never shows as its id: the table waits for the reasons’ names', async () => {
    serveResults([result()])
    // the stop settings (the reasons' names) answer when the test says so
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    mswServer.use(
      http.get('/api/stops/settings', async () => {
        await answered
        return HttpResponse.json({ settings: defaultStopSettings(), planned: [], canChange: false })
      }),
    )
    const today = Date.UTC(2026, 10, 17, 23) / 1000
    renderWithProviders(<ShiftResults from={today} till={FIXED_NOW / 1000} timeZone="Europe/Berlin" />)
    expect(await screen.findByRole('status', { name: 'Shifts against plan' })).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
    expect(document.body).not.toHaveTextContent('waiting-garments')
    answer()
    expect(await screen.findByRole('table')).toHaveTextContent('most lost to Waiting for garments')
  })

  test('without a history the server says why, and the section says so', async () => {
    mswServer.use(
      http.get('/api/plan/shifts', () =>
        HttpResponse.json({ available: false, reason: 'this server keeps no history', shifts: [] }),
      ),
    )
    renderWithProviders(
      <ShiftResults from={FIXED_NOW / 1000 - 3600} till={FIXED_NOW / 1000} timeZone="Europe/Berlin" />,
    )
    expect(
      await screen.findByText('No shifts against plan: this server keeps no history.'),
    ).toBeInTheDocument()
  })
})
