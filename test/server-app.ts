import { type AppOptions, createApp } from '../server/app'
import { type Config, loadConfig } from '../server/config'
import type { SessionStore } from '../server/proxy/access'
import type { Transport } from '../server/proxy/upstream'
import { upstreamsFor } from '../server/upstreams'
import { FIXED_NOW } from './demo-client'

export const VENDOR_ENV = {
  API_BASE_URL: 'http://vendor.test/v1',
  API_KEY: 'secret-api-key-123',
  JOB_API_URL: 'http://jobs.test/api',
  WEB_API_LICENSE: 'secret-licence-456',
  FACTORY_TIMEZONE: 'Europe/Berlin',
}

/** The server app as production builds it, on any environment and upstream transport. */
export function testApp(
  env: Record<string, string> = {},
  transport?: Transport,
  now: () => number = () => FIXED_NOW,
  sessions?: SessionStore,
  options: Pick<AppOptions, 'afterLargeAnswer'> = {},
) {
  const config: Config = loadConfig({ FACTORY_TIMEZONE: 'Europe/Berlin', ...env })
  const vendor: Transport = transport ?? (() => Promise.reject(new Error('no vendor upstream in this test')))
  const upstreams = upstreamsFor(config, vendor, { now })
  /** the answer cache's monotonic clock (`now`) and the wall clock of sessions and attempt limits
   * (`wall`), both moved by the test with `clock.advance(ms)` */
  const clock = {
    ms: 1_000_000,
    wall: FIXED_NOW,
    now: () => clock.ms,
    advance: (ms: number) => {
      clock.ms += ms
      clock.wall += ms
    },
  }
  const app = createApp({
    perf: clock,
    config,
    upstreams,
    version: 'test',
    staticFiles: new Map([
      [
        '/index.html',
        {
          body: new TextEncoder().encode('<!doctype html><title>t</title>'),
          contentType: 'text/html; charset=utf-8',
        },
      ],
    ]),
    clientKey: (c) => c.req.header('X-Test-Socket') ?? '127.0.0.1',
    now: () => clock.wall,
    ...(sessions ? { sessions } : {}),
    ...options,
  })
  return { app, config, clock }
}
