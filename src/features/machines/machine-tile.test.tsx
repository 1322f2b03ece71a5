import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { buildMachine } from '../../../test/build-machine'
import { renderWithProviders } from '../../../test/render'
import type { Machine } from '../../api/contract/machine'
import { MachineTile } from './machine-tile'

const NOW = Math.floor(Date.now() / 1000)
const ago = (s: number) => new Date((NOW - s) * 1000).toISOString()

function tile(overrides: Partial<Machine>, attentionMinutes = 10) {
  const machine = buildMachine({ status_since: ago(120), last_seen: ago(3), ...overrides })
  return renderWithProviders(
    <MachineTile
      machine={machine}
      now={NOW}
      attentionMinutes={attentionMinutes}
      density="desk"
      linkSearch="?location=2"
    />,
  )
}

describe('MachineTile', () => {
  test.each([
    ['running', 'Running'],
    ['stopped', 'Stopped'],
    ['threadbreak', 'Thread break'],
    ['idle', 'Idle'],
    ['offline', 'Not reporting'],
  ])('status %s shows "%s" as text with an icon, not colour alone', (status, label) => {
    tile({ status })
    expect(screen.getByRole('article', { name: `North 01 · 12H: ${label}` })).toBeInTheDocument()
    expect(screen.getByText(label)).toBeInTheDocument()
  })

  test('a status unknown to us shows the upstream’s raw text', () => {
    tile({ status: 'needle-change' })
    expect(screen.getByText('needle-change')).toBeInTheDocument()
  })

  test('running with a report older than 5 minutes is not reporting, live values hidden', () => {
    tile({ status: 'running', last_seen: ago(20 * 60), rpm: 850, operator: 'Anna K.' })
    expect(screen.getByText('Not reporting')).toBeInTheDocument()
    expect(screen.queryByText('Running')).toBeNull()
    expect(screen.getByText(/Silent for 20 min/)).toBeInTheDocument()
    expect(screen.queryByText(/850 rpm/)).toBeNull()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  test('design, progress, heads × needles, rpm, operator and the estimated finish', () => {
    tile({ remaining_seconds: 600 })
    expect(screen.getByText('Club crest')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Club crest progress' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    )
    expect(screen.getByText(/12 × 15 · 850 rpm · Anna K\./)).toBeInTheDocument()
    expect(screen.getByText(/done ≈/)).toBeInTheDocument()
  })

  test('no design: says so; no remaining time: no finish estimate', () => {
    tile({ design: null, remaining_seconds: null, status: 'idle' })
    expect(screen.getByText('No design loaded')).toBeInTheDocument()
    expect(screen.queryByText(/done ≈/)).toBeNull()
  })

  test('stopped longer than the threshold is highlighted in words', () => {
    tile({ status: 'stopped', status_since: ago(25 * 60) })
    expect(screen.getByText(/needs attention: for 25 min/i)).toBeInTheDocument()
  })

  test('a very long name is cut visually but kept whole in the title and the link', () => {
    const name = 'North 01 · 20H · the machine by the loading bay next to the window with the broken blind'
    tile({ machine_name: name })
    const link = screen.getByRole('link', { name })
    expect(link.closest('h3')).toHaveAttribute('title', name)
    expect(link).toHaveAttribute('href', '/machines/AS-1001?location=2')
  })

  test('a machine name like <img src=x onerror=alert(1)> renders as text', () => {
    const name = '<img src=x onerror=alert(1)>'
    const { container } = tile({ machine_name: name })
    expect(screen.getByRole('link', { name })).toBeInTheDocument()
    expect(container.querySelector('img')).toBeNull()
  })
})
