import type { Db, Tx } from '../history/db'
import { iso, ms } from '../history/store'

/** Whose message it is: an alert's (its alert, all clear, or a channel's test) or a shift report's. */
export type OutboxSource = 'alert' | 'report'
export type OutboxKind = 'alert' | 'all-clear' | 'test' | 'report'

/** Attempts before a message is given up (and shown failed). */
export const MAX_ATTEMPTS = 8
/** The wait after the `attempts`-th failure: 10 s, doubling, at most a quarter hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(15 * 60_000, 10_000 * 2 ** Math.max(0, attempts - 1))
/** How long an instance holds a message it claimed: longer than one send may take (a report's PDF at most
 * 30 s, a mail server's timeouts about 40 s), so no other instance sends it meanwhile. */
export const LEASE_MS = 2 * 60_000

/** When a message that was tried for the `attempts`-th time (this one included) is tried again: never when
 * it went, when it can never go (`final`), or after its last attempt. */
export const retryAt = (at: number, attempts: number, outcome: { ok: boolean; final?: boolean }) =>
  outcome.ok || outcome.final || attempts >= MAX_ATTEMPTS ? null : at + retryDelayMs(attempts)

export interface OutboxMessage {
  id: number
  source: OutboxSource
  kind: OutboxKind
  alertId: number | null
  reportId: number | null
  channelId: string
  level: number
  attempts: number
  requestedBy: string | null
}

export interface Outcome {
  ok: boolean
  detail: string
  durationMs: number
  /** when to try again; null: sent, or given up */
  retryAt: number | null
}

/** A channel's deliveries: the last attempt, and how many messages are pending, failed, sent. */
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

const messageOf = (r: Record<string, unknown>): OutboxMessage => ({
  id: Number(r.id),
  source: String(r.source) as OutboxSource,
  kind: String(r.kind) as OutboxKind,
  alertId: r.alert_id === null ? null : Number(r.alert_id),
  reportId: r.report_id === null ? null : Number(r.report_id),
  channelId: String(r.channel_id),
  level: Number(r.level),
  attempts: Number(r.attempts),
  requestedBy: (r.requested_by as string | null) ?? null,
})

/**
 * The one outbox of the alerts and the shift reports (tables outbox_messages and outbox_attempts): a
 * message is queued in the transaction that decides it, claimed by one instance at a time, tried with one
 * backoff and every attempt logged with the instance that made it. Each source sees only its own messages.
 */
export class Outbox {
  constructor(
    private readonly db: Db,
    readonly source: OutboxSource,
  ) {}

  /** Queues a message. An alert's is queued once per alert, channel and kind, a report's once per report
   * and channel unless someone asked for it (`requestedBy`, "send it now"). Its id, or null when it was
   * queued before. */
  async enqueue(
    tx: Tx | Db,
    message: {
      kind: OutboxKind
      alertId?: number | null
      reportId?: number | null
      channelId: string
      level?: number
      requestedBy?: string | null
    },
    at: number,
  ): Promise<number | null> {
    const once =
      this.source === 'alert'
        ? 'on conflict (alert_id, channel_id, kind) where alert_id is not null do nothing'
        : message.requestedBy
          ? ''
          : 'on conflict (report_id, channel_id) where report_id is not null and requested_by is null do nothing'
    const rows = await tx.query<{ id: string }>(
      `insert into outbox_messages (source, kind, alert_id, report_id, channel_id, level, requested_by,
         next_attempt_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8) ${once} returning id`,
      [
        this.source,
        message.kind,
        message.alertId ?? null,
        message.reportId ?? null,
        message.channelId,
        message.level ?? 0,
        message.requestedBy ?? null,
        iso(at),
      ],
    )
    return rows[0] ? Number(rows[0].id) : null
  }

