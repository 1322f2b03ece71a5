import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { expect, test } from 'vitest'
import { FIXED_NOW } from '../../../test/demo-client'
import { renderWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import type { Person } from '../../api/people/people'
import { OperatorLink } from './operator-link'

const person = (id: number, name: string, vendorOperatorId: string | null = null): Person => ({
  id,
  login: name.toLowerCase(),
  name,
  role: 'operator',
  locations: [],
  active: true,
  createdAt: FIXED_NOW,
  createdBy: 'Pia',
  vendorOperatorId,
})

/** An operator's row of /reports/operator-overview (the vendor's shape). */
const overview = (operatorId: string, operatorName: string) => ({
  operatorId,
  operatorName,
  stitches: 1,
  threadbreaks: 0,
  passings: 1,
  pieces: 1,
  workTime: 60,
  status: [],
})

test('lists the operators the machines recorded over the last 30 days, and links a person to one', async () => {
  const asked: URLSearchParams[] = []
  const changes: unknown[] = []
  mswServer.use(
    http.get('/api/reports/operator-overview', ({ request }) => {
      asked.push(new URL(request.url).searchParams)
      return HttpResponse.json({
        data: [overview('OP-17', 'Olaf'), overview('OP-3', 'Ana')],
      })
    }),
    http.post('/api/people/:id', async ({ request, params }) => {
      const body = (await request.json()) as { vendorOperatorId: string | null }
      changes.push({ id: params.id, ...body })
      return HttpResponse.json({ person: person(Number(params.id), 'Olaf Operator', body.vendorOperatorId) })
    }),
  )
  renderWithProviders(<OperatorLink people={[person(1, 'Pia Plant'), person(2, 'Olaf Operator')]} />)
  const form = screen.getByRole('form', { name: 'Operator in the machines’ records' })
  await waitFor(() => expect(within(form).getAllByRole('option')).toHaveLength(3 + 2))
  // Unix seconds: the 30 days up to the next full hour
  const till = Math.floor(FIXED_NOW / 3_600_000) * 3600 + 3600
  expect([asked[0]?.get('from'), asked[0]?.get('till')]).toEqual([String(till - 30 * 86_400), String(till)])
  expect(
    within(within(form).getByLabelText('Operator'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Not linked', 'Ana (OP-3)', 'Olaf (OP-17)'])
  await userEvent.selectOptions(within(form).getByLabelText('Name'), 'Olaf Operator')
  await userEvent.selectOptions(within(form).getByLabelText('Operator'), 'OP-17')
  await userEvent.click(within(form).getByRole('button', { name: 'Link' }))
  expect(await within(form).findByRole('status')).toHaveTextContent(
    'Olaf Operator is the operator OP-17 in the machines’ records.',
  )
  expect(changes).toEqual([{ id: '2', vendorOperatorId: 'OP-17' }])
})
