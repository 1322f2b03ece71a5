import { screen } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { expect, test } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import { MachinesPage } from './machines-page'

test('lists the demo factory’s machines through the real server app', async () => {
  renderWithProviders(<MachinesPage />)
  expect(await screen.findByRole('rowheader', { name: /North 01/ })).toBeInTheDocument()
  expect(screen.getAllByRole('row').length).toBeGreaterThan(40)
})

test('an answer that breaks the schema names the field instead of crashing', async () => {
  mswServer.use(http.get('/api/machines', () => HttpResponse.json({ data: [{ machine_id: 7 }] })))
  renderWithProviders(<MachinesPage />)
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Unexpected response from the production API: data[0].machine_id should be string',
  )
})