  /**
   * Claims up to `limit` due messages for `instance` until `at + leaseMs`, atomically: two instances never
   * hold one message (the row is locked while it is claimed, and one claimed by another instance is
   * skipped until its lease ends). Oldest due first.
   */
  async claim(instance: string, at: number, leaseMs: number, limit: number): Promise<OutboxMessage[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `update outbox_messages set claimed_by = $2, claimed_until = $3
       where id in (
         select id from outbox_messages
         where status = 'pending' and source = $5 and next_attempt_at <= $1
           and (claimed_until is null or claimed_until <= $1)
         order by next_attempt_at, id limit $4 for update skip locked)
       returning id, source, kind, alert_id, report_id, channel_id, level, attempts, requested_by,
         next_attempt_at`,
      [iso(at), instance, iso(at + leaseMs), limit, this.source],
    )
    return rows
      .sort((a, b) => ms(a.next_attempt_at)! - ms(b.next_attempt_at)! || Number(a.id) - Number(b.id))
      .map(messageOf)
  }

  /** Records one attempt and what follows: sent, tried again at `retryAt`, or given up (retryAt null). Only
   * while `instance` holds the message's claim: one whose claim ran out (another instance may have it now)
   * is left as the other finds it. Whether it was recorded. */
  async attempted(message: OutboxMessage, instance: string, at: number, outcome: Outcome): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const held = await tx.query(
        `update outbox_messages set attempts = attempts + 1, last_error = $2, status = $3, sent_at = $4,
           next_attempt_at = coalesce($5, next_attempt_at), claimed_by = null, claimed_until = null
         where id = $1 and claimed_by = $6 returning id`,
        [
          message.id,
          outcome.ok ? null : outcome.detail.slice(0, 500),
          outcome.ok ? 'sent' : outcome.retryAt === null ? 'failed' : 'pending',
          outcome.ok ? iso(at) : null,
          outcome.retryAt === null ? null : iso(outcome.retryAt),
          instance,
        ],
      )
      if (held.length === 0) return false
      await tx.query(
        `insert into outbox_attempts (message_id, channel_id, at, ok, detail, duration_ms, instance)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          message.id,
          message.channelId,
          iso(at),
          outcome.ok,
          outcome.detail.slice(0, 500),
          Math.round(outcome.durationMs),
          instance,
        ],
      )
      return true
    })
  }

  /** Each channel this source's messages went to: its last attempt and how many are pending, failed, sent. */
  async health(): Promise<ChannelHealth[]> {
    const counts = await this.db.query<Record<string, unknown>>(
      `select channel_id, count(*) filter (where status = 'pending') as pending,
         count(*) filter (where status = 'failed') as failed, count(*) filter (where status = 'sent') as sent
       from outbox_messages where source = $1 group by channel_id order by channel_id`,
      [this.source],
    )
    const last = await this.db.query<Record<string, unknown>>(
      `select distinct on (a.channel_id) a.channel_id, a.at, a.ok, a.detail
       from outbox_attempts a join outbox_messages m on m.id = a.message_id
       where m.source = $1 order by a.channel_id, a.at desc, a.id desc`,
      [this.source],
    )
    const lastOf = new Map(last.map((r) => [String(r.channel_id), r]))
    return counts.map((r) => {
      const l = lastOf.get(String(r.channel_id))
      return {
        channelId: String(r.channel_id),
        lastAttemptAt: l ? ms(l.at) : null,
        lastOk: l ? Boolean(l.ok) : null,
        lastDetail: l ? String(l.detail) : null,
        pending: Number(r.pending),
        failed: Number(r.failed),
        sent: Number(r.sent),
      }
    })
  }

  /** Every attempt at the messages of one alert or one report, oldest first (the record, and tests). An
   * alert's attempts made before the outbox kept the instance have none (''). */
  async attempts(
    of: { alertId: number } | { reportId: number },
  ): Promise<
    Array<{ channelId: string; kind: OutboxKind; ok: boolean; at: number; detail: string; instance: string }>
  > {
    const [column, id] = 'alertId' in of ? ['alert_id', of.alertId] : ['report_id', of.reportId]
    const rows = await this.db.query<Record<string, unknown>>(
      `select a.channel_id, m.kind, a.ok, a.at, a.detail, a.instance from outbox_attempts a
       join outbox_messages m on m.id = a.message_id where m.${column} = $1 order by a.at, a.id`,
      [id],
    )
    return rows.map((r) => ({
      channelId: String(r.channel_id),
      kind: String(r.kind) as OutboxKind,
      ok: Boolean(r.ok),
      at: ms(r.at)!,
      detail: String(r.detail),
      instance: (r.instance as string | null) ?? '',
    }))
  }

  /** The channels an alert was told of (they get its all clear), in the order they were told. */
  async told(tx: Tx, alertId: number): Promise<string[]> {
    const rows = await tx.query<{ channel_id: string }>(
      `select channel_id from outbox_messages where alert_id = $1 and kind = 'alert'
       group by channel_id order by min(id)`,
      [alertId],
    )
    return rows.map((r) => r.channel_id)
  }

  /** Deletes this source's messages of nothing (an alert channel's tests) queued before `before`; the
   * others go with their alert or report. */
  async pruneUnattached(before: number): Promise<void> {
    await this.db.query(
      `delete from outbox_messages where source = $1 and alert_id is null and report_id is null
         and created_at < $2`,
      [this.source, iso(before)],
    )
  }
}
