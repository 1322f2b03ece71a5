import { parentPort, workerData } from 'node:worker_threads'
import { createDemoUpstream, type DemoUpstreamOptions } from './app'

/** The demo upstream on a thread of its own (server/demo/worker-transport.ts): 120 days of a living factory
 * is real work, and it must never hold up the server's event loop. */
export interface DemoCall {
  id: number
  url: string
  method: string
  headers: Record<string, string>
  body?: string
}
export type DemoAnswer =
  | { id: number; status: number; body: Uint8Array; location?: string }
  | { id: number; error: string }

const upstream = createDemoUpstream((workerData as { options: DemoUpstreamOptions }).options)
const port = parentPort!
/** One call at a time: a report's rows are built and sent before the next one starts, so the thread's
 * memory holds one answer, not every answer asked for at once. */
let queue = Promise.resolve()
port.on('message', (message: DemoCall | { warmUp: string }) => {
  if ('warmUp' in message) return upstream.factory.warmUp(message.warmUp)
  queue = queue.then(() => answer(message))
})

async function answer({ id, url, method, headers, body }: DemoCall) {
  try {
    const response = await upstream.app.fetch(new Request(url, { method, headers, body: body ?? null }))
    const bytes = await bodyOf(response)
    const location = response.headers.get('Location')
    port.postMessage({ id, status: response.status, body: bytes, ...(location ? { location } : {}) }, [
      bytes.buffer,
    ])
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
}

/** The answer's bytes: a body given as a string (every JSON answer) streams as one chunk that owns its
 * buffer, sent as it is; arrayBuffer() would copy it (a 31-day report is up to 6 MB, twice then). */
async function bodyOf(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = []
  const reader = response.body?.getReader()
  for (let next = await reader?.read(); next && !next.done; next = await reader?.read())
    chunks.push(next.value)
  const [only] = chunks
  if (
    chunks.length === 1 &&
    only!.buffer instanceof ArrayBuffer &&
    only!.byteLength === only!.buffer.byteLength
  )
    return new Uint8Array(only!.buffer)
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0))
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}
