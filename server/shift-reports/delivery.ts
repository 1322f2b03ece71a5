import type { Language } from '../../src/lib/i18n/translator'
import { documentWords, type ReportCorrection, reportDocument } from '../../src/lib/shift-report-document'
import type { StatusMeaning } from '../../src/lib/status-codes'
import type { Delivery, Senders } from '../alerts/channels'
import type { Channel } from '../alerts/settings'
import { speaking } from '../messages'
import { LEASE_MS, MAX_ATTEMPTS, retryAt } from '../outbox/outbox'
import { type ReportSummary, reportSlackBody, reportTeamsBody, reportWebhookBody } from './cards'
import type { ClaimedMessage, ReportOutbox } from './outbox'
import { reportPdf } from './pdf'
import { reportCsv, reportHtml, reportText } from './render'
import type { ReportQueue } from './reporter'
import type { ReportStore, StoredReport } from './store'

/** What a history brings of the reports' delivery: the outbox and its sender. */
export interface ReportDeliveryParts {
  outbox: ReportOutbox
  delivery: ReportDelivery
}

/** Messages sent per round (a flood waits its turn in the database, not in memory). */
const BATCH = 10

export interface DeliveryOptions {
  outbox: ReportOutbox
  reports: Pick<ReportStore, 'get'>
  /** the alerts' channels as configured now */
  channels: () => Promise<readonly Channel[]>
  /** the stop reasons' names (a report names its reasons as the settings do) */
  reasons: () => Promise<ReadonlyArray<{ id: string; name: string | null }>>
  codes: ReadonlyMap<number, StatusMeaning>
  senders: Senders
  timeZone: string
  /** the factory's language (LANGUAGE): a channel set to none is told in it; English when null */
  language: Language | null
  /** PUBLIC_URL with the base path: the messages link to the report's page; null: no link */
  dashboardUrl: string | null
  instance: string
  /** how long a claimed message is held (the outbox's lease; tests shorten it) */
  leaseMs?: number
  now: () => number
  log?: (line: string) => void
}

