import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { vendorMachineRecordSchema } from '../../src/api/contract/machine'
import { SILENT_AFTER_SECONDS } from '../../src/lib/machine-state'
import { type Answer, callUpstream, UpstreamError } from '../proxy/upstream'
import type { Upstreams } from '../upstreams'
import type { Db } from './db'
import type { BackfillSpan, HistoryStore, Observation, PollResult } from './store'

/** A change the watcher saw, for the browsers' live stream (every instance gets it). */
export interface MachinesChange {
  /** Unix ms of the poll */
  at: number
  /** machines whose state changed on it */
  changed: string[]
}

export interface WatcherOptions {
  store: HistoryStore
  db: Db
  upstreams: Upstreams
  pollSeconds: number
  /** how long the polling instance's lease lasts (LEASE_SECONDS; tests shorten it) */
  leaseSeconds?: number
  historyDays: number
  upstreamTimeoutSeconds: number
  /** wall-clock ms (tests move it; the e2e servers run on the pinned clock) */
  now?: () => number
  /** days of the demo factory's past recorded at a first start in demo mode */
  demoBackfillDays?: number
  /** after the demo's days were recorded (Unix ms): the demo's stops get their reasons */
  afterDemoBackfill?: (from: number, till: number) => Promise<void>
  log?: (line: string) => void
}

/** Lease of the polling instance by default: renewed four times within it, taken over when it ran out. */
export const LEASE_SECONDS = 20
const NOTIFY_CHANNEL = 'stitchboard_machines'
const MAX_MACHINES_BYTES = 64 * 1024 * 1024

/**
 * The server's one reader of GET /machines (issue 18): polls once per period whatever the number of
 * browsers, records what changed, keeps the latest answer for every browser, and tells listeners.
 * With a PostgreSQL server shared by several instances, one holds a lease and polls; the others take
 * the latest answer and the changes from the database (LISTEN/NOTIFY) and take over when the lease ends.
 */
