import { type Context, Hono } from 'hono'
import { getPath } from 'hono/utils/url'
import { withoutBase } from '../src/lib/base-path'
import type { AlertEngine } from './alerts/engine'
import type { AuditLog } from './audit/log'
import { acceptsGzip, compressJson, gzipOnce, LARGE_ANSWER_BYTES } from './compress-json'
import type { Config } from './config'
import { demoLocations } from './demo/factory'
import { type History, historyRoutes } from './history/routes'
import type { MaintenanceParts } from './maintenance/routes'
import type { OrderParts } from './orders/parts'
import type { DeviceStore } from './people/devices'
import { integrationRequest } from './people/integration'
import type { PeopleStore } from './people/store'
import { type ViewGate, viewAccess } from './people/view-gate'
import type { PlanParts } from './plan/routes'
import { accessControl, type SessionStore } from './proxy/access'
import { AnswerCache } from './proxy/answer-cache'
import { type CheckOptions, checkGet, MAX_TARGET_LENGTH } from './proxy/api-get'
import { clientAddress, reachedOverHttps } from './proxy/client-address'
import { checkJob, MAX_JOB_BODY_BYTES, upstreamJobBody } from './proxy/job-request'
import { Limiter } from './proxy/limiter'
import { readBodyLimited } from './proxy/request-body'
import { sameOriginRefusal } from './proxy/same-origin'
import { SECURITY_HEADERS, secure, withSecurityHeaders } from './proxy/security-headers'
import { type Answer, callUpstream, type JsonCheck, UpstreamError } from './proxy/upstream'
import { settingsRoutes } from './settings-routes'
import type { ReportDeliveryParts } from './shift-reports/delivery'
import type { ReportStore } from './shift-reports/store'
import { type StaticFiles, serveStatic } from './static-files'
import type { StopBook } from './stops/book'
import type { Upstreams } from './upstreams'

export interface AppOptions {
  config: Config
  upstreams: Upstreams
  /** the built SPA; without it only the API routes answer */
  staticFiles?: StaticFiles
  version: string
  /** the socket address of a request (the Node entry's); behind TRUST_PROXY the client is taken from
   * X-Forwarded-For */
  clientKey?: (c: Context) => string
  /** wall-clock milliseconds for sessions and attempt limits (tests move it) */
  now?: () => number
  /** where token sessions are kept between restarts (the Node entry: a file in DATA_DIR) */
  sessions?: SessionStore
  /** host names this server answers to besides ALLOWED_HOSTS and HOST (the Node entry adds the
   * machine's own name) */
  extraHosts?: readonly string[]
  /** how upstream answers are checked to be JSON (the Node entry: large ones on a worker thread) */
  jsonCheck?: JsonCheck
  /** told after each large answer (LARGE_ANSWER_BYTES and more): the Node entry's memorySettler */
  afterLargeAnswer?: () => void
  /** the monotonic clock of the answer cache's time to live (tests move it) */
  perf?: { now(): number }
  /** the machine history and its watcher, or why there is none yet (starting, or the database could not
   * be opened); read on each request, since the database opens while the server already answers */
  history?: () => HistoryState
}

/** The history as the app serves it: the machines' record and, when this server has them, the rest. */
export type RunningHistory = History &
  PlanParts &
  OrderParts &
  MaintenanceParts & {
    alerts?: AlertEngine
    stops?: StopBook
    delivery?: ReportDeliveryParts
    reports?: ReportStore
    people?: PeopleStore
    audit?: AuditLog
    devices?: DeviceStore
  }
export type HistoryState = RunningHistory | { unavailable: string; starting?: boolean }

const historyHealth = (state: HistoryState) =>
  'store' in state ? 'ready' : state.starting ? 'starting' : 'unavailable'

/** The thread-cone look-up without JOB_API_URL: nothing to ask until it is configured (no Retry-After). */
const JOB_NOT_CONFIGURED = {
  error:
    'The thread-cone look-up is not configured on this server: set JOB_API_URL (the vendor’s web API address) and WEB_API_LICENSE (its licence) and restart it',
  reason: 'job-not-configured',
} as const

