import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, test } from 'vitest'
import { SelectField } from './select-field'

function Day({ error }: { error?: string }) {
  const [day, setDay] = useState('')
  return (
    <>
      <SelectField label="Day" value={day} onChange={setDay} error={error}>
        <option value="">Every day</option>
        <option value="1">Monday</option>
      </SelectField>
      <output>{day}</output>
    </>
  )
}

describe('SelectField', () => {
  test('the label names the select; the chosen value comes back', async () => {
    render(<Day />)
    const select = screen.getByRole('combobox', { name: 'Day' })
    await userEvent.selectOptions(select, 'Monday')
    expect(screen.getByRole('status')).toHaveTextContent('1')
    expect(select).not.toHaveAttribute('aria-invalid')
  })

  test('an error describes the select', () => {
    render(<Day error="Choose a day" />)
    const select = screen.getByRole('combobox', { name: 'Day' })
    expect(select).toHaveAttribute('aria-invalid', 'true')
    expect(select).toHaveAccessibleDescription('Choose a day')
  })
})