export class Watcher {
  readonly instance = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`
  private timer: ReturnType<typeof setTimeout> | undefined
  private leaseTimer: ReturnType<typeof setInterval> | undefined
  private stopped = false
  private leader = false
  private polling: Promise<void> | null = null
  private unlisten: (() => Promise<void>) | null = null
  private latestAnswer: { at: number; answer: Answer } | null = null
  private readonly listeners = new Set<(change: MachinesChange) => void>()
  private readonly pollListeners = new Set<(at: number, answer: Answer) => Promise<void>>()
  private readonly now: () => number
  private lastError: string | null = null
  polls = 0

  constructor(private readonly options: WatcherOptions) {
    this.now = options.now ?? Date.now
  }

  /** The latest /machines answer when it is fresh (at most two periods old), for every browser. */
  latest(): { at: number; answer: Answer } | null {
    const latest = this.latestAnswer
    if (!latest || this.now() - latest.at > 2 * this.options.pollSeconds * 1000 + 5000) return null
    return latest
  }

  private leaseSeconds() {
    return this.options.leaseSeconds ?? LEASE_SECONDS
  }

  isLeader() {
    return this.leader
  }

  status() {
    return { leader: this.leader, instance: this.instance, lastError: this.lastError, polls: this.polls }
  }

  onChange(listener: (change: MachinesChange) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Called on the polling instance after each recorded poll (the alert rules), awaited before the next. */
  onPoll(listener: (at: number, answer: Answer) => Promise<void>): () => void {
    this.pollListeners.add(listener)
    return () => this.pollListeners.delete(listener)
  }

  async start(): Promise<void> {
    const { db } = this.options
    if (db.listen) {
      this.unlisten = await db.listen(NOTIFY_CHANNEL, (payload) => void this.onNotify(payload))
    }
    await this.checkLease()
    this.leaseTimer = setInterval(() => void this.checkLease(), (this.leaseSeconds() * 1000) / 4)
    this.leaseTimer.unref?.()
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    clearInterval(this.leaseTimer)
    await this.polling?.catch(() => {})
    if (this.leader && this.options.db.kind === 'server') {
      // hand the lease back, so another instance takes over at once
      await this.options.db
        .query('update watcher set lease_until = now() where id = 1 and leader = $1', [this.instance])
        .catch(() => {})
    }
    await this.unlisten?.().catch(() => {})
  }

  /** Takes or renews the lease (the embedded database has one instance: it always polls). */
  private async checkLease() {
    if (this.stopped) return
    let mine = true
    if (this.options.db.kind === 'server') {
      try {
        const rows = await this.options.db.query<{ leader: string }>(
          `update watcher set leader = $1, lease_until = now() + make_interval(secs => $2)
           where id = 1 and (leader is null or leader = $1 or lease_until is null or lease_until < now())
           returning leader`,
          [this.instance, this.leaseSeconds()],
        )
        mine = rows.length === 1
      } catch (error) {
        this.lastError = `database: ${error instanceof Error ? error.message : String(error)}`
        mine = false
      }
    }
    if (mine && !this.leader) {
      this.leader = true
      this.options.log?.(
        `stitchboard: this instance records the machines (every ${this.options.pollSeconds} s)`,
      )
      try {
        await this.options.store.load()
        await this.backfillDemo()
      } catch (error) {
        this.lastError = `database: ${error instanceof Error ? error.message : String(error)}`
      }
      this.schedule(0)
    } else if (!mine && this.leader) {
      this.leader = false
      clearTimeout(this.timer)
    }
  }

  private schedule(delayMs: number) {
    clearTimeout(this.timer)
    if (this.stopped || !this.leader) return
    this.timer = setTimeout(() => {
      const started = performance.now()
      this.polling = this.pollOnce().then(
        () => {},
        () => {},
      )
      void this.polling.finally(() => {
        this.polling = null
        const spent = performance.now() - started
        this.schedule(Math.max(0, this.options.pollSeconds * 1000 - spent))
      })
    }, delayMs)
    this.timer.unref?.()
  }

  /** One poll: read /machines, record, keep the answer, tell everyone. Never throws. */
  async pollOnce(): Promise<PollResult | null> {
    const at = this.now()
    const { upstreams, store } = this.options
    let answer: Answer
    try {
      answer = await callUpstream(
        upstreams.api.transport,
        {
          url: `${upstreams.api.baseUrl}/machines`,
          method: 'GET',
          headers: { 'X-API-Key': upstreams.api.apiKey, Accept: 'application/json' },
        },
        {
          timeoutSeconds: this.options.upstreamTimeoutSeconds,
          maxBytes: MAX_MACHINES_BYTES,
          name: 'the production API',
        },
      )
      if (answer.status !== 200)
        throw new UpstreamError(502, `the production API answered HTTP ${answer.status}`)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      this.lastError = message
      await store.recordFailure(at, message).catch(() => {})
      return null
    }
    const observations = observationsOf(answer.body, at)
    if (!observations) {
      this.lastError = 'the production API answered /machines without a data list'
      await store.recordFailure(at, this.lastError).catch(() => {})
      return null
    }
    this.latestAnswer = { at, answer }
    let result: PollResult
    try {
      result = await store.recordPoll(at, observations)
    } catch (error) {
      this.lastError = `database: ${error instanceof Error ? error.message : String(error)}`
      // the database went away: the open intervals in memory may not match it any more
      await store.load().catch(() => {})
      return null
    }
    this.lastError = null
    this.polls++
    await this.prune(at)
    for (const listener of this.pollListeners) await listener(at, answer).catch(() => {})
    const change: MachinesChange = { at, changed: result.changed }
    if (this.options.db.kind === 'server') {
      await this.share(answer, at).catch(() => {})
      await this.options.db
        .query('select pg_notify($1, $2)', [NOTIFY_CHANNEL, JSON.stringify(change)])
        .catch(() => {})
    } else this.emit(change)
    return result
  }

  private emit(change: MachinesChange) {
    for (const listener of this.listeners) listener(change)
  }

  /** The latest answer, in the database for the other instances. */
  private async share(answer: Answer, at: number) {
    await this.options.db.query(
      `insert into latest_machines (id, at, body) values (1, $1, $2)
       on conflict (id) do update set at = excluded.at, body = excluded.body`,
      [new Date(at).toISOString(), Buffer.from(answer.body).toString('utf8')],
    )
  }

  /** A change announced by the polling instance (this one included). */
  private async onNotify(payload: string) {
    let change: MachinesChange & { from?: string }
    try {
      change = JSON.parse(payload) as MachinesChange & { from?: string }
    } catch {
      return
    }
    // its own changes went to its browsers when it polled
    if (change.from === this.instance) return
    if (!this.leader) {
      const [row] = await this.options.db
        .query<{ at: Date | string; body: string }>('select at, body from latest_machines where id = 1')
        .catch(() => [])
      if (row) {
        this.latestAnswer = {
          at: new Date(row.at).getTime(),
          answer: { status: 200, body: new TextEncoder().encode(row.body) },
        }
      }
    }
    this.emit({ at: change.at, changed: change.changed })
  }

  private async prune(at: number) {
    const { store, historyDays } = this.options
    const watcher = await store.watcher().catch(() => null)
    if (!watcher || (watcher.prunedAt !== null && at - watcher.prunedAt < 86_400_000)) return
    await store.prune(at - historyDays * 86_400_000, at).catch((error) => {
      this.lastError = `pruning: ${error instanceof Error ? error.message : String(error)}`
    })
  }

  /** In demo mode, at the very first start: the demo factory's last days, so timelines show something at once. */
  private async backfillDemo() {
    const { upstreams, store } = this.options
    const days = this.options.demoBackfillDays ?? 7
    if (!upstreams.api.demo || days <= 0) return
    const watcher = await store.watcher()
    if (watcher.lastOkAt !== null) return
    const till = Math.floor(this.now() / 1000)
    const from = till - days * 86_400
    const answer = await callUpstream(
      upstreams.api.transport,
      {
        url: `${upstreams.api.baseUrl}/__demo/state-log?from=${from}&till=${till}`,
        method: 'GET',
        headers: { 'X-API-Key': upstreams.api.apiKey, Accept: 'application/json' },
      },
      { timeoutSeconds: 120, maxBytes: MAX_MACHINES_BYTES, name: 'the demo factory' },
    )
    const { data } = JSON.parse(new TextDecoder().decode(answer.body)) as {
      data: {
        machine_id: string
        spans: [number, number, number | null, boolean, string | null, boolean][]
      }[]
    }
    const machines = data.map((m) => ({
      machineId: m.machine_id,
      spans: m.spans.map(
        ([start, end, code, turning, designId, reporting]): BackfillSpan => ({
          startedAt: start * 1000,
          endedAt: end * 1000,
          code,
          turning,
          designId,
          reporting,
        }),
      ),
    }))
    if (await store.backfill(from * 1000, till * 1000, machines)) {
      await store.load()
      this.options.log?.(`stitchboard: the demo factory's last ${days} days recorded as history`)
      await this.options.afterDemoBackfill?.(from * 1000, till * 1000)
    }
  }
}

