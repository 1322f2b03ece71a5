import { type Context, Hono } from 'hono'
import type { Config } from './config'
import { accessControl } from './proxy/access'
import { AnswerCache } from './proxy/answer-cache'
import { checkGet } from './proxy/api-get'
import { checkJob, MAX_JOB_BODY_BYTES, upstreamJobBody } from './proxy/job-request'
import { securityHeaders } from './proxy/security-headers'
import { type Answer, callUpstream, UpstreamError } from './proxy/upstream'
import { type StaticFiles, serveStatic } from './static-files'
import type { Upstreams } from './upstreams'

export interface AppOptions {
  config: Config
  upstreams: Upstreams
  /** the built SPA; without it only the API routes answer */
  staticFiles?: StaticFiles
  version: string
  clientKey?: (c: Context) => string
  sleep?: (ms: number) => Promise<void>
}

/** Thread-cone catalogue answers change rarely (ARCHITECTURE.md: an hour). */
const JOB_CACHE_SECONDS = 3600
const MAX_UPSTREAM_BYTES = 64 * 1024 * 1024
const decoder = new TextDecoder()

const jsonAnswer = (c: Context, answer: Answer, hit: boolean) =>
  c.body(answer.body as Uint8Array<ArrayBuffer>, answer.status as 200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Cache': hit ? 'HIT' : 'MISS',
  })

/** The raw path of the request, still percent-encoded (Hono's c.req.path is decoded). */
function rawPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  const end = url.search(/[?#]/)
  return url.slice(start, end === -1 ? undefined : end)
}

/** The stitchboard server (ARCHITECTURE.md, "Server contract"): one app for production, dev and tests. */
export function createApp({ config, upstreams, staticFiles, version, clientKey, sleep }: AppOptions) {
  const app = new Hono()
  const cache = new AnswerCache({ maxEntries: 2000, maxBytes: 256 * 1024 * 1024 })
  const call = { timeoutSeconds: config.upstreamTimeoutSeconds, maxBytes: MAX_UPSTREAM_BYTES }

  app.use('*', securityHeaders)
  app.onError((error, c) => {
    if (error instanceof UpstreamError) return c.json({ error: error.message }, error.status)
    console.error('stitchboard server error', error)
    return c.json({ error: 'The stitchboard server failed on this request; see its log' }, 500)
  })
  app.notFound((c) => c.json({ error: `No such page or endpoint: ${c.req.path.slice(0, 200)}` }, 404))

  app.get('/healthz', (c) =>
    c.json({
      status: 'ok',
      version,
      api: upstreams.api.demo ? 'demo' : 'vendor',
      job: upstreams.job.demo ? 'demo' : 'vendor',
    }),
  )

  if (config.dashboardToken) {
    app.use(
      '*',
      accessControl({
        token: config.dashboardToken,
        clientKey: clientKey ?? (() => 'client'),
        ...(sleep ? { sleep } : {}),
      }),
    )
  }

  app.get('/app-config.json', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({
      demo: upstreams.api.demo,
      threadConesDemo: upstreams.job.demo,
      timeZone: config.timeZone,
      shifts: config.shifts,
      version,
    })
  })

  app.post('/api/job', async (c) => {
    const declared = Number(c.req.header('Content-Length') ?? 0)
    const text = declared > MAX_JOB_BODY_BYTES ? null : await c.req.text()
    if (text === null || new TextEncoder().encode(text).byteLength > MAX_JOB_BODY_BYTES) {
      return c.json({ error: `A look-up request may be at most ${MAX_JOB_BODY_BYTES / 1024} KB` }, 413)
    }
    const job = checkJob(text)
    if (!job.ok) return c.json({ error: job.error }, 400)
    const key = `JOB ${job.requestType} ${JSON.stringify(job.threadCone ?? null)}`
    const { answer, hit } = await cache.get(
      key,
      JOB_CACHE_SECONDS,
      () =>
        callUpstream(
          upstreams.job.transport,
          {
            url: upstreams.job.url,
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: upstreamJobBody(job, upstreams.job.licence),
          },
          { ...call, name: 'the thread-cone service' },
        ),
      (a) =>
        a.status === 200 && (JSON.parse(decoder.decode(a.body)) as { Success?: unknown }).Success === true,
    )
    return jsonAnswer(c, answer, hit)
  })
  app.all('/api/job', (c) => c.json({ error: 'Use POST for /api/job' }, 405, { Allow: 'POST' }))

  app.all('/api/*', async (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return c.json(
        { error: `Method ${c.req.method} is not allowed; the production API is read-only` },
        405,
        { Allow: 'GET' },
      )
    }
    const checked = checkGet(rawPath(c.req.url).slice('/api'.length), new URL(c.req.url).searchParams)
    if (!checked.ok) return c.json({ error: checked.error }, checked.status)
    const target = `${checked.target.path}${checked.query ? `?${checked.query}` : ''}`
    const { answer, hit } = await cache.get(
      `GET ${target}`,
      config.cacheTtlSeconds,
      () =>
        callUpstream(
          upstreams.api.transport,
          {
            url: `${upstreams.api.baseUrl}${target}`,
            method: 'GET',
            headers: { 'X-API-Key': upstreams.api.apiKey, Accept: 'application/json' },
          },
          { ...call, name: 'the production API' },
        ),
      (a) => a.status === 200,
    )
    return jsonAnswer(c, answer, hit)
  })

  if (staticFiles) {
    app.get('*', (c) => serveStatic(c, staticFiles))
  }
  return app
}
