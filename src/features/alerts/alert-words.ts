import { alertCause, alertDetail } from '../../lib/alert-words'

export { alertPath } from '../../lib/alert-words'

import type { Alert } from '../../lib/domain'
import { durationInWords } from '../../lib/duration'
import { formatFactoryTime } from '../../lib/factory-time'
import type { Translator } from '../../lib/i18n/translator'

/** How urgent a rule's alerts are: a machine down before a needle breaking again and again before a
 * hot spot. */
const RULE_URGENCY: Record<Alert['rule'], number> = {
  state: 0,
  'head-breaks': 1,
  'hot-spot': 2,
  screens: 3,
  orders: 4,
  maintenance: 5,
}

/** Open alerts first (those nobody is on before those acknowledged; a machine down before break patterns;
 * the newest first: what just happened is on top of a short list), then the cleared. */
export function alertOrder(alerts: readonly Alert[]): Alert[] {
  const rank = (a: Alert) => (a.clearedAt !== null ? 2 : a.acknowledgedAt !== null ? 1 : 0)
  return [...alerts].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      RULE_URGENCY[a.rule] - RULE_URGENCY[b.rule] ||
      b.raisedAt - a.raisedAt ||
      b.id - a.id,
  )
}

export const isOpen = (alert: Alert) => alert.clearedAt === null

/** The alert's cause in the screen's language ("Thread break", "Head 3 · needle 7"); an alert raised before
 * stitchboard kept what it is about has only its English words. */
export const causeWords = (alert: Alert, t: Translator['t']): string =>
  alert.what ? alertCause(alert.what, t) : alert.cause

/** The alert's sentence with the time it ends at, as the channels send it: "North 01: stopped since 10:42",
 * "…; first of them 10:42". */
export function detailWords(alert: Alert, timeZone: string, t: Translator['t']): string {
  const detail = alert.what ? alertDetail(alert.what, alert.machineName, t) : alert.detail
  return `${detail} ${formatFactoryTime(alert.since, timeZone, false)}`
}

/** "since 10:42 (23 min)" of the cause; `now` in Unix ms. */
export function sinceWords(alert: Alert, now: number, timeZone: string, t: Translator['t']): string {
  return t('alertBar.words.since', {
    time: formatFactoryTime(alert.since, timeZone, false),
    duration: durationInWords(Math.max(0, Math.round((now - alert.since) / 1000))),
  })
}

/** "Ana is on it since 10:45", or null. */
export function onItWords(alert: Alert, timeZone: string, t: Translator['t']): string | null {
  if (alert.acknowledgedAt === null) return null
  const time = formatFactoryTime(alert.acknowledgedAt, timeZone, false)
  return alert.acknowledgedBy === null
    ? t('alertBar.words.someoneOnIt', { time })
    : t('alertBar.words.onIt', { person: alert.acknowledgedBy, time })
}

/** "All clear since 11:02", or "OK again since 11:02" while it waits out the clear time. */
export function clearWords(alert: Alert, timeZone: string, t: Translator['t']): string | null {
  if (alert.clearedAt !== null)
    return t('alertBar.words.allClearSince', { time: formatFactoryTime(alert.clearedAt, timeZone, false) })
  if (alert.okSince !== null)
    return t('alertBar.words.okAgainSince', { time: formatFactoryTime(alert.okSince, timeZone, false) })
  return null
}
