import { fetchTransport, type Transport } from '../server/proxy/upstream'

export type Behaviour =
  | 'ok'
  | 'slow'
  | 'deaf'
  | 'error500'
  | 'html'
  | 'malformed'
  | 'reset'
  | 'huge'
  | 'notFound'
  | 'null'
  | 'array'
  | 'redirect'

/** An upstream that misbehaves on demand, counting the calls that reach it. */
export function fakeUpstream(initial: Behaviour = 'ok') {
  const calls: Request[] = []
  let behaviour = initial
  let held = false
  const waiting: Array<() => void> = []
  /** calls answered by nobody yet, and the most there ever were at once */
  const load = { inFlight: 0, most: 0 }
  const handler = async (request: Request): Promise<Response> => {
    calls.push(request)
    switch (behaviour) {
      case 'slow':
        return new Promise<Response>((_, reject) => {
          request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        })
      case 'deaf':
        return new Promise<Response>(() => {}) // never answers, ignores the abort
      case 'error500':
        return Response.json({ error: 'database unavailable' }, { status: 500 })
      case 'notFound':
        return Response.json({ error: 'Machine not found' }, { status: 404 })
      case 'html':
        return new Response('<html>502 Bad Gateway</html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        })
      case 'null':
        return new Response('null', { headers: { 'Content-Type': 'application/json' } })
      case 'array':
        return Response.json([1, 2, 3])
      case 'redirect':
        return new Response(null, { status: 302, headers: { Location: 'https://login.example/sso' } })
      case 'malformed':
        return new Response('{"data": [', { headers: { 'Content-Type': 'application/json' } })
      case 'reset':
        throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } })
      case 'huge':
        return new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(new Uint8Array(1024 * 1024).fill(32))
            },
          }),
        )
      default: {
        load.inFlight++
        load.most = Math.max(load.most, load.inFlight)
        if (held) await new Promise<void>((r) => waiting.push(r))
        load.inFlight--
        return Response.json(
          { data: [{ id: new URL(request.url).pathname }] },
          { headers: { 'Set-Cookie': 'upstream=1' } },
        )
      }
    }
  }
  const transport: Transport = fetchTransport(handler)
  return {
    transport,
    calls,
    load,
    set: (next: Behaviour) => {
      behaviour = next
    },
    /** hold answers until `open()` is called, to line up concurrent requests */
    hold: () => {
      held = true
    },
    open: () => {
      held = false
      for (const resolve of waiting.splice(0)) resolve()
    },
  }
}
