// The demo upstream's worker thread starts here when the server runs from its TypeScript sources (the
// built server has its own, dist-server/worker-entry.mjs, from worker-built.mjs): it registers tsx, runs the
// server's own `--import` preloads (passed in workerData), then loads the TypeScript worker.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'
import { runPreloads } from './preloads.mjs'

register()
await runPreloads(workerData.execArgv)
await import('./worker.ts')
