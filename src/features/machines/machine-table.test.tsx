import { render, screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { buildMachine } from '../../../test/build-machine'
import { MachineTable } from './machine-table'

describe('MachineTable', () => {
  test.each(['running', 'stopped', 'threadbreak', 'idle', 'offline', 'maintenance'])(
    'status %s is shown as text',
    (status) => {
      render(<MachineTable machines={[buildMachine({ status })]} />)
      expect(within(screen.getAllByRole('row')[1]!).getByText(status, { exact: false })).toBeInTheDocument()
    },
  )

  test('a machine name with HTML renders as text', () => {
    const name = '<img src=x onerror=alert(1)>'
    const { container } = render(<MachineTable machines={[buildMachine({ machine_name: name })]} />)
    expect(screen.getByRole('rowheader', { name })).toBeInTheDocument()
    expect(container.querySelector('img')).toBeNull()
  })

  test('no design loaded shows a dash, not an empty cell', () => {
    render(<MachineTable machines={[buildMachine({ design: null })]} />)
    expect(within(screen.getAllByRole('row')[1]!).getAllByText('—').length).toBeGreaterThan(0)
  })
})
