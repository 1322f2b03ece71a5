import { Worker } from 'node:worker_threads'
import type { Transport } from '../proxy/upstream'
import type { DemoUpstreamOptions } from './app'
import type { DemoAnswer, DemoCall } from './worker'

/** A transport to the demo upstream running in a worker thread (Node entry only; tests call the demo
 * in-process). Calls in flight are bounded by the server's upstream limit; an aborted call's late answer
 * is dropped. From the sources the worker runs TypeScript through tsx (worker-entry.mjs); the built server
 * bundles it (worker-built.mjs becomes dist-server/worker-entry.mjs, beside main.mjs). */
export function demoWorkerTransport(options: DemoUpstreamOptions): {
  transport: Transport
  warmUp: (apiKey: string) => void
} {
  const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
    workerData: { options, execArgv: process.execArgv },
    execArgv: [],
    // a young generation of 8 MB instead of V8's default (up to 48): a report's short-lived objects are
    // collected sooner, the thread idles ~20 MB smaller and is back there soon after heavy reports
    // (bench:demo-memory, 30 s after 8 callers' load: ~90 MB instead of ~190-235; reports no slower).
    // The old generation keeps its default: a thread that reaches its limit dies, and the demo with it.
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  })
  worker.unref()
  const pending = new Map<number, (answer: DemoAnswer) => void>()
  let next = 0
  worker.on('message', (answer: DemoAnswer) => {
    pending.get(answer.id)?.(answer)
    pending.delete(answer.id)
  })
  worker.on('error', (error) => {
    console.error(`stitchboard: the demo upstream stopped (${error.message})`)
    for (const [id, settle] of pending) settle({ id, error: 'the demo upstream stopped' })
    pending.clear()
  })
  const transport: Transport = ({ url, method, headers, body, signal }) =>
    new Promise((resolve, reject) => {
      const id = next++
      const call: DemoCall = { id, url, method, headers, ...(body !== undefined ? { body } : {}) }
      signal.addEventListener('abort', () => {
        pending.delete(id)
        reject(new DOMException('aborted', 'AbortError'))
      })
      pending.set(id, (answer) => {
        if ('error' in answer) return reject(new Error(answer.error))
        resolve({
          status: answer.status,
          body: (async function* () {
            yield answer.body
          })(),
          ...(answer.location ? { location: answer.location } : {}),
        })
      })
      worker.postMessage(call)
    })
  return { transport, warmUp: (apiKey) => worker.postMessage({ warmUp: apiKey }) }
}
