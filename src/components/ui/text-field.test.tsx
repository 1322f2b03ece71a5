import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, test } from 'vitest'
import { TextAreaField } from './text-area-field'
import { TextField } from './text-field'
import { TimeField } from './time-field'

function Name({ error, hint }: { error?: string; hint?: boolean }) {
  const [value, setValue] = useState('')
  return (
    <>
      <TextField
        label="Your name"
        value={value}
        onChange={setValue}
        error={error}
        describedBy={hint ? 'name-hint' : undefined}
      />
      {hint && <p id="name-hint">The log records who changed what.</p>}
      <output>{value}</output>
    </>
  )
}

describe('TextField, TimeField and TextAreaField', () => {
  test('the label names the input, which the keyboard reaches and types into', async () => {
    render(<Name />)
    await userEvent.tab()
    const input = screen.getByRole('textbox', { name: 'Your name' })
    expect(input).toHaveFocus()
    await userEvent.keyboard('Ana')
    expect(screen.getByRole('status')).toHaveTextContent('Ana')
    expect(input).not.toHaveAttribute('aria-invalid')
    expect(input).not.toHaveAttribute('aria-describedby')
  })

  test('an error marks the input invalid and describes it, besides a hint of the caller', () => {
    render(<Name error="Type your name first." hint />)
    const input = screen.getByRole('textbox', { name: 'Your name' })
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('The log records who changed what. Type your name first.')
  })

  test('a time field and a text area are labelled the same way', () => {
    render(
      <>
        <TimeField label="Quiet from" value="22:00" onChange={() => {}} />
        <TextAreaField label="Note" value="" onChange={() => {}} error="Too long" />
      </>,
    )
    const time = screen.getByLabelText('Quiet from')
    expect(time).toHaveAttribute('type', 'time')
    expect(time).toHaveValue('22:00')
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveAccessibleDescription('Too long')
  })
})
