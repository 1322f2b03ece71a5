import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router'
import { describe, expect, test, vi } from 'vitest'
import { NowProvider } from '../components/now'
import { AppRoutes } from './router'

/** The app shell as the browser gets it, on a memory router, through MSW and the real server app. */
function renderApp(path: string) {
  const seen = { search: '' }
  function Address() {
    seen.search = useLocation().search
    return null
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <NowProvider>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <Address />
        </MemoryRouter>
      </NowProvider>
    </QueryClientProvider>,
  )
  return seen
}

describe('the app shell', () => {
  test('header: demo badge, factory clock in the factory timezone, current shift', async () => {
    renderApp('/')
    // the badge itself (its room is kept, unseen, until the configuration says demo or not)
    expect(await screen.findByTitle(/this is the generated demo factory/)).toHaveTextContent('Demo data')
    expect(screen.getByText('Europe/Berlin')).toBeInTheDocument()
    expect(screen.getByText(/^(Early|Late|Night) shift/)).toBeInTheDocument()
  })

  test('navigation links carry the shared filters and nothing else', async () => {
    renderApp('/?location=2&range=7d&grouping=H')
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    expect(within(nav).getByRole('link', { name: 'Machine status' })).toHaveAttribute(
      'href',
      '/machines?range=7d&location=2',
    )
  })

  test('a deep link restores the filters: only the chosen location’s machines', async () => {
    renderApp('/?location=2')
    await screen.findByRole('article', { name: /^South 01/ })
    expect(screen.getByLabelText('Location')).toHaveValue('2')
    expect(screen.queryByRole('article', { name: /^North 01/ })).toBeNull()
  })

  test('changing a filter writes it into the URL', async () => {
    const seen = renderApp('/')
    const location = await screen.findByLabelText('Location')
    await screen.findByRole('option', { name: 'Annex' })
    await userEvent.selectOptions(location, 'Annex')
    expect(seen.search).toBe('?location=3')
    expect(await screen.findByRole('article', { name: /^Annex 01/ })).toBeInTheDocument()
  })

  test('an unknown address shows the not-found page inside the shell', async () => {
    renderApp('/no/such/page')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })

  test('the theme button switches light and dark', async () => {
    document.documentElement.classList.add('dark')
    renderApp('/')
    await userEvent.click(await screen.findByRole('button', { name: 'Light theme' }))
    expect(document.documentElement.classList.contains('dark')).toBe(false)
    await userEvent.click(screen.getByRole('button', { name: 'Dark theme' }))
    expect(document.documentElement.classList.contains('dark')).toBe(true)
  })
})

test('a page that fails while rendering says so inside the shell, and a link leads out of it', async () => {
  const { Page } = await import('./router')
  const { Link, Route, Routes } = await import('react-router')
  vi.spyOn(console, 'error').mockImplementation(() => {})
  function Broken(): never {
    throw new Error('the design list is corrupt')
  }
  render(
    <MemoryRouter initialEntries={['/broken']}>
      <Link to="/fine">elsewhere</Link>
      <Routes>
        <Route path="/broken" element={<Page component={Broken} />} />
        <Route path="/fine" element={<Page component={() => <p>fine page</p>} />} />
      </Routes>
    </MemoryRouter>,
  )
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('This page could not be shown')
  expect(alert).toHaveTextContent('the design list is corrupt')
  await userEvent.click(screen.getByRole('link', { name: 'elsewhere' }))
  expect(await screen.findByText('fine page')).toBeInTheDocument()
  vi.restoreAllMocks()
})
