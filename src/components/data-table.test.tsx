import { render, screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { DataTable } from './data-table'

describe('DataTable', () => {
  test('a caption names the table; headings come from the columns, the body rows from the caller', () => {
    render(
      <DataTable
        className="w-full"
        caption="Breaks per machine"
        headRowClassName="border-b"
        columns={[
          { key: 'Machine', className: 'text-left' },
          { key: 'n1', label: 'B', headProps: { title: 'Bobbin' } },
        ]}
        footer={
          <tr>
            <th scope="row">Total</th>
            <td>3</td>
          </tr>
        }
      >
        <tr>
          <th scope="row">North 01</th>
          <td>3</td>
        </tr>
      </DataTable>,
    )
    const table = screen.getByRole('table', { name: 'Breaks per machine' })
    expect(table).toHaveClass('w-full')
    expect(table.querySelector('caption')).toHaveClass('sr-only')
    const headings = within(table).getAllByRole('columnheader')
    expect(headings.map((h) => h.textContent)).toEqual(['Machine', 'B'])
    expect(headings.map((h) => h.getAttribute('scope'))).toEqual(['col', 'col'])
    expect(headings[0]).toHaveClass('text-left')
    expect(headings[1]).toHaveAttribute('title', 'Bobbin')
    expect(headings[0]!.parentElement).toHaveClass('border-b')
    expect(within(table).getByRole('rowheader', { name: 'North 01' }).closest('tbody')).not.toBeNull()
    expect(within(table).getByRole('rowheader', { name: 'Total' }).closest('tfoot')).not.toBeNull()
  })

  test('without a caption there is none; an aria-label names it instead', () => {
    render(
      <DataTable aria-label="Codes" columns={[{ key: 'Code' }]}>
        <tr>
          <td>1</td>
        </tr>
      </DataTable>,
    )
    const table = screen.getByRole('table', { name: 'Codes' })
    expect(table.querySelector('caption')).toBeNull()
    expect(table.querySelector('tfoot')).toBeNull()
  })
})
