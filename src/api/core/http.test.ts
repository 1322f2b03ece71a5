import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchFromServer } from './http'

const withScheduler = (scheduler: unknown) => {
  Object.defineProperty(globalThis, 'scheduler', { value: scheduler, configurable: true, writable: true })
}

describe('fetchFromServer', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'scheduler')
    vi.restoreAllMocks()
  })

  it('lets the browser run other work before each request starts (a page asks for a dozen at once)', async () => {
    let resume = () => {}
    withScheduler({ yield: () => new Promise<void>((resolve) => (resume = resolve)) })
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'))
    const answer = fetchFromServer('/api/machines', {})
    await Promise.resolve()
    expect(fetch).not.toHaveBeenCalled()
    resume()
    await answer
    expect(fetch).toHaveBeenCalledOnce()
    expect(fetch.mock.calls[0]![0]).toBe('/api/machines')
  })

  it('asks at once where the browser has no scheduler.yield', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}'))
    void fetchFromServer('/api/machines', {})
    expect(fetch).toHaveBeenCalledOnce()
  })
})
