import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, test } from 'vitest'
import { EditableList } from './editable-list'
import { TextField } from './text-field'

function Codes({ start }: { start: string[] }) {
  const [codes, setCodes] = useState(start)
  return (
    <EditableList
      items={codes}
      empty={<p>No rules yet.</p>}
      rowLabel={(_, i) => `Rule ${i + 1}`}
      addText="Add a rule"
      removeText={() => 'Remove'}
      removeLabel={(_, i) => `Remove rule ${i + 1}`}
      onAdd={() => setCodes([...codes, ''])}
      onRemove={(i) => setCodes(codes.filter((_, at) => at !== i))}
      renderRow={(code, i, remove) => (
        <>
          <TextField
            label="Code"
            value={code}
            onChange={(text) => setCodes(codes.map((c, at) => (at === i ? text : c)))}
          />
          {remove}
        </>
      )}
    />
  )
}

describe('EditableList', () => {
  test('each row is a group named by its label, with a remove button that says which', () => {
    render(<Codes start={['12', '40']} />)
    expect(screen.getByRole('group', { name: 'Rule 2' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Remove rule 2' })).toHaveTextContent('Remove')
    expect(screen.queryByText('No rules yet.')).toBeNull()
  })

  test('a row is added by keyboard and the focus moves into it', async () => {
    render(<Codes start={[]} />)
    expect(screen.getByText('No rules yet.')).toBeInTheDocument()
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Add a rule' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    const code = screen.getByRole('textbox', { name: 'Code' })
    expect(code).toHaveFocus()
    await userEvent.keyboard('12')
    expect(code).toHaveValue('12')
  })

  test('a row is removed by keyboard; the focus goes to the row in its place, then to the add button', async () => {
    render(<Codes start={['12', '40']} />)
    screen.getByRole('button', { name: 'Remove rule 1' }).focus()
    await userEvent.keyboard('{Enter}')
    expect(
      screen.getAllByRole('textbox', { name: 'Code' }).map((input) => (input as HTMLInputElement).value),
    ).toEqual(['40'])
    expect(screen.getByRole('button', { name: 'Remove rule 1' })).toHaveFocus()
    await userEvent.keyboard(' ')
    expect(screen.getByText('No rules yet.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add a rule' })).toHaveFocus()
  })
})
