import { afterEach, describe, expect, it, vi } from 'vitest'
import { speaking } from '../../../test/messages'
import { describeError } from './errors'
import { fetchFromServer, send } from './http'

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

describe('a refusal for want of a right', () => {
  afterEach(() => vi.restoreAllMocks())
  const refused = (status: number, body: object) =>
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }))

  it('is said in the reader’s words, naming why', async () => {
    refused(403, { error: 'Olaf Operator does not work at location 2', reason: 'location' })
    const error = await send('/api/plan/rejects', { method: 'POST' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 403, reason: 'location' })
    expect(describeError(error, speaking('de').t)).toBe(
      'Das liegt an einem Standort, an dem Sie nicht arbeiten: fragen Sie jemanden, der dort arbeitet.',
    )
  })

  it('keeps the server’s own words for any other refusal', async () => {
    refused(409, { error: 'Someone else gave this stop a reason' })
    const error = await send('/api/stops/reason', { method: 'POST' }).catch((e: unknown) => e)
    expect(describeError(error, speaking('en').t)).toBe('Someone else gave this stop a reason')
  })
})
