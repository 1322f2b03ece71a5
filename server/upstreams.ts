import type { Config } from './config'
import { createDemoUpstream, type DemoUpstreamOptions } from './demo/app'
import { fetchTransport, type Transport } from './proxy/upstream'

/** Where the two upstreams are and how to reach them, secrets included. */
export interface Upstreams {
  api: { baseUrl: string; apiKey: string; transport: Transport; demo: boolean }
  /** null when the job interface is not configured (the vendor's API without JOB_API_URL): the
   * thread-cone look-up answers that it is not, and no demo is started for it */
  job: { url: string; licence: string; transport: Transport; demo: boolean } | null
  /** generates the demo factory's history (of the company asked for) in the background, so the first
   * reports are quick */
  warmUp?: () => void
}

const DEMO_ORIGIN = 'http://demo-upstream.invalid'

/** Runs the demo upstream somewhere else than in this thread (the Node entry: a worker thread). */
export type DemoRunner = (options: DemoUpstreamOptions) => {
  transport: Transport
  /** generates the history of the company behind `apiKey` */
  warmUp: (apiKey: string) => void
}

/** The demo upstream in this thread: for tests and the dev server. */
const inProcess: DemoRunner = (options) => {
  const upstream = createDemoUpstream(options)
  return {
    transport: fetchTransport(upstream.app.fetch),
    warmUp: (apiKey) => upstream.factory.warmUp(apiKey),
  }
}

/** Wires the configured upstreams: the vendor's through `vendorTransport`, the demo one in-process
 * unless a runner is given. The demo is started only when an upstream is the demo's (never for a job
 * interface that is not configured: the whole demo factory would be generated for nothing). */
export function upstreamsFor(
  config: Config,
  vendorTransport: Transport,
  demoOptions: DemoUpstreamOptions = {},
  runDemo: DemoRunner = inProcess,
): Upstreams {
  const needsDemo = config.api.mode === 'demo' || config.job.mode === 'demo'
  const running = needsDemo
    ? runDemo({ timeZone: config.timeZone, shifts: config.shifts, ...demoOptions })
    : undefined
  const demo = running?.transport
  return {
    // only the API's company is asked for (the job interface needs no history)
    ...(running && config.api.mode === 'demo' ? { warmUp: () => running.warmUp(config.api.apiKey) } : {}),
    api:
      config.api.mode === 'vendor'
        ? { baseUrl: config.api.baseUrl, apiKey: config.api.apiKey, transport: vendorTransport, demo: false }
        : { baseUrl: DEMO_ORIGIN, apiKey: config.api.apiKey, transport: demo!, demo: true },
    job:
      config.job.mode === 'vendor'
        ? { url: config.job.url, licence: config.job.licence, transport: vendorTransport, demo: false }
        : config.job.mode === 'demo'
          ? { url: `${DEMO_ORIGIN}/StitchJob`, licence: config.job.licence, transport: demo!, demo: true }
          : null,
  }
}
