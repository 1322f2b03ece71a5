import { screen } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { buildMachine } from '../../../test/build-machine'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import type { Design, Machine } from '../../lib/domain'
import { DEMO_STATUS_CODES } from '../../lib/status-codes'
import { MachineTile } from './machine-tile'

const NOW = Math.floor(Date.now() / 1000)
const ago = (s: number) => (NOW - s) * 1000
const designs: ReadonlyMap<string, Design> = new Map([
  ['ASD1001', { id: 'ASD1001', name: 'Club crest', stitches: 20_000, insertedAt: null }],
])

function tile(overrides: Partial<Machine>, attentionMinutes = 10, pace: number | null = null) {
  const machine = buildMachine({ lastSeen: ago(3), ...overrides })
  return renderWithProviders(
    <MachineTile
      machine={machine}
      designs={designs}
      now={NOW}
      attentionMinutes={attentionMinutes}
      linkSearch="?location=2"
      codes={DEMO_STATUS_CODES}
      pace={pace}
    />,
  )
}

describe('MachineTile', () => {
  test.each([
    [1, 850, 'Running'],
    [2, 0, 'Stopped'],
    [9, 0, 'Thread break'],
    [40, 0, 'Idle'],
    [30, 0, 'Hooping'],
  ])('status code %i shows "%s" as text with an icon, not colour alone', (statusCode, liveRpm, label) => {
    tile({ statusCode, liveRpm })
    expect(screen.getByRole('article', { name: `North 01 · 12H: ${label}` })).toBeInTheDocument()
    expect(screen.getByText(label)).toBeInTheDocument()
  })

  test('time in state from the server’s history: "for 12 min", or "for at least" when recording began later', () => {
    const { unmount } = tile({
      statusCode: 1,
      liveRpm: 850,
      stateSince: { at: ago(12 * 60), atLeast: false },
    })
    expect(screen.getByText('for 12 min')).toBeInTheDocument()
    unmount()
    const { unmount: unmount2 } = tile({
      statusCode: 1,
      liveRpm: 850,
      stateSince: { at: ago(12 * 60), atLeast: true },
    })
    expect(screen.getByText('for at least 12 min')).toBeInTheDocument()
    unmount2()
    // just after recording began, the length is unknown, not "at least 0 s"
    tile({ statusCode: 1, liveRpm: 850, stateSince: { at: ago(20), atLeast: true } })
    expect(screen.getByText('since before recording began')).toBeInTheDocument()
  })

  test('a stop is flagged only once it lasts longer than the threshold, by the history’s time in state', () => {
    const { unmount } = tile({ statusCode: 2, liveRpm: 0, stateSince: { at: ago(4 * 60), atLeast: false } })
    expect(screen.queryByText(/needs attention/)).toBeNull()
    expect(screen.getByText('for 4 min')).toBeInTheDocument()
    unmount()
    tile({ statusCode: 2, liveRpm: 0, stateSince: { at: ago(11 * 60), atLeast: false } })
    expect(screen.getByText('needs attention: for 11 min')).toBeInTheDocument()
  })

  test('a code the dictionary does not know is shown as its number, never guessed', () => {
    tile({ statusCode: 4711, liveRpm: 0 })
    expect(screen.getByText('Status 4711')).toBeInTheDocument()
  })

  test('running with a report older than 5 minutes is not reporting, live values hidden', () => {
    tile({ lastSeen: ago(20 * 60), liveRpm: 850 })
    expect(screen.getByText('Not reporting')).toBeInTheDocument()
    expect(screen.queryByText('Running')).toBeNull()
    expect(screen.getByText(/Silent for 20 min/)).toBeInTheDocument()
    expect(screen.queryByText(/850 rpm/)).toBeNull()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  test('design name from the catalogue, progress from stitch ÷ design stitches, live rpm, the finish', () => {
    tile({ vendorRemainingSeconds: 600 })
    expect(screen.getByText('Club crest')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Club crest progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    )
    expect(screen.getByText(/12 heads × 15 needles · 850 rpm/)).toBeInTheDocument()
    expect(screen.getByText(/done ≈/)).toBeInTheDocument()
  })

  test('the finish at its own pace is preferred and said so; the set-speed estimate is named as such', () => {
    // 15,000 stitches of this pass and 2 more passes of 20,000 at 1,100 a minute: 50 min
    const { unmount } = tile({ repeats: 3, passes: 0, vendorRemainingSeconds: 600 }, 10, 1100)
    const line = screen.getByTitle(/stitchboard’s estimate/)
    expect(line).toHaveTextContent(/^done ≈ \d{1,2}:\d{2}/)
    const at = new Date((NOW + 50 * 60) * 1000)
    // the factory's 24-hour clock, whatever the browser's language
    const hh = String(at.getUTCHours()).padStart(2, '0')
    const mm = String(at.getUTCMinutes()).padStart(2, '0')
    expect(line.textContent).toContain(`done ≈ ${hh}:${mm}`)
    unmount()
    tile({ vendorRemainingSeconds: 600 }, 10, null)
    expect(screen.getByText(/at set speed/)).toBeInTheDocument()
  })

  test('a machine that is not running shows no finish clock: its finish time moves', () => {
    tile({ statusCode: 2, liveRpm: 0, vendorRemainingSeconds: 600 }, 10, 1100)
    expect(screen.queryByText(/done ≈/)).toBeNull()
    expect(screen.getByText(/finish time moves/)).toBeInTheDocument()
  })

  test('the order the machine sews now: its pieces of its quantity, and "at risk" in words, not colour alone', async () => {
    const line = { id: 70, designId: 'ASD1001', quantity: 600, made: 240, doneAt: null }
    mswServer.use(
      http.get('/api/orders', () =>
        HttpResponse.json({
          available: true,
          orders: [
            {
              id: 7,
              reference: 'PO-4711',
              customer: 'FC Heimat',
              dueAt: ago(-3600),
              priority: 'normal',
              machineIds: [],
              note: '',
              lines: [line],
              createdAt: ago(86_400),
              createdBy: 'Marta',
              updatedAt: ago(86_400),
              updatedBy: 'Marta',
              version: 1,
              doneAt: null,
            },
          ],
          finishes: [
            {
              orderId: 7,
              state: 'at-risk',
              finishAt: ago(-3000),
              earliestAt: ago(-2000),
              latestAt: ago(-4000),
              marginMs: 600_000,
              save: null,
              unknown: null,
              lines: [
                {
                  lineId: 70,
                  designId: 'ASD1001',
                  remaining: 360,
                  machineIds: ['M-TILE'],
                  finishAt: ago(-3000),
                  earliestAt: ago(-2000),
                  latestAt: ago(-4000),
                  source: 'passes',
                  betweenLearned: true,
                },
              ],
            },
          ],
          canChange: false,
          canCorrect: false,
        }),
      ),
    )
    tile({ id: 'M-TILE', statusCode: 1, liveRpm: 850, designId: 'ASD1001', stitch: 5_000 })
    const sewing = await screen.findByText(/Order PO-4711: 240\s+of 600/)
    expect(sewing).toHaveTextContent('▲ at risk')
  })

  test('active heads below heads and the pass of a repeated design are said', () => {
    tile({ activeHeads: 10, repeats: 3, passes: 1 })
    expect(screen.getByText(/10 of 12 heads × 15 needles · 850 rpm · pass 2 of 3/)).toBeInTheDocument()
  })

  test('a design the catalogue does not know shows its ID', () => {
    tile({ designId: 'X-77' })
    expect(screen.getByText('Design X-77')).toBeInTheDocument()
  })

  test('no design: says so; no remaining time: no finish estimate', () => {
    tile({ designId: null, vendorRemainingSeconds: null, statusCode: 40, liveRpm: 0 })
    expect(screen.getByText('No design loaded')).toBeInTheDocument()
    expect(screen.queryByText(/done ≈/)).toBeNull()
  })

  test('a stopped machine is highlighted in words', () => {
    tile({ statusCode: 2, liveRpm: 0 })
    expect(screen.getByText(/needs attention/i)).toBeInTheDocument()
  })

  test('a very long name wraps whole (never cut, issue 20), in the heading and the link', () => {
    const name = 'North 01 · 20H · the machine by the loading bay next to the window with the broken blind'
    tile({ name })
    const link = screen.getByRole('link', { name })
    expect(link).toHaveTextContent(name)
    expect(link.closest('h3')).not.toHaveClass('truncate')
    expect(link.closest('h3')).toHaveClass('break-words')
    expect(link).toHaveAttribute('href', '/machines/AS-1001?location=2')
  })

  test('a machine name like <img src=x onerror=alert(1)> renders as text', () => {
    const name = '<img src=x onerror=alert(1)>'
    const { container } = tile({ name })
    expect(screen.getByRole('link', { name })).toBeInTheDocument()
    expect(container.querySelector('img')).toBeNull()
  })
})
