import { serve } from '@hono/node-server'
import { ConfigError, type DemoUpstreamConfig, loadDemoUpstreamConfig } from '../config'
import { createDemoUpstream } from './app'

/** `npm run demo-upstream`: the demo upstream alone, for any HTTP client (default port 8090). */
let config: DemoUpstreamConfig
try {
  config = loadDemoUpstreamConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(`demo upstream: configuration error: ${error.message.split('\n').join('; ')}`)
  process.exit(1)
}
const { host, port, timeZone } = config
const { app } = createDemoUpstream(timeZone ? { timeZone } : {})
serve({ fetch: app.fetch, port, hostname: host }, () => {
  console.log(`demo upstream on http://${host}:${port}  (X-API-Key: demo-key-a, demo-key-b or demo-key-c)`)
  console.log(
    `job interface: POST http://${host}:${port}/StitchJob  (WebApiLicense: demo-licence-a or demo-licence-b)`,
  )
})