/** The machines of a /machines answer as observations; null when it has no data list. Records that
 * cannot be read (no machine_id) are left out: they have no history to belong to. */
export function observationsOf(body: Uint8Array, at: number): Observation[] | null {
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(body))
  } catch {
    return null
  }
  const data = (json as { data?: unknown } | null)?.data
  if (!Array.isArray(data)) return null
  const result: Observation[] = []
  const seen = new Set<string>()
  for (const raw of data) {
    const parsed = vendorMachineRecordSchema.safeParse(raw)
    if (!parsed.success || seen.has(parsed.data.machine_id)) continue
    const m = parsed.data
    seen.add(m.machine_id)
    const lastSeen = m.last_seen ? Date.parse(m.last_seen) : Number.NaN
    const known = Number.isFinite(lastSeen)
    result.push({
      machineId: m.machine_id,
      code: m.status_code ?? null,
      turning: (m.rotation_speed ?? 0) > 0,
      reporting: known && (at - lastSeen) / 1000 <= SILENT_AFTER_SECONDS,
      lastSeen: known ? lastSeen : null,
      designId: m.id_design ?? null,
      passes: m.passes_pattern ?? null,
      stitch: m.stitch,
      designStitches: m.design_stitches ?? null,
      speed: m.rotation_speed ?? null,
    })
  }
  return result
}
