import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { serveAppConfig } from '../../../test/app-config'
import { renderWithProviders } from '../../../test/render'
import { testApp, VENDOR_ENV } from '../../../test/server-app'
import { asBrowserSends, mswServer } from '../../../test/setup-dom'
import { ThreadConesPage } from './thread-cones-page'

/** Issue 34: the page says where its colours come from when they are not the factory's own. */
function renderAt(search: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/thread-cones" element={<ThreadConesPage />} />
    </Routes>,
    { path: `/thread-cones${search}` },
  )
}

let jobs: string[] = []
const listener = ({ request }: { request: Request }) => {
  if (new URL(request.url).pathname === '/api/job') jobs.push(request.method)
}
beforeEach(() => {
  jobs = []
  localStorage.clear()
  mswServer.events.on('request:start', listener)
})
afterEach(() => {
  mswServer.events.removeListener('request:start', listener)
})

describe('where the thread colours come from', () => {
  test('the vendor’s API without JOB_API_URL: how to configure the look-up, and no look-up form', async () => {
    // the real server app on the vendor's API with no job interface, as the browser reaches it
    const { API_BASE_URL, API_KEY } = VENDOR_ENV
    const { app } = testApp({ API_BASE_URL, API_KEY })
    mswServer.use(http.all(/\/(api\/|app-config\.json)/, ({ request }) => app.fetch(asBrowserSends(request))))
    // a shared link to a look-up opens the explanation too
    renderAt('?m=Nordfaden&s=NFP-40&c=1004')
    const explanation = await screen.findByRole('region', {
      name: 'The thread-cone look-up is not configured',
    })
    // the two settings, each with what to put in it
    const settings = within(explanation)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])
    expect(settings).toEqual([
      ['JOB_API_URL', expect.stringContaining('the vendor’s web API address')],
      ['WEB_API_LICENSE', expect.stringContaining('licence')],
    ])
    expect(explanation).toHaveTextContent('sets these two environment variables and restarts it')
    // not a broken form or an error: no fields, no alert, nothing asked of a service that is not there
    expect(screen.queryByRole('form', { name: 'Look up a colour' })).toBeNull()
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByText('Demo catalogue')).toBeNull()
    expect(jobs).toEqual([])
  })

  test('demo mode: the look-up answers from a catalogue labelled as the demo’s, not the factory’s', async () => {
    renderAt('?m=Nordfaden&s=NFP-40&c=1898')
    expect(await screen.findByText('Demo catalogue')).toBeVisible()
    expect(screen.getByText(/are the demo’s, not your factory’s/)).toBeVisible()
    expect(screen.getByRole('form', { name: 'Look up a colour' })).toBeInTheDocument()
    expect(await screen.findByRole('article', { name: 'Colour 1898' })).toBeInTheDocument()
  })

  test('the vendor’s thread-cone service: the colours carry no demo label', async () => {
    serveAppConfig({ demo: false, threadCones: 'vendor' })
    renderAt('')
    await screen.findByRole('form', { name: 'Look up a colour' })
    expect(screen.queryByText('Demo catalogue')).toBeNull()
    expect(screen.queryByRole('region', { name: /not configured/ })).toBeNull()
  })
})