const JOB_CACHE_SECONDS = 3600 // thread-cone catalogue answers change rarely
const MAX_UPSTREAM_BYTES = 64 * 1024 * 1024 // 64 MiB
/** Upstream calls at once (the demo's included), and how many more may wait for a turn. */
export const MAX_UPSTREAM_CALLS = 6
export const MAX_QUEUED_CALLS = 64
const decoder = new TextDecoder()

const answerHeaders = (cache: 'HIT' | 'MISS') =>
  Object.freeze({
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Cache': cache,
  })
export const HIT_HEADERS = answerHeaders('HIT')
const MISS_HEADERS = answerHeaders('MISS')

/** An upstream answer as the browser gets it; `gzipped`: its body in gzip (large answers, answerFor). */
const jsonAnswer = (answer: Answer, hit: boolean, gzipped?: Uint8Array) =>
  withSecurityHeaders(
    new Response((gzipped ?? answer.body) as Uint8Array<ArrayBuffer>, {
      status: answer.status,
      headers: gzipped
        ? {
            ...(hit ? HIT_HEADERS : MISS_HEADERS),
            'Content-Encoding': 'gzip',
            'Content-Length': String(gzipped.byteLength),
            Vary: 'Accept-Encoding',
          }
        : hit
          ? HIT_HEADERS
          : MISS_HEADERS,
    }),
  )

/** The request target after `/api` (and the base path, when the request has it), still percent-encoded
 * (Hono's c.req.path is decoded). */
function apiTarget(url: string, base: string): string {
  const path = url.indexOf('/', url.indexOf('//') + 2)
  const start = path + '/api'.length
  const hash = url.indexOf('#', start)
  if (base === '') return url.slice(start, hash === -1 ? undefined : hash)
  return withoutBase(url.slice(path, hash === -1 ? undefined : hash), base).slice('/api'.length)
}

function checkTarget(target: string, options: CheckOptions) {
  const query = target.indexOf('?')
  return query === -1
    ? checkGet(target, new URLSearchParams(), options)
    : checkGet(target.slice(0, query), new URLSearchParams(target.slice(query + 1)), options)
}

/** Request targets already checked, by the raw target: a wall of kiosks asks the same few again and
 * again. Bounded by entries and by the characters it holds; emptied when full (the cheapest memo on
 * the cache-hit path). */
class TargetMemo {
  private readonly map = new Map<string, string>()
  private chars = 0
  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
  ) {}
  get(raw: string) {
    return this.map.get(raw)
  }
  set(raw: string, target: string) {
    const size = raw.length + target.length
    if (this.map.size >= this.maxEntries || this.chars + size > this.maxChars) {
      this.map.clear()
      this.chars = 0
    }
    // flattened copies: a key never keeps alive the request URL it was cut from
    this.map.set(` ${raw}`.slice(1), target)
    this.chars += size
  }
}

