// The demo upstream's worker thread of the built server (dist-server/worker-entry.mjs): the server's own
// `--import` preloads first (the tests' clock must be in place before the worker reads the time), then the
// worker itself, bundled with it.
import { workerData } from 'node:worker_threads'
import { runPreloads } from './preloads.mjs'

await runPreloads(workerData.execArgv)
await import('./worker.ts')