/** The file names of a report's attachments: "shift-report-2026-11-18-early.pdf" */
const fileName = (report: StoredReport, extension: string) =>
  `${report.kind}-report-${report.day}${report.shift ? `-${report.shift.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : ''}.${extension}`

/**
 * The reports' delivery (issue 37): each report built is queued to the channels its kind goes to; every
 * instance sends what is due, one message at a time claimed in the database, so each goes once however many
 * instances run. A failure is tried again with the outbox's backoff and every attempt is recorded.
 */
export class ReportDelivery {
  private running: Promise<number> | null = null
  private timer: ReturnType<typeof setInterval> | undefined

  constructor(private readonly options: DeliveryOptions) {}

  /** The channels reports may go to (the alerts' channels as configured now). */
  channels(): Promise<readonly Channel[]> {
    return this.options.channels()
  }

  start(everyMs: number) {
    this.timer = setInterval(() => void this.dispatch(), everyMs)
    this.timer.unref?.()
  }

  async stop() {
    clearInterval(this.timer)
    await this.running?.catch(() => {})
  }

  /** How the reporter queues a report it keeps: to the channels its kind goes to (the settings' choice), in
   * the transaction that keeps it, then sent at once. */
  queueing(): ReportQueue {
    const { outbox } = this.options
    return {
      channels: async (kind) => (await outbox.settings()).channels[kind],
      enqueue: async (tx, reportId, channels) => {
        await outbox.enqueue(reportId, channels, this.options.now(), tx)
      },
      queued: () => void this.dispatch(),
    }
  }

  /** Sends what is due; how many messages this instance sent (or tried). One round at a time. */
  dispatch(): Promise<number> {
    this.running ??= this.round()
      .catch((error) => {
        this.options.log?.(
          `stitchboard: sending the shift reports: ${error instanceof Error ? error.message : String(error)}`,
        )
        return 0
      })
      .finally(() => {
        this.running = null
      })
    return this.running
  }

  /** Up to BATCH messages, each claimed just before it is sent (a claim outlives one send, never a batch). */
  private async round(): Promise<number> {
    const { outbox, instance } = this.options
    let channels: readonly Channel[] | null = null
    let sent = 0
    for (; sent < BATCH; sent++) {
      const [message] = await outbox.claim(instance, this.options.now(), this.options.leaseMs ?? LEASE_MS, 1)
      if (!message) break
      channels ??= await this.options.channels()
      await this.send(message, channels)
    }
    return sent
  }

  private async send(message: ClaimedMessage, channels: readonly Channel[]) {
    const { outbox, instance, log } = this.options
    const started = this.options.now()
    const perf = performance.now()
    const channel = channels.find((c) => c.id === message.channelId)
    const report = await this.options.reports.get(message.reportId)
    let outcome: Delivery
    if (!channel) outcome = { ok: false, detail: 'the channel was removed from the alerts’ settings' }
    else if (!report) outcome = { ok: false, detail: 'the report is no longer kept' }
    else {
      try {
        outcome = await this.deliver(channel, report)
      } catch (error) {
        outcome = {
          ok: false,
          detail: `the report could not be made: ${error instanceof Error ? error.message : String(error)}`,
        }
      }
    }
    const attempts = message.attempts + 1
    const final = !channel || !report
    await outbox.attempted(message, instance, started, {
      ...outcome,
      durationMs: performance.now() - perf,
      retryAt: retryAt(started, attempts, { ok: outcome.ok, final }),
    })
    if (!outcome.ok)
      log?.(
        `stitchboard: report channel "${channel?.name ?? message.channelId}" failed (attempt ${attempts} of ${MAX_ATTEMPTS}): ${outcome.detail}`,
      )
  }

  /** One report to one channel, in the channel's language. */
  private async deliver(
    channel: Channel,
    report: StoredReport & { corrections?: readonly ReportCorrection[] },
  ): Promise<Delivery> {
    const { senders, timeZone, dashboardUrl } = this.options
    const words = speaking(channel.language ?? this.options.language ?? 'en')
    const reasons = await this.options.reasons()
    const document = reportDocument(report, documentWords(words, timeZone, reasons, this.options.codes))
    const link = dashboardUrl
      ? { href: `${dashboardUrl}/shift-reports/${report.id}`, text: words.t('shiftReports.mail.open') }
      : null
    const summary: ReportSummary = {
      reportId: report.id,
      kind: report.kind,
      start: report.start,
      end: report.end,
      document,
      headline: report.figures.result,
      link,
    }
    switch (channel.kind) {
      case 'webhook':
        return senders.postJson(channel.url!, reportWebhookBody(summary))
      case 'slack':
        return senders.postJson(channel.url!, reportSlackBody(summary))
      case 'teams':
        return senders.postJson(channel.url!, reportTeamsBody(summary))
      case 'email': {
        if (!senders.mail)
          return { ok: false, detail: 'no mail server: set SMTP_URL and ALERT_MAIL_FROM on the server' }
        const { t } = words
        const footer = t('shiftReports.mail.footer', { title: document.title })
        const pdf = await reportPdf(document, footer)
        const csv = reportCsv(document, [
          t('shiftReports.csv.section'),
          t('shiftReports.csv.table'),
          t('shiftReports.csv.row'),
          t('shiftReports.csv.column'),
          t('shiftReports.csv.value'),
        ])
        return senders.mail(channel.to, `[stitchboard] ${document.title}`, reportText(document, link), {
          html: reportHtml(document, {
            language: words.language,
            link,
            attached: t('shiftReports.mail.attached'),
          }),
          attachments: [
            { filename: fileName(report, 'pdf'), content: pdf, contentType: 'application/pdf' },
            { filename: fileName(report, 'csv'), content: csv, contentType: 'text/csv; charset=utf-8' },
          ],
        })
      }
    }
  }
}
