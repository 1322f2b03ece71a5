import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, test } from 'vitest'
import { NumberField } from './number-field'

function Field({ error }: { error?: string }) {
  const [value, setValue] = useState('30')
  return (
    <NumberField
      label="Seconds per page"
      min={5}
      max={600}
      step={5}
      value={value}
      onChange={setValue}
      error={error}
    />
  )
}

describe('NumberField', () => {
  test('the label names a number input with its bounds; what is typed comes back as text', () => {
    render(<Field />)
    const input = screen.getByRole('spinbutton', { name: 'Seconds per page' })
    expect(input).toHaveAttribute('min', '5')
    expect(input).toHaveAttribute('max', '600')
    expect(input).toHaveAttribute('step', '5')
    expect(input).not.toHaveAttribute('aria-invalid')
    fireEvent.change(input, { target: { value: '45' } })
    expect(input).toHaveValue(45)
  })

  test('an error text is shown and describes the input', () => {
    render(<Field error="At least 5 seconds" />)
    const input = screen.getByRole('spinbutton', { name: 'Seconds per page' })
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('At least 5 seconds')
  })
})
