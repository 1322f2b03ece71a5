import { alertWhatSchema } from '../../src/api/contract/alert-what'
import type { Alert, AlertWhat } from '../../src/lib/domain'
import type { Db, Tx } from '../history/db'
import { iso, ms } from '../history/store'
import {
  type ChannelHealth,
  Outbox,
  type OutboxKind,
  type OutboxMessage,
  type Outcome,
} from '../outbox/outbox'
import type { Condition, OpenAlert } from './rules'
import { type AlertSettings, defaultSettings, type RuleId, storedSettings } from './settings'

/** An alert as the dashboards and channels see it (the domain's Alert), with its key: machine and cause,
 * one open alert per key. */
export type AlertView = Alert & { key: string }

export type MessageKind = Exclude<OutboxKind, 'report'>

/** An alert's message claimed from the outbox. */
export type PendingMessage = OutboxMessage & { kind: MessageKind }

const viewOf = (r: Record<string, unknown>): AlertView => ({
  id: Number(r.id),
  key: String(r.key),
  rule: String(r.rule) as RuleId,
  machineId: String(r.machine_id),
  machineName: String(r.machine_name),
  cause: String(r.cause),
  detail: String(r.detail),
  what: whatOf(r.what),
  since: ms(r.since)!,
  raisedAt: ms(r.raised_at)!,
  level: Number(r.level),
  acknowledgedAt: ms(r.acknowledged_at),
  acknowledgedBy: (r.acknowledged_by as string | null) ?? null,
  okSince: ms(r.ok_since),
  clearedAt: ms(r.cleared_at),
})

/** What an alert is about, as stored (jsonb: an object from a server, a string from some drivers); null
 * for an alert raised before it was kept, or one that does not read as one (its English words remain). */
function whatOf(value: unknown): AlertWhat | null {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value
  const checked = alertWhatSchema.safeParse(parsed)
  return checked.success ? (checked.data as AlertWhat) : null
}

/** The alerts in PostgreSQL (the history's database); their messages in the outbox. */
export class AlertStore {
  readonly outbox: Outbox
  constructor(readonly db: Db) {
    this.outbox = new Outbox(db, 'alert')
  }

  async settings(): Promise<AlertSettings> {
    const [row] = await this.db.query<{ settings: unknown }>(
      'select settings from alert_settings where id = 1',
    )
    if (!row) return defaultSettings()
    const value = typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings
    return storedSettings(value)
  }

  async saveSettings(settings: AlertSettings, at: number): Promise<void> {
    await this.db.query(
      `insert into alert_settings (id, settings, updated_at) values (1, $1, $2)
       on conflict (id) do update set settings = excluded.settings, updated_at = excluded.updated_at`,
      [JSON.stringify(settings), iso(at)],
    )
  }

