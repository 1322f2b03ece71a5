import type { Config } from './config'
import { createDemoUpstream, type DemoUpstreamOptions } from './demo/app'
import { fetchTransport, type Transport } from './proxy/upstream'

/** Where the two upstreams are and how to reach them, secrets included. */
export interface Upstreams {
  api: { baseUrl: string; apiKey: string; transport: Transport; demo: boolean }
  job: { url: string; licence: string; transport: Transport; demo: boolean }
  /** generates the demo factory's history in the background, so the first reports are quick */
  warmUp?: () => void
}

const DEMO_ORIGIN = 'http://demo-upstream.invalid'

/** Wires the configured upstreams: the vendor's through `vendorTransport`, the demo one in-process. */
export function upstreamsFor(
  config: Config,
  vendorTransport: Transport,
  demoOptions: DemoUpstreamOptions = {},
): Upstreams {
  const needsDemo = config.api.mode === 'demo' || config.job.mode === 'demo'
  const upstream = needsDemo
    ? createDemoUpstream({ timeZone: config.timeZone, shifts: config.shifts, ...demoOptions })
    : undefined
  const demo = upstream && fetchTransport(upstream.app.fetch)
  return {
    ...(upstream ? { warmUp: () => upstream.factory.warmUp() } : {}),
    api:
      config.api.mode === 'vendor'
        ? { baseUrl: config.api.baseUrl, apiKey: config.api.apiKey, transport: vendorTransport, demo: false }
        : { baseUrl: DEMO_ORIGIN, apiKey: config.api.apiKey, transport: demo!, demo: true },
    job:
      config.job.mode === 'vendor'
        ? { url: config.job.url, licence: config.job.licence, transport: vendorTransport, demo: false }
        : { url: `${DEMO_ORIGIN}/StitchJob`, licence: config.job.licence, transport: demo!, demo: true },
  }
}
