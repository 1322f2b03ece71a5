import { waitFor } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { serveAppConfig } from '../../../test/app-config'
import { renderHookWithProviders } from '../../../test/render'
import { mswServer } from '../../../test/setup-dom'
import { useAppConfig, useFactoryZone, useKnownFactoryZone } from './app-config'

/** The browser runs in a zone that is neither the factory's nor UTC, so each answer tells where it came
 * from. */
const BROWSER_ZONE = 'Asia/Kolkata'
const FACTORY_ZONE = 'America/Chicago'

beforeEach(() => {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), timeZone: BROWSER_ZONE }
  })
})
afterEach(() => {
  vi.restoreAllMocks()
})

/** /app-config.json held back until `answer()` (then answered by the handler before it). */
function heldConfig() {
  let answer = () => {}
  const held = new Promise<void>((resolve) => {
    answer = resolve
  })
  // a handler that returns nothing hands the request on to the next one
  mswServer.use(http.get('/app-config.json', () => held))
  return answer
}

describe('the factory time zone', () => {
  test('is the browser’s while /app-config.json loads, then the factory’s', async () => {
    serveAppConfig({ timeZone: FACTORY_ZONE })
    const answer = heldConfig()
    const { result } = renderHookWithProviders(() => ({
      zone: useFactoryZone(),
      known: useKnownFactoryZone(),
    }))
    expect(result.current).toEqual({ zone: BROWSER_ZONE, known: undefined })
    answer()
    await waitFor(() => expect(result.current).toEqual({ zone: FACTORY_ZONE, known: FACTORY_ZONE }))
  })

  test('stays the browser’s when /app-config.json cannot be read', async () => {
    mswServer.use(http.get('/app-config.json', () => new Response('down', { status: 503 })))
    const { result } = renderHookWithProviders(() => ({
      failed: useAppConfig().isError,
      zone: useFactoryZone(),
      known: useKnownFactoryZone(),
    }))
    await waitFor(() => expect(result.current.failed).toBe(true))
    expect(result.current).toEqual({ failed: true, zone: BROWSER_ZONE, known: undefined })
  })
})
