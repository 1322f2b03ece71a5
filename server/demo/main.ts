import { serve } from '@hono/node-server'
import { createDemoUpstream } from './app'

/** `npm run demo-upstream`: the demo upstream alone, for any HTTP client (default port 8090). */
const port = Number(process.env.PORT ?? 8090)
const host = process.env.HOST ?? '127.0.0.1'
const timeZone = process.env.FACTORY_TIMEZONE || undefined
const { app } = createDemoUpstream(timeZone ? { timeZone } : {})
serve({ fetch: app.fetch, port, hostname: host }, () => {
  console.log(`demo upstream on http://${host}:${port}  (X-API-Key: demo-key-a, demo-key-b or demo-key-c)`)
  console.log(
    `job interface: POST http://${host}:${port}/StitchJob  (WebApiLicense: demo-licence-a or demo-licence-b)`,
  )
})
