import { describe, expect, test } from 'vitest'
import { fakeUpstream } from '../../test/fake-upstream'
import { VENDOR_ENV } from '../../test/server-app'
import { createApp } from '../app'
import { loadConfig } from '../config'
import type { DemoUpstreamOptions } from '../demo/app'
import { type DemoRunner, upstreamsFor } from '../upstreams'

/** The server as the Node entry wires it, with a demo runner that only counts: the demo upstream is a
 * worker thread generating the demo factory (some 100 MB of memory at least), started only when an upstream is the demo's. */
function serverOn(env: Record<string, string>) {
  const demoStarts: DemoUpstreamOptions[] = []
  const runDemo: DemoRunner = (options) => {
    demoStarts.push(options)
    return {
      transport: () => Promise.reject(new Error('the demo upstream is not asked in this test')),
      warmUp: () => {},
    }
  }
  const vendor = fakeUpstream()
  const config = loadConfig({ FACTORY_TIMEZONE: 'Europe/Berlin', ...env })
  const upstreams = upstreamsFor(config, vendor.transport, {}, runDemo)
  const app = createApp({ config, upstreams, version: 'test' })
  return { app, upstreams, demoStarts, vendor }
}

const lookUp = (app: ReturnType<typeof createApp>) =>
  app.request('/api/job', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify({ RequestType: 'GetThreadConeManufacturer' }),
  })

const { API_BASE_URL, API_KEY } = VENDOR_ENV

/** Issue 34: the vendor's API without JOB_API_URL does no demo work and shows no demo colours. */
describe('the vendor’s API without a job interface', () => {
  test('no demo upstream is started; the production API goes to the vendor', async () => {
    const { app, upstreams, demoStarts, vendor } = serverOn({ API_BASE_URL, API_KEY })
    expect(demoStarts).toEqual([])
    expect(upstreams.warmUp).toBeUndefined()
    expect((await app.request('/api/machines')).status).toBe(200)
    expect(vendor.calls.map((r) => new URL(r.url).href)).toEqual(['http://vendor.test/v1/machines'])
  })

  test('a thread-cone look-up answers 503 job-not-configured, saying what to set, and asks no one', async () => {
    const { app, vendor } = serverOn({ API_BASE_URL, API_KEY })
    const answer = await lookUp(app)
    expect(answer.status).toBe(503)
    // not a passing outage: nothing to retry until the server is configured
    expect(answer.headers.get('Retry-After')).toBeNull()
    const body = await answer.json()
    expect(body.reason).toBe('job-not-configured')
    expect(body.error).toMatch(/^The thread-cone look-up is not configured on this server/)
    expect(body.error).toContain('JOB_API_URL')
    expect(body.error).toContain('WEB_API_LICENSE')
    expect(vendor.calls).toEqual([])
  })

  test('/app-config.json and /healthz say the look-up is not configured', async () => {
    const { app } = serverOn({ API_BASE_URL, API_KEY })
    expect(await (await app.request('/app-config.json')).json()).toMatchObject({
      demo: false,
      threadCones: 'none',
    })
    expect(await (await app.request('/healthz')).json()).toMatchObject({ api: 'vendor', job: 'none' })
  })
})

describe('where thread-cone look-ups go otherwise', () => {
  test('nothing set: the demo, started once for both upstreams', async () => {
    const { app, demoStarts } = serverOn({})
    expect(demoStarts).toHaveLength(1)
    expect((await (await app.request('/app-config.json')).json()).threadCones).toBe('demo')
    expect(await (await app.request('/healthz')).json()).toMatchObject({ api: 'demo', job: 'demo' })
  })

  test('both vendor addresses: the vendor’s job interface, no demo', async () => {
    const { app, demoStarts, vendor } = serverOn(VENDOR_ENV)
    expect(demoStarts).toEqual([])
    expect((await lookUp(app)).status).toBe(200)
    expect(vendor.calls.map((r) => r.url)).toEqual(['http://jobs.test/api/StitchJob'])
    expect((await (await app.request('/app-config.json')).json()).threadCones).toBe('vendor')
    expect(await (await app.request('/healthz')).json()).toMatchObject({ api: 'vendor', job: 'vendor' })
  })
})
