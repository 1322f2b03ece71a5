import { screen } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { renderWithProviders } from '../../test/render'
import { mswServer } from '../../test/setup-dom'
import { NowProvider } from '../components/now'
import { Layout } from './layout'

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

describe('the shell and /app-config.json', () => {
  test('says when the factory’s settings cannot be read, and in which zone times are shown', async () => {
    mswServer.use(
      http.get('/app-config.json', () => HttpResponse.json({ error: 'upstream down' }, { status: 503 })),
    )
    renderWithProviders(
      <NowProvider>
        <Layout />
      </NowProvider>,
    )
    const problem = await screen.findByRole('alert')
    expect(problem).toHaveTextContent(/The factory’s settings could not be read/)
    expect(problem).toHaveTextContent(`this browser’s time zone (${browserZone()})`)
  })

  test('says nothing when they are read', async () => {
    renderWithProviders(
      <NowProvider>
        <Layout />
      </NowProvider>,
    )
    await screen.findByTitle(/this is the generated demo factory/)
    expect(screen.queryByText(/The factory’s settings could not be read/)).toBeNull()
  })
})
