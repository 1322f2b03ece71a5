import { alertCause, alertDetail, alertPath } from '../../src/lib/alert-words'
import { durationInWords } from '../../src/lib/duration'
import { formatFactoryTime } from '../../src/lib/factory-time'
import type { Translator } from '../../src/lib/i18n/translator'
import { type Channel, RULE_NAMES } from './settings'
import type { AlertView, MessageKind } from './store'

/** A message in stitchboard's words, before a channel's format. */
export interface Message {
  kind: MessageKind
  title: string
  text: string
  alert: AlertView | null
  levelName: string | null
  /** the page to open: the machine's (an alert, an all clear) or the alerts' (a test); null without
   * PUBLIC_URL, since the server cannot know the address people reach it at */
  link: string | null
  /** the link's words, and the alert's rule, cause and detail, in the channel's language */
  open: string
  ruleName: string | null
  cause: string | null
  detail: string | null
}

/** The words of an alert, an all clear or a test, in the channel's language (`words`) and the factory's
 * time. `dashboardUrl` is PUBLIC_URL with the base path (Config.publicUrl): the links start with it. */
export function messageOf(
  kind: MessageKind,
  alert: AlertView | null,
  options: {
    timeZone: string
    levelName: string | null
    channelName: string
    now: number
    dashboardUrl?: string | null
    words: Translator
  },
): Message {
  const { t, language } = options.words
  const time = (at: number) => formatFactoryTime(at, options.timeZone, false, language)
  const lasted = (from: number, till: number) =>
    durationInWords(Math.max(0, Math.round((till - from) / 1000)))
  const linkTo = (path: string) => (options.dashboardUrl ? `${options.dashboardUrl}${path}` : null)
  if (kind === 'test' || !alert) {
    return {
      kind: 'test',
      title: t('channel.test.title'),
      text: t('channel.test.text', { channel: options.channelName }),
      alert: null,
      levelName: null,
      link: linkTo('/alerts'),
      open: t('channel.open'),
      ruleName: null,
      cause: null,
      detail: null,
    }
  }
  const link = linkTo(alertPath(alert))
  // an alert kept with what it is about speaks the channel's language; an older one its English words
  const cause = alert.what ? alertCause(alert.what, t) : alert.cause
  const detail = alert.what ? alertDetail(alert.what, alert.machineName, t) : alert.detail
  const machine = alert.machineName
  const rule = t(RULE_NAMES[alert.rule])
  const about = { open: t('channel.open'), ruleName: rule, cause, detail }
  if (kind === 'all-clear') {
    const end = alert.clearedAt ?? alert.okSince ?? options.now
    const acked = alert.acknowledgedAt
      ? t('channel.clear.wasOnIt', { person: alert.acknowledgedBy ?? '', time: time(alert.acknowledgedAt) })
      : t('channel.clear.nobody')
    return {
      kind,
      title: t('channel.clear.title', { machine, cause }),
      text: `${t('channel.clear.text', { machine, cause, end: time(end), raised: time(alert.raisedAt), lasted: lasted(alert.since, end) })} ${acked}`,
      alert,
      levelName: null,
      link,
      ...about,
    }
  }
  const acked = alert.acknowledgedAt
    ? ` ${t('channel.alert.isOnIt', { person: alert.acknowledgedBy ?? '', time: time(alert.acknowledgedAt) })}`
    : ''
  return {
    kind,
    title: t('channel.alert.title', { machine, cause }),
    text: `${detail} ${time(alert.since)} (${lasted(alert.since, options.now)}). ${options.levelName ? t('channel.alert.ruleToldTo', { rule, level: options.levelName }) : t('channel.alert.rule', { rule })}${acked}`,
    alert,
    levelName: options.levelName,
    link,
    ...about,
  }
}

const isoOrNull = (at: number | null) => (at === null ? null : new Date(at).toISOString())

/** The generic webhook's JSON body: stable field names, times in ISO 8601. */
export function webhookBody(message: Message) {
  const a = message.alert
  return {
    type: message.kind,
    title: message.title,
    text: message.text,
    url: message.link,
    alert: a && {
      id: a.id,
      rule: a.rule,
      ruleName: message.ruleName,
      machineId: a.machineId,
      machineName: a.machineName,
      cause: message.cause,
      detail: message.detail,
      since: isoOrNull(a.since),
      raisedAt: isoOrNull(a.raisedAt),
      level: a.level,
      levelName: message.levelName,
      acknowledgedAt: isoOrNull(a.acknowledgedAt),
      acknowledgedBy: a.acknowledgedBy,
      clearedAt: isoOrNull(a.clearedAt),
    },
  }
}

/** Slack's mrkdwn treats &, < and > as markup: machine names are text. */
export const slackText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** A Slack section holding one link. Its address needs no escaping: PUBLIC_URL's origin, the base path's
 * safe characters and an encoded id hold no &, <, > or |; its words are text. */
