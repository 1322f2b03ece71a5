/** How the server talks to an upstream. Injected: Node uses undici, tests and the demo an in-process
 * `fetch`, so every step in front of it is the same everywhere. */
export interface UpstreamRequest {
  url: string
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body?: string
  signal: AbortSignal
}

export interface UpstreamResponse {
  status: number
  body: AsyncIterable<Uint8Array>
  /** the Location header of a redirect, for the message (redirects are never followed) */
  location?: string
  /** the body's length as the upstream declared it (Content-Length of an unencoded body), when it did:
   * the body is then read into one buffer of that size instead of chunks joined at the end */
  length?: number
}

export type Transport = (request: UpstreamRequest) => Promise<UpstreamResponse>

/** An upstream answer with a JSON body, ready to pass on or cache (Uint8Array, not ArrayBuffer:
 * bench:proxy measures the difference). */
export interface Answer {
  status: number
  body: Uint8Array
}

/** Why a call failed, with the status we answer and words a supervisor can act on. */
export class UpstreamError extends Error {
  constructor(
    readonly status: 502 | 503 | 504,
    message: string,
  ) {
    super(message)
    this.name = 'UpstreamError'
  }
}

async function* streamChunks(stream: ReadableStream<Uint8Array> | null): AsyncIterable<Uint8Array> {
  if (!stream) return
  const reader = stream.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      yield value
    }
  } finally {
    reader.releaseLock()
  }
}

/** A transport over any fetch-like function: the demo upstream's `app.fetch`, a test's fake, or `fetch`. */
export function fetchTransport(fetchLike: (request: Request) => Response | Promise<Response>): Transport {
  return async ({ url, method, headers, body, signal }) => {
    const response = await fetchLike(
      new Request(url, { method, headers, body: body ?? null, signal, redirect: 'manual' }),
    )
    const location = response.headers.get('Location')
    return { status: response.status, body: streamChunks(response.body), ...(location ? { location } : {}) }
  }
}

export interface CallOptions {
  timeoutSeconds: number
  maxBytes: number
  /** what to call the upstream in messages, e.g. "the production API" */
  name: string
  /** checks that a body is JSON and says what kind of value it holds (the Node entry: large bodies on
   * a worker thread); `checkJsonInline` when not given */
  parse?: JsonCheck
}

/** The kind of a JSON document's top-level value. */
export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null'

/** Resolves with the kind of the body's top-level value and the body (the same bytes, possibly handed
 * back from another thread); rejects when the body is not JSON. */
export type JsonCheck = (body: Uint8Array) => Promise<{ kind: JsonKind; body: Uint8Array }>

/** The JSON check on the calling thread: fine for small answers. */
export const checkJsonInline: JsonCheck = async (body) => {
  const json = JSON.parse(decoder.decode(body)) as unknown
  const kind = json === null ? 'null' : Array.isArray(json) ? 'array' : (typeof json as JsonKind)
  return { kind, body }
}

async function readBody(
  body: AsyncIterable<Uint8Array>,
  maxBytes: number,
  name: string,
  declared: number | undefined,
): Promise<Uint8Array> {
  const tooLarge = () =>
    new UpstreamError(
      502,
      `${name} sent more than ${formatBytes(maxBytes)}; narrow the time range or machines`,
    )
  // a declared length: one buffer, filled as the chunks arrive (a 28 MB report then takes 28 MB, not 56
  // while its chunks are joined)
  if (declared !== undefined) {
    if (declared > maxBytes) throw tooLarge()
    const all = new Uint8Array(declared)
    let offset = 0
    for await (const chunk of body) {
      if (offset + chunk.byteLength > declared) {
        throw new UpstreamError(502, `${name} sent more than the ${declared} bytes it announced`)
      }
      all.set(chunk, offset)
      offset += chunk.byteLength
    }
    if (offset < declared) {
      throw new UpstreamError(502, `${name} broke off its answer (${offset} of ${declared} bytes)`)
    }
    return all
  }
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of body) {
    size += chunk.byteLength
    if (size > maxBytes) throw tooLarge()
    chunks.push(chunk)
  }
  if (chunks.length === 1) return chunks[0]!
  const all = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    all.set(chunk, offset)
    offset += chunk.byteLength
  }
  return all
}

const decoder = new TextDecoder()

/** Calls the upstream with a timeout and a size limit. Resolves with any answer whose body is JSON
 * (its status kept: a 404 stays a 404); rejects with UpstreamError for timeouts (504), unreachable
 * upstreams and answers that are not JSON (502). The deadline holds even for a transport that does
 * not honour the abort signal. */
export async function callUpstream(
  transport: Transport,
  request: Omit<UpstreamRequest, 'signal'>,
  { timeoutSeconds, maxBytes, name, parse }: CallOptions,
): Promise<Answer> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(
        new UpstreamError(
          504,
          `${name} did not answer within ${timeoutSeconds} s; it may be overloaded or down`,
        ),
      )
    }, timeoutSeconds * 1000)
  })
  deadline.catch(() => {}) // settled by whichever comes first; never left unhandled
  try {
    let response: UpstreamResponse
    try {
      response = await Promise.race([transport({ ...request, signal: controller.signal }), deadline])
    } catch (error) {
      if (error instanceof UpstreamError) throw error
      throw new UpstreamError(
        502,
        `Cannot reach ${name} (${describe(error)}); check the network and the configured address`,
      )
    }
    let body: Uint8Array
    try {
      body = await Promise.race([readBody(response.body, maxBytes, name, response.length), deadline])
    } catch (error) {
      if (error instanceof UpstreamError) throw error
      throw new UpstreamError(502, `${name} broke off its answer (${describe(error)})`)
    }
    if (response.status >= 300 && response.status < 400) {
      const location = response.location ? ` to ${response.location.slice(0, 200)}` : ''
      throw new UpstreamError(
        502,
        `${name} answered with a redirect (HTTP ${response.status}${location}); check the configured address`,
      )
    }
    let kind: JsonKind
    try {
      ;({ kind, body } = await (parse ?? checkJsonInline)(body))
    } catch {
      throw new UpstreamError(502, `${name} answered HTTP ${response.status} with something that is not JSON`)
    }
    if (kind !== 'object') {
      const what = kind === 'array' ? 'an array' : kind
      throw new UpstreamError(
        502,
        `${name} answered HTTP ${response.status} with JSON that is not an object (${what})`,
      )
    }
    return { status: response.status, body }
  } finally {
    clearTimeout(timer)
  }
}

/** 64 MiB, 16 KiB, 512 bytes: in the unit the limit is set in. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MiB`
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`
  return `${bytes} bytes`
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string } })?.cause?.code
  const code = (error as { code?: string })?.code
  return cause ?? code ?? (error instanceof Error ? error.message : String(error))
}
