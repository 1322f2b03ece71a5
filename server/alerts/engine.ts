// One piece: the alert lifecycle (evaluate, apply, tell, dispatch) shares one state, store and lease.
import { hostname } from 'node:os'
import { breakEventsOf, machineFactsOf } from '../../src/api/contract/to-domain'
import type { ThreadbreakEvent } from '../../src/lib/domain'
import type { Language } from '../../src/lib/i18n/translator'
import type { TaskOverdue } from '../../src/lib/maintenance'
import type { StatusEntry } from '../../src/lib/status-codes'
import { currentShift, type NamedShift } from '../../src/lib/time-range'
import type { Db } from '../history/db'
import type { OpenInterval } from '../history/store'
import { speaking } from '../messages'
import { LEASE_MS, MAX_ATTEMPTS, retryAt } from '../outbox/outbox'
import { deliver, messageOf, type Senders } from './channels'
import {
  type Condition,
  dueLevels,
  headBreakConditions,
  hotSpotConditions,
  maintenanceConditions,
  type OrderAtRisk,
  orderConditions,
  screenConditions,
  stateConditions,
  step,
} from './rules'
import type { AlertSettings } from './settings'
import type { AlertStore, AlertView, PendingMessage } from './store'

const NOTIFY_CHANNEL = 'stitchboard_alerts'
/** Messages sent per dispatch round (bounded: a flood waits its turn in the database, not in memory). */
const DISPATCH_BATCH = 20
/** How long a cleared alert stays on the dashboards' list (its all clear is seen). */
export const SHOW_CLEARED_MS = 15 * 60_000
/** How often the break log is read for the head and hot-spot rules. */
export const BREAK_LOG_MS = 60_000

export interface AlertSnapshot {
  at: number
  alerts: AlertView[]
  /** the dashboards' sound is off between these (factory time) */
  quietHours: AlertSettings['quietHours']
}

export interface AlertEngineOptions {
  store: AlertStore
  db: Db
  codes: readonly StatusEntry[]
  shifts: readonly NamedShift[]
  timeZone: string
  senders: Senders
  /** the dashboard's address with its base path (PUBLIC_URL, BASE_PATH): messages link to its pages */
  dashboardUrl?: string | null
  /** the factory's language (LANGUAGE): a channel set to none is told in it; English when null */
  language?: Language | null
  /** reads the break log (threadbreaks-by-machine) of [from, till) in Unix seconds; the answer's JSON */
  breakLog: ((from: number, till: number) => Promise<unknown>) | null
  /** alerts cleared longer ago than this are deleted (HISTORY_DAYS), once a day */
  keepDays?: number
  /** what each standing machine stands for now: since when (its stop part's start: a stop that outlives
   * a planned break is unplanned from the break's end) and whether it is planned (no alert then) */
  stopsNow?: () => Promise<ReadonlyMap<string, { start: number; planned: boolean }>>
  /** the open orders late or at risk (the orders rule) */
  ordersAtRisk?: () => Promise<readonly OrderAtRisk[]>
  /** the maintenance tasks overdue by more than a share of their interval (the maintenance rule) */
  maintenanceOverdue?: (marginShare: number) => Promise<readonly TaskOverdue[]>
  /** the enrolled wall screens and their last contact (the screens rule) */
  screens?: Parameters<typeof screenConditions>[0]
  /** whether this instance polls (only it evaluates and sends) */
  leader?: () => boolean
  /** this instance's name, kept with each attempt it makes (the watcher's) */
  instance?: string
  /** how long a claimed message is held (the outbox's lease; tests shorten it) */
  leaseMs?: number
  now?: () => number
  log?: (line: string) => void
}

/**
 * Alerts (issue 19): the rules on every poll of the watcher, escalation, the outbox of messages with
 * retries, and the dashboards' live list. Evaluation and delivery run on the polling instance only; every
 * instance answers acknowledgements and keeps its browsers' list (LISTEN/NOTIFY on a server).
 */
