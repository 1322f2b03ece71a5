import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { http } from 'msw'
import { createElement } from 'react'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import * as z from 'zod/mini'
import { testApp } from '../../../test/server-app'
import { asBrowserSends, mswServer } from '../../../test/setup-dom'

/** The app under a proxy's sub-path (BASE_PATH=/stitchboard, issue 34): the server's page names the base
 * in its <base href>, and every address the app asks for or builds carries it. The server here is the
 * real app under that base path, behind MSW as the browser would reach it. */
const based = testApp({ BASE_PATH: '/stitchboard' }, undefined, () => Date.now()).app
let modules: {
  base: typeof import('./base-path')
  http: typeof import('./http')
  setup: typeof import('../../features/kiosk/kiosk-setup')
}

beforeAll(async () => {
  const element = document.createElement('base')
  element.href = '/stitchboard/'
  document.head.prepend(element)
  // the base path is read once, as the app starts: these modules start with the element in place
  vi.resetModules()
  modules = {
    base: await import('./base-path'),
    http: await import('./http'),
    setup: await import('../../features/kiosk/kiosk-setup'),
  }
  // the fresh modules' messages: English, every piece (as test/setup-dom.ts loads them for the others)
  const [{ messages }, { CATALOGUE_PIECES }] = await Promise.all([
    import('../../components/i18n'),
    import('../../lib/i18n/load'),
  ])
  await messages.need(CATALOGUE_PIECES)
})

const serveUnderBase = () => {
  const asked: string[] = []
  mswServer.use(
    http.all(/\/stitchboard\//, ({ request }) => {
      asked.push(new URL(request.url).pathname)
      return based.fetch(asBrowserSends(request))
    }),
  )
  return asked
}

describe('the app under a base path', () => {
  test('the base path comes from the page’s <base href>', () => {
    expect(modules.base.BASE_PATH).toBe('/stitchboard')
    expect(modules.base.appUrl('/api/live')).toBe('/stitchboard/api/live')
    expect(modules.base.appPath('/stitchboard/kiosk')).toBe('/kiosk')
    expect(modules.base.appPath('/stitchboard')).toBe('/')
  })

  test('the API helpers ask under it', async () => {
    const asked = serveUnderBase()
    const config = await modules.http.getJson('/app-config.json', z.object({ demo: z.boolean() }))
    expect(config.demo).toBe(true)
    await modules.http.getJson('/api/machines', z.object({ data: z.array(z.unknown()) }))
    expect(asked).toEqual(['/stitchboard/app-config.json', '/stitchboard/api/machines'])
  })

  test('the kiosk set-up builds the wall’s address under it', async () => {
    serveUnderBase()
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(createElement(QueryClientProvider, { client }, createElement(modules.setup.KioskSetup)))
    expect(screen.getByLabelText(/This dashboard’s address/)).toHaveValue('http://localhost:3000/stitchboard')
    expect(screen.getByRole('link', { name: /\/kiosk\?/ })).toHaveAttribute(
      'href',
      expect.stringMatching(
        /^http:\/\/localhost:3000\/stitchboard\/kiosk\?pages=status,threadbreaks,shifts&/,
      ),
    )
  })
})
