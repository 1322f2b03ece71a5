import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { describe, expect, test } from 'vitest'
import { serveAppConfig } from '../../../test/app-config'
import { renderWithProviders } from '../../../test/render'
import { StatusCodesPage } from './status-codes-page'

const PATH = '/status-codes?range=custom&from=2026-11-17T00:00&till=2026-11-18T00:00'

const render = () =>
  renderWithProviders(
    <Routes>
      <Route path="/status-codes" element={<StatusCodesPage />} />
    </Routes>,
    { path: PATH },
  )

const lineShown = () => screen.getByText(/^STATUS_CODES="/).textContent

describe('the status-codes page', () => {
  test('with the demo’s own table every code seen is mapped; time per code in the range; the line to copy', async () => {
    render()
    const table = await screen.findByRole('table', { name: /Codes in the dictionary/ })
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: /^1 / })).toHaveTextContent(/\d+(\.\d)? %/),
    )
    expect(screen.getByText('Every code seen is in the dictionary.')).toBeInTheDocument()
    const running = within(table).getByRole('row', { name: /^1 / })
    expect(running).toHaveTextContent('Running')
    expect(running).toHaveTextContent(/\d+: /)
    expect(lineShown()).toBe(
      'STATUS_CODES="1=running,2=stopped,9=threadbreak,30=setup:Hooping,40=idle,99=error:Machine error,1012=stopped:Design completed"',
    )
  })

  test('codes the dictionary does not list are shown as such, and mapping them builds the line', async () => {
    serveAppConfig({
      statusCodes: {
        source: 'environment',
        entries: [
          { code: 1, state: 'running', label: 'Running' },
          { code: 2, state: 'stopped', label: 'Stop switch' },
        ],
      },
    })
    const user = userEvent.setup()
    render()
    const warning = await screen.findByText(/codes are not in the dictionary/)
    await waitFor(() => expect(warning).toHaveTextContent(/9.*30|30.*9/))
    expect(screen.getByText(/the STATUS_CODES line set on the server/)).toBeInTheDocument()
    const table = screen.getByRole('table', { name: /Codes in the dictionary/ })
    expect(within(table).getByRole('row', { name: /^9 / })).toHaveTextContent(
      'Status 9 (not in the dictionary)',
    )
    expect(lineShown()).toBe('STATUS_CODES="1=running,2=stopped:Stop switch"')

    await user.selectOptions(screen.getByRole('combobox', { name: 'State for code 9' }), 'threadbreak')
    await user.selectOptions(screen.getByRole('combobox', { name: 'State for code 30' }), 'setup')
    await user.type(screen.getByRole('textbox', { name: 'Label for code 30' }), 'Hooping, frame A')
    expect(lineShown()).toBe(
      'STATUS_CODES="1=running,2=stopped:Stop switch,9=threadbreak,30=setup:Hooping frame A"',
    )

    await user.click(screen.getByRole('button', { name: 'Copy the STATUS_CODES line' }))
    expect(await screen.findByText('Copied.')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(lineShown())
  })
})
