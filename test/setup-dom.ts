import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { testApp } from './server-app'

// jsdom has no 2D canvas: the heatmap canvases draw nothing here (their drawing is checked in Chromium,
// test/e2e/threadbreaks.test.ts); their labels, keyboard readout and table twin are tested in jsdom.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext

/** MSW hands the SPA's requests to the real server app, which answers from the demo upstream. */
const { app } = testApp()
export const mswServer = setupServer(
  http.all(/\/(api\/|app-config\.json)/, ({ request }) => app.fetch(request)),
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
