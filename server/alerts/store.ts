import { alertWhatSchema } from '../../src/api/contract/alert-what'
import type { Alert, AlertWhat } from '../../src/lib/domain'
import type { Db, Tx } from '../history/db'
import { iso, ms } from '../history/store'
import type { Condition, OpenAlert } from './rules'
import { type AlertSettings, defaultSettings, type RuleId, storedSettings } from './settings'

/** An alert as the dashboards and channels see it (the domain's Alert), with its key: machine and cause,
 * one open alert per key. */
export type AlertView = Alert & { key: string }

export type MessageKind = 'alert' | 'all-clear' | 'test'

export interface PendingMessage {
  id: number
  alertId: number | null
  channelId: string
  kind: MessageKind
  level: number
  attempts: number
}

export interface ChannelHealth {
  channelId: string
  lastAttemptAt: number | null
  lastOk: boolean | null
  lastDetail: string | null
  /** messages still being retried, and those given up on */
  pending: number
  failed: number
  sent: number
}

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

/** The alerts in PostgreSQL (the history's database). */
export class AlertStore {
  constructor(readonly db: Db) {}

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

  /** Queues a message; one per alert, channel and kind (a second is not queued). Returns whether it was new. */
  async enqueue(
    tx: Tx | Db,
    message: { alertId: number | null; channelId: string; kind: MessageKind; level: number },
    at: number,
  ): Promise<number | null> {
    const rows = await tx.query<{ id: string }>(
      `insert into alert_messages (alert_id, channel_id, kind, level, next_attempt_at, created_at)
       values ($1, $2, $3, $4, $5, $5)
       on conflict (alert_id, channel_id, kind) where alert_id is not null do nothing returning id`,
      [message.alertId, message.channelId, message.kind, message.level, iso(at)],
    )
    return rows[0] ? Number(rows[0].id) : null
  }

  /** The channels an alert was told of (they get its all clear). */
  async told(tx: Tx, alertId: number): Promise<string[]> {
    const rows = await tx.query<{ channel_id: string }>(
      `select channel_id from alert_messages where alert_id = $1 and kind = 'alert'
       group by channel_id order by min(id)`,
      [alertId],
    )
    return rows.map((r) => r.channel_id)
  }

  async due(at: number, limit: number): Promise<PendingMessage[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select id, alert_id, channel_id, kind, level, attempts from alert_messages
       where status = 'pending' and next_attempt_at <= $1 order by next_attempt_at, id limit $2`,
      [iso(at), limit],
    )
    return rows.map((r) => ({
      id: Number(r.id),
      alertId: r.alert_id === null ? null : Number(r.alert_id),
      channelId: String(r.channel_id),
      kind: String(r.kind) as MessageKind,
      level: Number(r.level),
      attempts: Number(r.attempts),
    }))
  }

  /** Records one attempt and what follows: sent, tried again at `retryAt`, or given up (retryAt null). */
  async attempted(
    message: PendingMessage,
    at: number,
    outcome: { ok: boolean; detail: string; durationMs: number; retryAt: number | null },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `insert into alert_attempts (message_id, channel_id, at, ok, detail, duration_ms) values ($1, $2, $3, $4, $5, $6)`,
        [
          message.id,
          message.channelId,
          iso(at),
          outcome.ok,
          outcome.detail.slice(0, 500),
          Math.round(outcome.durationMs),
        ],
      )
      await tx.query(
        `update alert_messages set attempts = attempts + 1, last_error = $2,
           status = $3, sent_at = $4, next_attempt_at = coalesce($5, next_attempt_at) where id = $1`,
        [
          message.id,
          outcome.ok ? null : outcome.detail.slice(0, 500),
          outcome.ok ? 'sent' : outcome.retryAt === null ? 'failed' : 'pending',
          outcome.ok ? iso(at) : null,
          outcome.retryAt === null ? null : iso(outcome.retryAt),
        ],
      )
    })
  }

  async health(): Promise<ChannelHealth[]> {
    const counts = await this.db.query<Record<string, unknown>>(
      `select channel_id, count(*) filter (where status = 'pending') as pending,
         count(*) filter (where status = 'failed') as failed, count(*) filter (where status = 'sent') as sent
       from alert_messages group by channel_id`,
    )
    const last = await this.db.query<Record<string, unknown>>(
      `select distinct on (channel_id) channel_id, at, ok, detail from alert_attempts order by channel_id, at desc, id desc`,
    )
    const byChannel = new Map<string, ChannelHealth>()
    for (const r of counts) {
      byChannel.set(String(r.channel_id), {
        channelId: String(r.channel_id),
        lastAttemptAt: null,
        lastOk: null,
        lastDetail: null,
        pending: Number(r.pending),
        failed: Number(r.failed),
        sent: Number(r.sent),
      })
    }
    for (const r of last) {
      const h = byChannel.get(String(r.channel_id))
      if (!h) continue
      h.lastAttemptAt = ms(r.at)
      h.lastOk = Boolean(r.ok)
      h.lastDetail = String(r.detail)
    }
    return [...byChannel.values()]
  }

  /** Every attempt of one alert's messages, oldest first (for tests and the record). */
  async attempts(
    alertId: number,
  ): Promise<Array<{ channelId: string; kind: MessageKind; ok: boolean; at: number }>> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select a.channel_id, m.kind, a.ok, a.at from alert_attempts a join alert_messages m on m.id = a.message_id
       where m.alert_id = $1 order by a.at, a.id`,
      [alertId],
    )
    return rows.map((r) => ({
      channelId: String(r.channel_id),
      kind: String(r.kind) as MessageKind,
      ok: Boolean(r.ok),
      at: ms(r.at)!,
    }))
  }

  /** Deletes alerts cleared before `before` (their messages and attempts go with them). */
  async prune(before: number): Promise<void> {
    await this.db.query('delete from alerts where cleared_at < $1', [iso(before)])
    await this.db.query(`delete from alert_messages where alert_id is null and created_at < $1`, [
      iso(before),
    ])
  }
}
