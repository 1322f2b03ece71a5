import { getRequestListener } from '@hono/node-server'
import { createApp } from './app'
import { loadConfig } from './config'
import { undiciTransport } from './node-server'
import { upstreamsFor } from './upstreams'

/** The server app as a Connect middleware for Vite's dev server (`npm run dev`). */
export function devMiddleware() {
  const config = loadConfig()
  const app = createApp({ config, upstreams: upstreamsFor(config, undiciTransport), version: 'dev' })
  const listener = getRequestListener(app.fetch)
  return (req: { url?: string }, res: unknown, next: () => void) => {
    const path = req.url ?? ''
    if (path.startsWith('/api/') || path.startsWith('/app-config.json') || path.startsWith('/healthz')) {
      void listener(req as never, res as never)
    } else next()
  }
}