export const slackLink = (href: string, words: string) => ({
  type: 'section',
  text: { type: 'mrkdwn', text: `<${href}|${slackText(words).replaceAll('|', '¦')}>` },
})

/** A Microsoft Teams incoming webhook (Workflows) body: one Adaptive Card of these blocks, with a button
 * to a page when there is one. */
export function teamsCard(body: unknown[], link: { href: string; title: string } | null) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          ...(link ? { actions: [{ type: 'Action.OpenUrl', title: link.title, url: link.href }] } : {}),
        },
      },
    ],
  }
}

/** A Slack incoming webhook's body (text, and a section block for the layout). */
export function slackBody(message: Message) {
  const icon = message.kind === 'all-clear' ? '✅' : message.kind === 'test' ? 'ℹ️' : '🚨'
  const link = message.link ? [slackLink(message.link, message.open)] : []
  return {
    text: slackText(`${icon} ${message.title}`),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: slackText(`${icon} *${message.title}*`) } },
      { type: 'section', text: { type: 'plain_text', text: message.text } },
      ...link,
    ],
  }
}

/** A Microsoft Teams body for an alert: one Adaptive Card; its TextBlocks are plain text. */
export function teamsBody(message: Message) {
  return teamsCard(
    [
      {
        type: 'TextBlock',
        size: 'Large',
        weight: 'Bolder',
        wrap: true,
        color: message.kind === 'alert' ? 'Attention' : message.kind === 'all-clear' ? 'Good' : 'Default',
        text: message.title,
      },
      { type: 'TextBlock', wrap: true, text: message.text },
    ],
    message.link ? { href: message.link, title: message.open } : null,
  )
}

export interface Delivery {
  ok: boolean
  detail: string
}

/** A mail's HTML part and its attached files. */
export interface RichMail {
  html: string
  attachments: Array<{ filename: string; content: Buffer | string; contentType: string }>
}

export interface Senders {
  /** POSTs JSON to a webhook; resolves with its outcome, never throws */
  postJson(url: string, body: unknown): Promise<Delivery>
  /** sends a mail (with an HTML part and attachments: a report); null when no SMTP server is configured */
  mail: ((to: readonly string[], subject: string, text: string, rich?: RichMail) => Promise<Delivery>) | null
}

/** Sends one message to one channel in its format. */
export function deliver(channel: Channel, message: Message, senders: Senders): Promise<Delivery> {
  switch (channel.kind) {
    case 'webhook':
      return senders.postJson(channel.url!, webhookBody(message))
    case 'slack':
      return senders.postJson(channel.url!, slackBody(message))
    case 'teams':
      return senders.postJson(channel.url!, teamsBody(message))
    case 'email':
      if (!senders.mail)
        return Promise.resolve({
          ok: false,
          detail: 'no mail server: set SMTP_URL and ALERT_MAIL_FROM on the server',
        })
      return senders.mail(
        channel.to,
        `[stitchboard] ${message.title}`,
        `${message.text}\n${message.link ? `\n${message.link}\n` : ''}`,
      )
  }
}

const WEBHOOK_TIMEOUT_MS = 10_000

/** Webhooks over fetch (no redirects followed: the address given is the one told), mail over SMTP. */
export function realSenders(smtp: { url: string; from: string } | null): Senders {
  return {
    async postJson(url, body) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'User-Agent': 'stitchboard-alerts' },
          body: JSON.stringify(body),
          redirect: 'manual',
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        })
        const text = (await response.text().catch(() => '')).slice(0, 200)
        if (response.status >= 200 && response.status < 300)
          return { ok: true, detail: `HTTP ${response.status}` }
        return { ok: false, detail: `HTTP ${response.status}${text ? `: ${text}` : ''}` }
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code
        return {
          ok: false,
          detail:
            error instanceof Error && error.name === 'TimeoutError'
              ? `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`
              : `cannot reach it (${cause ?? (error instanceof Error ? error.message : String(error))})`,
        }
      }
    },
    mail: smtp
      ? async (to, subject, text, rich) => {
          const { createTransport } = await import('nodemailer')
          const transport = createTransport(smtp.url, {
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
            socketTimeout: 20_000,
          } as Parameters<typeof createTransport>[1])
          try {
            const info = await transport.sendMail({
              from: smtp.from,
              to: [...to],
              subject,
              text,
              ...(rich ? { html: rich.html, attachments: rich.attachments } : {}),
            })
            return {
              ok: true,
              detail: `accepted by the mail server (${String(info.response).slice(0, 100)})`,
            }
          } catch (error) {
            return {
              ok: false,
              detail: `mail server: ${error instanceof Error ? error.message : String(error)}`,
            }
          } finally {
            transport.close()
          }
        }
      : null,
  }
}
