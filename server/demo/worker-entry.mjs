// The demo upstream's worker thread starts here, in plain JavaScript and with no preloads of its own
// (Node 20 does not carry loader hooks into a worker): it registers tsx, runs the server's own `--import`
// preloads (the end-to-end tests' clock among them, passed in workerData), then loads the TypeScript worker.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
const args = workerData.execArgv
for (let i = 0; i < args.length; i++) {
  const spec = args[i] === '--import' ? args[++i] : args[i]?.startsWith('--import=') ? args[i].slice(9) : null
  if (!spec || spec === 'tsx' || spec.startsWith('tsx/')) continue
  await import(spec.startsWith('.') || spec.startsWith('/') ? pathToFileURL(resolve(spec)).href : spec)
}
await import('./worker.ts')
