import type { ReportKind } from '../../src/lib/shift-report-figures'
import type { Db, Tx } from '../history/db'
import { iso, ms } from '../history/store'
import { type ChannelHealth, Outbox, type OutboxMessage, type Outcome } from '../outbox/outbox'
import { type ReportSettings, storedReportSettings } from './delivery-settings'

/** A report's message claimed from the outbox. */
export type ClaimedMessage = OutboxMessage & { reportId: number }

/** The reports' settings (every save kept in report_log with who and when) and their messages in the outbox. */
export class ReportOutbox {
  private readonly outbox: Outbox
  constructor(
    private readonly db: Db,
    private readonly defaultGraceMinutes: number,
  ) {
    this.outbox = new Outbox(db, 'report')
  }

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
    for (const channelId of channels)
      if ((await this.outbox.enqueue(tx, { kind: 'report', reportId, channelId }, at)) !== null) queued++
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
        await this.outbox.enqueue(tx, { kind: 'report', reportId: report.id, channelId, requestedBy: by }, at)
      await tx.query(`insert into report_log (action, after, by, at) values ('send-now', $1, $2, $3)`, [
        JSON.stringify({ reportId: report.id, kind: report.kind, channels }),
        by,
        iso(at),
      ])
    })
  }

  /** Claims up to `limit` due messages for `instance` until `at + leaseMs` (the outbox's claim). */
  async claim(instance: string, at: number, leaseMs: number, limit: number): Promise<ClaimedMessage[]> {
    return (await this.outbox.claim(instance, at, leaseMs, limit)) as ClaimedMessage[]
  }

  /** Records one attempt and what follows, only while `instance` holds the message's claim (the outbox's).
   * Whether it was recorded. */
  attempted(message: ClaimedMessage, instance: string, at: number, outcome: Outcome): Promise<boolean> {
    return this.outbox.attempted(message, instance, at, outcome)
  }

  /** Each channel's deliveries of reports: the last attempt and how many are pending, failed, sent. */
  health(): Promise<ChannelHealth[]> {
    return this.outbox.health()
  }

  /** Every attempt at sending one report, oldest first (the record, and tests). */
  async attempts(
    reportId: number,
  ): Promise<Array<{ channelId: string; ok: boolean; at: number; detail: string; instance: string }>> {
    return (await this.outbox.attempts({ reportId })).map(({ channelId, ok, at, detail, instance }) => ({
      channelId,
      ok,
      at,
      detail,
      instance,
    }))
  }
}