export class AlertEngine {
  private readonly now: () => number
  private readonly codes: Map<number, StatusEntry>
  private readonly listeners = new Set<(snapshot: AlertSnapshot) => void>()
  private snapshotCache: Promise<AlertSnapshot> | null = null
  private snapshotAt = 0
  private breaks: { at: number; shiftStart: number; events: ThreadbreakEvent[] } | null = null
  private breakLogProblem: string | null = null
  private readingBreaks: Promise<void> | null = null
  private breaksTriedAt = 0
  private prunedAt = 0
  private dispatching: Promise<void> | null = null
  private timer: ReturnType<typeof setInterval> | undefined
  private unlisten: (() => Promise<void>) | null = null
  private settingsCache: AlertSettings | null = null
  lastError: string | null = null

  private readonly instance: string

  constructor(private readonly options: AlertEngineOptions) {
    this.now = options.now ?? Date.now
    this.instance = options.instance ?? `${hostname()}-${process.pid}`
    this.codes = new Map(options.codes.map((c) => [c.code, c]))
  }

  async start(dispatchEveryMs = 2000): Promise<void> {
    if (this.options.db.listen)
      this.unlisten = await this.options.db.listen(NOTIFY_CHANNEL, () => this.refresh())
    this.timer = setInterval(() => void this.dispatch(), dispatchEveryMs)
    this.timer.unref?.()
  }

  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.dispatching?.catch(() => {})
    await this.unlisten?.().catch(() => {})
  }

  onChange(listener: (snapshot: AlertSnapshot) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Open alerts and those cleared in the last quarter hour (what the dashboards show). */
  snapshot(): Promise<AlertSnapshot> {
    const at = this.now()
    // a cleared alert leaves the list after SHOW_CLEARED_MS even when nothing else changes
    if (this.snapshotCache && at - this.snapshotAt > 60_000) this.snapshotCache = null
    if (!this.snapshotCache) {
      this.snapshotAt = at
      this.snapshotCache = Promise.all([
        this.options.store.recent(at - SHOW_CLEARED_MS),
        this.settings(),
      ]).then(
        ([alerts, settings]) => ({ at, alerts, quietHours: settings.quietHours }),
        (error) => {
          this.snapshotCache = null
          throw error
        },
      )
    }
    return this.snapshotCache
  }

  async settings(): Promise<AlertSettings> {
    this.settingsCache ??= await this.options.store.settings()
    return this.settingsCache
  }

  async saveSettings(settings: AlertSettings): Promise<void> {
    await this.options.store.saveSettings(settings, this.now())
    this.settingsCache = settings
    await this.announce()
  }

  problems(): string[] {
    return [this.lastError, this.breakLogProblem].filter((p): p is string => p !== null)
  }

  /** Something changed: every instance's browsers get the new list. */
  private async announce() {
    if (this.options.db.kind === 'server') {
      await this.options.db
        .query('select pg_notify($1, $2)', [NOTIFY_CHANNEL, ''])
        .catch(() => this.refresh())
    } else this.refresh()
  }

  private refresh() {
    this.snapshotCache = null
    this.settingsCache = null
    if (this.listeners.size === 0) return
    void this.snapshot().then(
      (snapshot) => {
        for (const listener of this.listeners) listener(snapshot)
      },
      () => {},
    )
  }

  async acknowledge(id: number, by: string): Promise<AlertView | null> {
    const alert = await this.options.store.acknowledge(id, by, this.now())
    await this.announce()
    return alert
  }

  /** A reason given to a machine's stop says "I'm on it" to the machine's open state alert, by the same
   * person (one tap does both). */
  async onStopReason(part: { machineId: string; ongoing: boolean }, by: string): Promise<void> {
    if (!part.ongoing) return
    const open = await this.options.store.open()
    const alert = open.find(
      (a) => a.machineId === part.machineId && a.rule === 'state' && a.acknowledgedAt === null,
    )
    if (alert) await this.acknowledge(alert.id, by)
  }

  /** The rules after one poll: `open` is what every machine does now and since when, `answer` the
   * /machines JSON (names and layouts). */
  async evaluate(at: number, open: readonly OpenInterval[], answer: unknown): Promise<void> {
    try {
      const settings = await this.settings()
      const facts = machineFactsOf(answer)
      const events = this.breakEvents(at, settings)
      const stops = await this.options.stopsNow?.().catch(() => null)
      const unplanned = stops
        ? open
            .filter((o) => !stops.get(o.machineId)?.planned)
            .map((o) => {
              const stop = stops.get(o.machineId)
              return stop && stop.start > o.startedAt ? { ...o, startedAt: stop.start } : o
            })
        : open
      const conditions: Condition[] = [
        ...stateConditions(unplanned, facts, this.codes, settings.rules.state, at),
        ...headBreakConditions(events, settings.rules['head-breaks'], at),
        ...hotSpotConditions(events, facts, settings.rules['hot-spot']),
        ...(await screenConditions(this.options.screens, settings.rules.screens, at)),
        ...(await orderConditions(this.options.ordersAtRisk, settings.rules.orders)),
        ...(await maintenanceConditions(this.options.maintenanceOverdue, settings.rules.maintenance)),
      ]
      await this.apply(at, conditions, settings)
      if (this.options.keepDays && at - this.prunedAt > 86_400_000) {
        this.prunedAt = at
        await this.options.store.prune(at - this.options.keepDays * 86_400_000)
      }
      this.lastError = null
    } catch (error) {
      this.lastError = `alerts: ${error instanceof Error ? error.message : String(error)}`
      this.options.log?.(`stitchboard: ${this.lastError}`)
    }
  }

  /** Applies one evaluation's conditions (exported for tests on recorded histories). */
  async apply(at: number, conditions: readonly Condition[], settings: AlertSettings): Promise<void> {
    const { store, db } = this.options
    const openViews = await store.open()
    const next = step(at, store.openForLifecycle(openViews), conditions, settings)
    const changed =
      next.raise.length + next.clear.length + next.escalate.length + next.okFrom.length > 0 ||
      next.hold.some(({ id, condition }) => {
        const view = openViews.find((v) => v.id === id)!
        return (
          view.okSince !== null ||
          view.cause !== condition.cause ||
          view.machineName !== condition.machineName
        )
      })
    if (!changed) return
    await db.transaction(async (tx) => {
      for (const { id, condition } of next.hold) await store.hold(tx, id, condition)
      for (const { id, at: from } of next.okFrom) await store.okFrom(tx, id, from)
      for (const { id, level } of next.escalate) {
        const view = openViews.find((v) => v.id === id)!
        await this.tell(tx, id, settings.rules[view.rule].levels[level]!.channels, level, at)
        await store.setLevel(tx, id, level)
      }
      for (const { id, at: when } of next.clear) {
        await store.clear(tx, id, when)
        for (const channel of await store.told(tx, id))
          await store.enqueue(tx, { alertId: id, channelId: channel, kind: 'all-clear', level: 0 }, at)
      }
      for (const condition of next.raise) {
        const id = await store.raise(tx, condition, at)
        const levels = settings.rules[condition.rule].levels
        let reached = -1
        for (const level of dueLevels(levels, -1, at, at)) {
          await this.tell(tx, id, levels[level]!.channels, level, at)
          reached = level
        }
        if (reached >= 0) await store.setLevel(tx, id, reached)
      }
    })
    await this.announce()
    void this.dispatch()
  }

  private async tell(
    tx: Parameters<AlertStore['raise']>[0],
    alertId: number,
    channels: readonly string[],
    level: number,
    at: number,
  ) {
    for (const channelId of channels)
      await this.options.store.enqueue(tx, { alertId, channelId, kind: 'alert', level }, at)
  }

  /** The current shift's breaks as last read; read again in the background after BREAK_LOG_MS, so a slow
   * report never holds up the watcher's poll (the next evaluation uses it). Another shift's breaks never
   * count in this one; the last good read stays on a failure. */
  private breakEvents(at: number, settings: AlertSettings): ThreadbreakEvent[] {
    const { breakLog, shifts, timeZone } = this.options
    if (!breakLog || (!settings.rules['head-breaks'].enabled && !settings.rules['hot-spot'].enabled))
      return []
    const shift = currentShift(Math.floor(at / 1000), timeZone, shifts)
    if (!shift) return []
    const shiftStart = shift.span[0]
    if (this.breaks?.shiftStart !== shiftStart) this.breaks = null
    if (!this.readingBreaks && (!this.breaks || at - this.breaksTriedAt >= BREAK_LOG_MS)) {
      // a failed read is tried again after the same minute, not on every poll
      this.breaksTriedAt = at
      this.readingBreaks = breakLog(shiftStart, Math.floor(at / 1000) + 1)
        .then(
          (answer) => {
            const { events, unreadable } = breakEventsOf(answer)
            this.breaks = { at, shiftStart, events }
            this.breakLogProblem =
              unreadable > 0 ? `the break log had ${unreadable} rows that are not breaks` : null
          },
          (error) => {
            this.breakLogProblem = `the break log cannot be read (${error instanceof Error ? error.message : String(error)})`
          },
        )
        .finally(() => {
          this.readingBreaks = null
        })
    }
    return this.breaks?.shiftStart === shiftStart ? this.breaks.events : []
  }

  /** Waits for a read of the break log under way (tests). */
  async breaksRead(): Promise<void> {
    await this.readingBreaks
  }

  /** Sends what is due, one batch; on the polling instance. */
  dispatch(): Promise<void> {
    this.dispatching ??= this.dispatchOnce().finally(() => {
      this.dispatching = null
    })
    return this.dispatching
  }

  /** Up to DISPATCH_BATCH messages, each claimed just before it is sent (a claim outlives one send, never
   * a batch). */
  private async dispatchOnce() {
    const { store } = this.options
    if (this.options.leader && !this.options.leader()) return
    let settings: AlertSettings | null = null
    for (let sent = 0; sent < DISPATCH_BATCH; sent++) {
      let message: PendingMessage | undefined
      try {
        ;[message] = await store.claim(this.instance, this.now(), this.options.leaseMs ?? LEASE_MS, 1)
      } catch {
        return
      }
      if (!message) return
      settings ??= await this.settings()
      await this.send(message, settings)
    }
  }

  private async send(message: PendingMessage, settings: AlertSettings) {
    const { store, senders, timeZone } = this.options
    const channel = settings.channels.find((c) => c.id === message.channelId)
    const started = this.now()
    const perf = performance.now()
    if (!channel) {
      await store.attempted(message, this.instance, started, {
        ok: false,
        detail: 'the channel was removed from the settings',
        durationMs: 0,
        retryAt: null,
      })
      return
    }
    const alert = message.alertId === null ? null : await store.get(message.alertId)
    const levels = alert ? settings.rules[alert.rule].levels : []
    const text = messageOf(message.kind, alert, {
      timeZone,
      levelName: alert ? (levels[message.level]?.name ?? null) : null,
      channelName: channel.name,
      now: started,
      dashboardUrl: this.options.dashboardUrl ?? null,
      words: speaking(channel.language ?? this.options.language ?? 'en'),
    })
    const outcome = await deliver(channel, text, senders)
    const attempts = message.attempts + 1
    await store.attempted(message, this.instance, started, {
      ...outcome,
      durationMs: performance.now() - perf,
      retryAt: retryAt(started, attempts, outcome),
    })
    if (!outcome.ok)
      this.options.log?.(
        `stitchboard: alert channel "${channel.name}" failed (attempt ${attempts} of ${MAX_ATTEMPTS}): ${outcome.detail}`,
      )
  }

  health() {
    return this.options.store.health()
  }

  raisedBetween(from: number, till: number) {
    return this.options.store.raisedBetween(from, till)
  }

  /** Queues a test message to a channel (the settings page's button). */
  async test(channelId: string): Promise<number | null> {
    const id = await this.options.store.enqueue(
      this.options.db,
      { alertId: null, channelId, kind: 'test', level: 0 },
      this.now(),
    )
    void this.dispatch()
    return id
  }
}
