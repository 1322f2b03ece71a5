import { Worker } from 'node:worker_threads'
import { checkJsonInline, type JsonCheck, type JsonKind } from './proxy/upstream'

/** Answers up to this size are checked where they arrive; larger ones on the JSON worker. */
const INLINE_BYTES = 1024 * 1024

/** A worker with nothing to check for this long is stopped (its heap is ~15 MB); the next large answer
 * starts another (~30 ms). */
export const JSON_WORKER_IDLE_MS = 30_000

export interface WorkerJsonCheckOptions {
  idleMs?: number
  /** told when the worker starts and stops (tests) */
  onWorker?: (event: 'started' | 'stopped') => void
}

/** The Node entry's JSON check (CallOptions.parse): large answers are checked on a worker thread by a
 * validator that builds nothing (json-validate.mjs), so `/healthz` and cached answers stay quick and
 * memory flat while heavy reports arrive. The body travels there and back by transfer, not copied. */
export function workerJsonCheck({
  idleMs = JSON_WORKER_IDLE_MS,
  onWorker,
}: WorkerJsonCheckOptions = {}): JsonCheck {
  let worker: Worker | undefined
  const pending = new Map<number, (answer: { kind: string; returned: Uint8Array }) => void>()
  let next = 0
  let idle: ReturnType<typeof setTimeout> | undefined
  const stopWhenIdle = () => {
    clearTimeout(idle)
    if (pending.size > 0 || !worker) return
    const stopping = worker
    idle = setTimeout(() => {
      if (worker !== stopping || pending.size > 0) return
      worker = undefined
      void stopping.terminate().then(() => onWorker?.('stopped'))
    }, idleMs)
    idle.unref()
  }
  const start = () => {
    // no preloads: the worker is plain JavaScript and needs none (tsx's would fail in a worker on Node 20)
    const started = new Worker(new URL('./json-worker.mjs', import.meta.url), { execArgv: [] })
    started.unref()
    started.on('message', ({ id, kind, body }: { id: number; kind: string; body: Uint8Array }) => {
      pending.get(id)?.({ kind, returned: body })
      pending.delete(id)
      stopWhenIdle()
    })
    started.on('error', (error) => {
      console.error(`stitchboard: the JSON worker stopped (${error.message}); starting another`)
      for (const settle of pending.values()) settle({ kind: 'invalid', returned: new Uint8Array() })
      pending.clear()
      if (worker === started) worker = undefined
    })
    onWorker?.('started')
    return started
  }
  return async (body) => {
    if (body.byteLength <= INLINE_BYTES) return checkJsonInline(body)
    clearTimeout(idle)
    worker ??= start()
    const id = next++
    // lent to the worker by transfer and handed back the same way; a view into a larger buffer is copied
    const whole = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength
    const lent = whole ? body : body.slice()
    const { kind, returned } = await new Promise<{ kind: string; returned: Uint8Array }>((resolve) => {
      pending.set(id, resolve)
      worker!.postMessage({ id, body: lent }, [lent.buffer as ArrayBuffer])
    })
    if (kind === 'invalid') throw new SyntaxError('not JSON')
    return { kind: kind as JsonKind, body: returned }
  }
}
