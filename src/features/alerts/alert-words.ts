import type { Alert } from '../../lib/domain'
import { durationInWords } from '../../lib/duration'
import { formatFactoryTime } from '../../lib/factory-time'

/** How urgent a rule's alerts are: a machine down before a needle breaking again and again before a
 * hot spot. */
const RULE_URGENCY: Record<Alert['rule'], number> = { state: 0, 'head-breaks': 1, 'hot-spot': 2 }

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

/** "since 10:42 (23 min)" of the cause; `now` in Unix ms. */
export function sinceWords(alert: Alert, now: number, timeZone: string): string {
  const time = formatFactoryTime(alert.since, timeZone, false)
  return `since ${time} (${durationInWords(Math.max(0, Math.round((now - alert.since) / 1000)))})`
}

/** "Ana is on it since 10:45", or null. */
export function onItWords(alert: Alert, timeZone: string): string | null {
  if (alert.acknowledgedAt === null) return null
  return `${alert.acknowledgedBy ?? 'Someone'} is on it since ${formatFactoryTime(alert.acknowledgedAt, timeZone, false)}`
}

/** "All clear since 11:02", or "OK again since 11:02" while it waits out the clear time. */
export function clearWords(alert: Alert, timeZone: string): string | null {
  if (alert.clearedAt !== null)
    return `All clear since ${formatFactoryTime(alert.clearedAt, timeZone, false)}`
  if (alert.okSince !== null) return `OK again since ${formatFactoryTime(alert.okSince, timeZone, false)}`
  return null
}
