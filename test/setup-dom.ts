import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { messages } from '../src/components/i18n'
import { CATALOGUE_PIECES } from '../src/lib/i18n/load'
import { FIXED_NOW } from './demo-client'
import { testApp } from './server-app'

/** One clock for client and server: the app's `Date` starts at the demo's pinned instant and runs on from
 * there, so a "last 7 days" page shows the same data on any day and at any hour. Only `Date` is faked
 * (timers stay real); set before the test modules load (a module-level `Date.now()` reads it too) and
 * again before each test (a test that fakes all timers and restores them gets it back). */
/** One wait for anything a page shows after its data arrives: long enough for a page of 44 machines on a
 * busy 2-core machine, and well inside the dom project's test timeout (vitest.config.ts), so a failing
 * wait reports what it missed instead of the test timing out. */
configure({ asyncUtilTimeout: 10_000 })

// the app loads a page's messages with its code (src/components/with-messages.ts); a component rendered on its
// own here speaks English, every part of the catalogue loaded
await messages.need(CATALOGUE_PIECES)

const pinClock = () => vi.useFakeTimers({ toFake: ['Date'], now: FIXED_NOW, shouldAdvanceTime: true })
pinClock()
beforeEach(pinClock)

// jsdom has no 2D canvas: the heatmap canvases draw nothing here (their drawing is checked in Chromium,
// test/e2e/threadbreaks.test.ts); their labels, keyboard readout and table twin are tested in jsdom.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext

/** jsdom's fetch leaves out the headers a browser adds to every same-origin request and a page cannot
 * set (Origin on a POST, Sec-Fetch-Site); the server checks them (server/proxy/same-origin.ts), so they
 * are added here as Chromium adds them (test/e2e checks the real thing). */
export function asBrowserSends(request: Request): Request {
  if (request.method === 'GET' || request.method === 'HEAD') return request
  const headers = new Headers(request.headers)
  headers.set('Origin', new URL(request.url).origin)
  headers.set('Sec-Fetch-Site', 'same-origin')
  return new Request(request, { headers })
}

/** MSW hands the SPA's requests to the real server app, which answers from the demo upstream. */
const { app } = testApp({}, undefined, () => Date.now())
export const mswServer = setupServer(
  http.all(/\/(api\/|app-config\.json)/, ({ request }) => app.fetch(asBrowserSends(request))),
  http.all('*', ({ request }) =>
    HttpResponse.json({ error: `unexpected request ${request.url}` }, { status: 500 }),
  ),
)

beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  mswServer.resetHandlers()
})
afterAll(() => mswServer.close())
