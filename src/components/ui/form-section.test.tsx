import { render, screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { Button } from './button'
import { FormSection } from './form-section'
import { TextField } from './text-field'

describe('FormSection and Button', () => {
  test('a section is named by its heading and shows no alert without errors', () => {
    render(
      <FormSection heading="Breaks">
        <TextField label="From" value="" onChange={() => {}} />
      </FormSection>,
    )
    const section = screen.getByRole('region', { name: 'Breaks' })
    expect(within(section).getByRole('heading', { level: 2, name: 'Breaks' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  test('its errors are announced: one as a line, several as a list after the intro', () => {
    const { rerender } = render(
      <FormSection heading="Who" as="fieldset" errors="Type your name first.">
        <TextField label="Your name" value="" onChange={() => {}} />
      </FormSection>,
    )
    expect(screen.getByRole('group', { name: 'Who' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Type your name first.')
    rerender(
      <FormSection heading="Reasons" level={3} errors={['Name missing', 'Too many']} errorsIntro="Not saved:">
        <p>…</p>
      </FormSection>,
    )
    expect(screen.getByRole('heading', { level: 3, name: 'Reasons' })).toBeInTheDocument()
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Not saved:')
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Name missing', 'Too many'])
  })

  test('a button is a plain button unless it submits, and each variant is a finger high', () => {
    render(
      <>
        <Button variant="primary" type="submit">
          Save
        </Button>
        <Button>Show all</Button>
        <Button variant="danger">Delete</Button>
      </>,
    )
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit')
    expect(screen.getByRole('button', { name: 'Show all' })).toHaveAttribute('type', 'button')
    for (const button of screen.getAllByRole('button')) expect(button).toHaveClass('min-h-11')
  })
})
