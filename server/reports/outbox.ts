import type { ReportKind } from '../../src/lib/report-figures'
import type { ChannelHealth } from '../alerts/store'
import type { Db, Tx } from '../history/db'
import { iso, ms } from '../history/store'
import { type ReportSettings, storedReportSettings } from './settings'

export interface ClaimedMessage {
  id: number
  reportId: number
  channelId: string
  attempts: number
  requestedBy: string | null
}

/** The reports' settings (every save kept in report_log with who and when) and their outbox in PostgreSQL. */
export class ReportOutbox {
  constructor(
    private readonly db: Db,
    private readonly defaultGraceMinutes: number,
  ) {}

  async settings(): Promise<ReportSettings & { updatedBy: string | null; updatedAt: number | null }> {
    const [row] = await this.db.query<Record<string, unknown>>(
      'select settings, updated_by, updated_at from report_settings where id = 1',
    )
    const value = row ? (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) : null
    return {
      ...storedReportSettings(value, this.defaultGraceMinutes),
      updatedBy: row ? String(row.updated_by) : null,
      updatedAt: row ? ms(row.updated_at) : null,
    }
  }

  async saveSettings(settings: ReportSettings, by: string, at: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.query<{ settings: unknown }>(
        'select settings from report_settings where id = 1 for update',
      )
      await tx.query(
        `insert into report_settings (id, settings, updated_by, updated_at) values (1, $1, $2, $3)
         on conflict (id) do update set settings = excluded.settings, updated_by = excluded.updated_by,
           updated_at = excluded.updated_at`,
        [JSON.stringify(settings), by, iso(at)],
      )
      await tx.query(
        `insert into report_log (action, before, after, by, at) values ('settings', $1, $2, $3, $4)`,
        [before ? JSON.stringify(before.settings) : null, JSON.stringify(settings), by, iso(at)],
      )
    })
  }

  /** Queues a report to its kind's channels (once per report and channel however often it is asked). */
  async enqueue(
    reportId: number,
    channels: readonly string[],
    at: number,
    tx: Tx | Db = this.db,
  ): Promise<number> {
    let queued = 0
    for (const channelId of channels) {
      const rows = await tx.query(
        `insert into report_messages (report_id, channel_id, next_attempt_at, created_at) values ($1, $2, $3, $3)
         on conflict (report_id, channel_id) where requested_by is null do nothing returning id`,
        [reportId, channelId, iso(at)],
      )
      queued += rows.length
    }
    return queued
  }

  /** "Send it now": a message of its own to each channel, recorded with who asked. */
  async sendNow(
    report: { id: number; kind: ReportKind },
    channels: readonly string[],
    by: string,
    at: number,
  ) {
    await this.db.transaction(async (tx) => {
      for (const channelId of channels)
        await tx.query(
          `insert into report_messages (report_id, channel_id, requested_by, next_attempt_at, created_at)
           values ($1, $2, $3, $4, $4)`,
          [report.id, channelId, by, iso(at)],
        )
      await tx.query(`insert into report_log (action, after, by, at) values ('send-now', $1, $2, $3)`, [
        JSON.stringify({ reportId: report.id, kind: report.kind, channels }),
        by,
        iso(at),
      ])
    })
  }

  /**
   * Claims up to `limit` due messages for this instance until `at + leaseMs`, atomically: two instances
   * never hold one message (the row is locked while it is claimed, and one claimed by another instance
   * is skipped until its lease ends).
   */
  async claim(instance: string, at: number, leaseMs: number, limit: number): Promise<ClaimedMessage[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `update report_messages set claimed_by = $2, claimed_until = $3
       where id in (
         select id from report_messages
         where status = 'pending' and next_attempt_at <= $1 and (claimed_until is null or claimed_until <= $1)
         order by next_attempt_at, id limit $4 for update skip locked)
       returning id, report_id, channel_id, attempts, requested_by`,
      [iso(at), instance, iso(at + leaseMs), limit],
    )
    return rows
      .map((r) => ({
        id: Number(r.id),
        reportId: Number(r.report_id),
        channelId: String(r.channel_id),
        attempts: Number(r.attempts),
        requestedBy: (r.requested_by as string | null) ?? null,
      }))
      .sort((a, b) => a.id - b.id)
  }

  /** Records one attempt and what follows: sent, tried again at `retryAt`, or given up (retryAt null). Only
   * while this instance holds the message's claim: one whose claim ran out (another instance may have it
   * now) is left as the other finds it. Whether it was recorded. */
  async attempted(
    message: ClaimedMessage,
    instance: string,
    at: number,
    outcome: { ok: boolean; detail: string; durationMs: number; retryAt: number | null },
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const held = await tx.query(
        `update report_messages set attempts = attempts + 1, last_error = $2, status = $3, sent_at = $4,
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
        `insert into report_attempts (message_id, channel_id, at, ok, detail, duration_ms, instance)
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

  /** Each channel's deliveries of reports: the last attempt and how many are pending, failed, sent. */
  async health(): Promise<ChannelHealth[]> {
    const counts = await this.db.query<Record<string, unknown>>(
      `select channel_id, count(*) filter (where status = 'pending') as pending,
         count(*) filter (where status = 'failed') as failed, count(*) filter (where status = 'sent') as sent
       from report_messages group by channel_id order by channel_id`,
    )
    const last = await this.db.query<Record<string, unknown>>(
      'select distinct on (channel_id) channel_id, at, ok, detail from report_attempts order by channel_id, at desc, id desc',
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

  /** Every attempt at sending one report, oldest first (the record, and tests). */
  async attempts(
    reportId: number,
  ): Promise<Array<{ channelId: string; ok: boolean; at: number; detail: string; instance: string }>> {
    const rows = await this.db.query<Record<string, unknown>>(
      `select a.channel_id, a.ok, a.at, a.detail, a.instance from report_attempts a
       join report_messages m on m.id = a.message_id where m.report_id = $1 order by a.at, a.id`,
      [reportId],
    )
    return rows.map((r) => ({
      channelId: String(r.channel_id),
      ok: Boolean(r.ok),
      at: ms(r.at)!,
      detail: String(r.detail),
      instance: String(r.instance),
    }))
  }
}