/** The stitchboard server (docs/architecture.md, "Data flow"): one app for production, dev and tests. */
export function createApp({
  config,
  upstreams,
  staticFiles,
  version,
  clientKey,
  now,
  sessions,
  perf,
  extraHosts,
  jsonCheck,
  afterLargeAnswer,
  history,
}: AppOptions) {
  const base = config.basePath
  // under BASE_PATH every route sees the path without it, whether the proxy stripped it or not
  const app =
    base === '' ? new Hono() : new Hono({ getPath: (request) => withoutBase(getPath(request), base) })
  /** As jsonAnswer, gzipped here when it is large and the client takes gzip (see LARGE_ANSWER_BYTES); small
   * answers stay on the synchronous path and are left to compressJson. */
  const answerFor = (request: Request, answer: Answer, hit: boolean): Response | Promise<Response> => {
    if (answer.body.byteLength < LARGE_ANSWER_BYTES) return jsonAnswer(answer, hit)
    afterLargeAnswer?.()
    if (request.method === 'HEAD' || !acceptsGzip(request.headers.get('Accept-Encoding') ?? undefined)) {
      return jsonAnswer(answer, hit)
    }
    return gzipOnce(answer.body).then((zipped) => jsonAnswer(answer, hit, zipped))
  }

  const cache = new AnswerCache({ maxEntries: 2000, maxBytes: 16 * 1024 * 1024, ...(perf ? { perf } : {}) })
  const call = {
    timeoutSeconds: config.upstreamTimeoutSeconds,
    maxBytes: MAX_UPSTREAM_BYTES,
    ...(jsonCheck ? { parse: jsonCheck } : {}),
  }
  const upstreamCalls = new Limiter(MAX_UPSTREAM_CALLS, MAX_QUEUED_CALLS)
  const checkedTargets = new TargetMemo(5000, 2 * 1024 * 1024)
  const checkOptions: CheckOptions = { maxRangeDays: config.maxRangeDays }

  app.onError((error, c) => {
    // the history's database not answering (restarting, the network) is a 503 saying so
    if (c.req.path.startsWith('/api/history/'))
      return c.json({ error: `The history database does not answer (${error.message.slice(0, 200)})` }, 503)
    if (error instanceof UpstreamError) {
      if (error.status === 503) c.header('Retry-After', '2')
      return c.json({ error: error.message }, error.status)
    }
    console.error('stitchboard server error', error)
    return c.json({ error: 'The stitchboard server failed on this request; see its log' }, 500)
  })
  // Everything no route claims: the built SPA and its files. Served from here rather than a catch-all
  // route so that an /api request matches exactly one handler, which Hono then runs synchronously
  // (the cache-hit path that bench:proxy measures).
  app.notFound((c) => {
    if (
      staticFiles &&
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      !c.req.path.startsWith('/api/')
    ) {
      return serveStatic(c, staticFiles)
    }
    return c.json({ error: `No such page or endpoint: ${c.req.path.slice(0, 200)}` }, 404)
  })

  // JSON answers go gzipped to clients that accept it: 7 days of the factory's timeline is 3.9 MB as
  // JSON and 0.59 MB gzipped, seconds on a phone's network. The live stream (text/event-stream) and
  // the built files (compressed ahead) are left as they are.
  app.use('/api/*', compressJson())

  /** where thread-cone look-ups go: the vendor's job interface, the demo's, or none configured */
  const job = upstreams.job
  const threadCones = job ? (job.demo ? 'demo' : 'vendor') : 'none'

  app.get('/healthz', (c) =>
    c.json({
      status: 'ok',
      version,
      api: upstreams.api.demo ? 'demo' : 'vendor',
      job: threadCones,
      ...(history ? { history: historyHealth(history()) } : {}),
    }),
  )

  // who may look: before accounts, everyone (or DASHBOARD_TOKEN's holders); with accounts, signed-in
  // people and enrolled devices (server/people/view-gate.ts; the gate is made with the people's routes)
  let viewers: ViewGate | null = null
  const socket = clientKey ?? (() => 'client')
  const token = config.dashboardToken
    ? accessControl({
        token: config.dashboardToken,
        clientKey: (c) => clientAddress(socket(c), c.req.header('X-Forwarded-For'), config.trustProxy),
        isHttps: (c) =>
          reachedOverHttps(c.req.url, socket(c), c.req.header('X-Forwarded-Proto'), config.trustProxy),
        sessionHours: config.sessionHours,
        basePath: base,
        ...(now ? { now } : {}),
        ...(sessions ? { store: sessions } : {}),
      })
    : null
  app.use('*', viewAccess({ gate: () => viewers, token, basePath: base }))

  app.get('/app-config.json', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({
      demo: upstreams.api.demo,
      threadCones,
      timeZone: config.timeZone,
      timeFormat: config.timeFormat,
      shifts: config.shifts,
      statusCodes: config.statusCodes,
      // in demo mode the demo factory's halls stand in for LOCATIONS unless it is set
      locations:
        config.locations.length > 0 || !upstreams.api.demo
          ? config.locations
          : demoLocations(config.api.apiKey),
      version,
    })
  })

  app.post('/api/job', async (c) => {
    // answered before the body is read: there is nothing to send it to
    if (!job) return c.json(JOB_NOT_CONFIGURED, 503)
    const body = await readBodyLimited(c.req.raw, MAX_JOB_BODY_BYTES)
    if (!body.ok) {
      if (body.reason === 'aborted') {
        console.warn('stitchboard: a thread-cone look-up was aborted by its client while uploading')
        return c.json({ error: 'The request body broke off' }, 400)
      }
      // the rest of the body is not read: the connection is closed after this answer
      return c.json({ error: `A look-up request may be at most ${MAX_JOB_BODY_BYTES / 1024} KiB` }, 413, {
        Connection: 'close',
      })
    }
    const lookup = checkJob(body.text)
    if (!lookup.ok) return c.json({ error: lookup.error }, 400)
    const key = `JOB ${lookup.requestType} ${JSON.stringify(lookup.threadCone ?? null)}`
    const { answer, hit } = await cache.get(
      key,
      JOB_CACHE_SECONDS,
      () =>
        upstreamCalls.run(() =>
          callUpstream(
            job.transport,
            {
              url: job.url,
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
              body: upstreamJobBody(lookup, job.licence),
            },
            { ...call, name: 'the thread-cone service' },
          ),
        ),
      (a) =>
        a.status === 200 &&
        (JSON.parse(decoder.decode(a.body)) as { Success?: unknown } | null)?.Success === true,
    )
    return answerFor(c.req.raw, answer, hit)
  })
  app.all('/api/job', (c) => c.json({ error: 'Use POST for /api/job' }, 405, { Allow: 'POST' }))

  const historyState = () => history?.() ?? { unavailable: 'this server keeps no history' }
  historyRoutes(app, historyState, now)
  const socketOf = clientKey ?? (() => 'client')
  viewers = settingsRoutes(app, historyState, config, now ?? Date.now, {
    address: (c) => clientAddress(socketOf(c), c.req.header('X-Forwarded-For'), config.trustProxy),
    isHttps: (c) =>
      reachedOverHttps(c.req.url, socketOf(c), c.req.header('X-Forwarded-Proto'), config.trustProxy),
  }).viewers

  app.all('/api/*', (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
      return c.json(
        { error: `Method ${c.req.method} is not allowed; the production API is read-only` },
        405,
        { Allow: 'GET' },
      )
    const raw = apiTarget(c.req.url, base)
    let target = checkedTargets.get(raw)
    if (target === undefined) {
      if (raw.length > MAX_TARGET_LENGTH) {
        return c.json({ error: `The request address is longer than ${MAX_TARGET_LENGTH} characters` }, 414)
      }
      const checked = checkTarget(raw, checkOptions)
      if (!checked.ok) return c.json({ error: checked.error }, checked.status)
      target = `${checked.target.path}${checked.query ? `?${checked.query}` : ''}`
      checkedTargets.set(raw, target)
    }
    // every browser gets the watcher's latest /machines answer: one upstream call per period in all
    if (target === '/machines' && history) {
      const state = historyState()
      const latest = 'store' in state ? state.watcher.latest() : null
      if (latest) return answerFor(c.req.raw, latest.answer, true)
    }
    const key = `GET ${target}`
    const stored = cache.peek(key)
    if (stored) return answerFor(c.req.raw, stored, true)
    return fetchAnswer(c.req.raw, key, target)
  })

  const fetchAnswer = async (request: Request, key: string, target: string) => {
    const { answer, hit } = await cache.get(
      key,
      config.cacheTtlSeconds,
      () =>
        upstreamCalls.run(() =>
          callUpstream(
            upstreams.api.transport,
            {
              url: `${upstreams.api.baseUrl}${target}`,
              method: 'GET',
              headers: { 'X-API-Key': upstreams.api.apiKey, Accept: 'application/json' },
            },
            { ...call, name: 'the production API' },
          ),
        ),
      (a) => a.status === 200,
    )
    return answerFor(request, answer, hit)
  }

  // Security headers on every answer, errors included, set here: no middleware step on the cache-hit path
  const dispatch = app.fetch
  const knownHosts = new Set(
    [...config.allowedHosts, config.host, ...(extraHosts ?? [])].map((h) => h.toLowerCase()),
  )
  const fromIntegration = integrationRequest(config.ordersApiKey, (r) =>
    withoutBase(new URL(r.url).pathname, base),
  )
  app.fetch = (request, env, executionContext) => {
    const refusal = sameOriginRefusal(request, knownHosts, fromIntegration)
    // liveness probes may use any name
    if (refusal && withoutBase(new URL(request.url).pathname, base) !== '/healthz') return secure(refusal)
    const response = dispatch(request, env, executionContext)
    return response instanceof Promise ? response.then(secure) : secure(response)
  }
  return app
}