  async open(): Promise<AlertView[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      'select * from alerts where cleared_at is null order by raised_at, id',
    )
    return rows.map(viewOf)
  }

  /** Open alerts and those cleared since `clearedSince`, newest first. */
  async recent(clearedSince: number): Promise<AlertView[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      'select * from alerts where cleared_at is null or cleared_at >= $1 order by raised_at desc, id desc limit 500',
      [iso(clearedSince)],
    )
    return rows.map(viewOf)
  }

  /** Alerts raised in [from, till), oldest first (at most 10,000). */
  async raisedBetween(from: number, till: number): Promise<AlertView[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      'select * from alerts where raised_at >= $1 and raised_at < $2 order by raised_at, id limit 10000',
      [iso(from), iso(till)],
    )
    return rows.map(viewOf)
  }

  async get(id: number): Promise<AlertView | null> {
    const [row] = await this.db.query<Record<string, unknown>>('select * from alerts where id = $1', [id])
    return row ? viewOf(row) : null
  }

  /** "I'm on it": the first acknowledgement counts; an alert already cleared is not changed. */
  async acknowledge(id: number, by: string, at: number): Promise<AlertView | null> {
    await this.db.query(
      `update alerts set acknowledged_at = $2, acknowledged_by = $3
       where id = $1 and acknowledged_at is null and cleared_at is null`,
      [id, iso(at), by],
    )
    return this.get(id)
  }

  openForLifecycle(views: readonly AlertView[]): OpenAlert[] {
    return views.map((v) => ({
      id: v.id,
      key: v.key,
      rule: v.rule,
      raisedAt: v.raisedAt,
      level: v.level,
      acknowledgedAt: v.acknowledgedAt,
      okSince: v.okSince,
    }))
  }

  async raise(tx: Tx, c: Condition, at: number): Promise<number> {
    const [row] = await tx.query<{ id: string }>(
      `insert into alerts (key, rule, machine_id, machine_name, cause, detail, what, since, raised_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      [
        c.key,
        c.rule,
        c.machineId,
        c.machineName,
        c.cause,
        c.detail,
        JSON.stringify(c.what),
        iso(c.since),
        iso(at),
      ],
    )
    return Number(row!.id)
  }

  async hold(tx: Tx, id: number, c: Condition): Promise<void> {
    await tx.query(
      `update alerts set ok_since = null, cause = $2, detail = $3, machine_name = $4, what = $5
       where id = $1 and (ok_since is not null or cause <> $2 or detail <> $3 or machine_name <> $4
         or what is distinct from $5::jsonb)`,
      [id, c.cause, c.detail, c.machineName, JSON.stringify(c.what)],
    )
  }

  async okFrom(tx: Tx, id: number, at: number): Promise<void> {
    await tx.query('update alerts set ok_since = $2 where id = $1 and ok_since is null', [id, iso(at)])
  }

  async clear(tx: Tx, id: number, at: number): Promise<void> {
    await tx.query(
      'update alerts set cleared_at = greatest(raised_at, $2) where id = $1 and cleared_at is null',
      [id, iso(at)],
    )
  }

  async setLevel(tx: Tx, id: number, level: number): Promise<void> {
    await tx.query('update alerts set level = greatest(level, $2) where id = $1', [id, level])
  }

  /** Queues a message; one per alert, channel and kind (a second is not queued). Its id, or null when it
   * was queued before. */
  enqueue(
    tx: Tx | Db,
    message: { alertId: number | null; channelId: string; kind: MessageKind; level: number },
    at: number,
  ): Promise<number | null> {
    return this.outbox.enqueue(tx, message, at)
  }

  /** The channels an alert was told of (they get its all clear). */
  told(tx: Tx, alertId: number): Promise<string[]> {
    return this.outbox.told(tx, alertId)
  }

  /** Claims up to `limit` due messages for `instance` until `at + leaseMs` (the outbox's claim). */
  async claim(instance: string, at: number, leaseMs: number, limit: number): Promise<PendingMessage[]> {
    return (await this.outbox.claim(instance, at, leaseMs, limit)) as PendingMessage[]
  }

  /** Records one attempt and what follows: sent, tried again at `retryAt`, or given up (retryAt null); only
   * while `instance` holds the message's claim. Whether it was recorded. */
  attempted(message: PendingMessage, instance: string, at: number, outcome: Outcome): Promise<boolean> {
    return this.outbox.attempted(message, instance, at, outcome)
  }

  health(): Promise<ChannelHealth[]> {
    return this.outbox.health()
  }

  /** Every attempt of one alert's messages, oldest first (for tests and the record). */
  async attempts(
    alertId: number,
  ): Promise<Array<{ channelId: string; kind: MessageKind; ok: boolean; at: number }>> {
    return (await this.outbox.attempts({ alertId })).map((a) => ({
      channelId: a.channelId,
      kind: a.kind as MessageKind,
      ok: a.ok,
      at: a.at,
    }))
  }

  /** Deletes alerts cleared before `before` (their messages and attempts go with them). */
  async prune(before: number): Promise<void> {
    await this.db.query('delete from alerts where cleared_at < $1', [iso(before)])
    await this.outbox.pruneUnattached(before)
  }
}
