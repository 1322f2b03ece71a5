import type { AlertChannel, AlertSettings } from '../../api/alerts/alert-settings'
import type { MessageKey } from '../../lib/i18n/translator'
import type { BoardState } from '../../lib/machine-state'

/** The settings page's names for the server's rules, the states it watches and channel kinds. */
export const RULE_TITLES = {
  state: 'alerts.rule.state',
  'head-breaks': 'alerts.rule.headBreaks',
  'hot-spot': 'alerts.rule.hotSpot',
  screens: 'alerts.rule.screens',
  orders: 'alerts.rule.orders',
  maintenance: 'alerts.rule.maintenance',
} as const satisfies Record<string, MessageKey>
export type RuleId = keyof typeof RULE_TITLES
export const RULES = Object.keys(RULE_TITLES) as RuleId[]

/** The rules as the server names them in its figures (the alarm load, the alerts of a range). */
export const RULE_NAMES: Record<RuleId, MessageKey> = {
  state: 'alerts.ruleName.state',
  'head-breaks': 'alerts.ruleName.headBreaks',
  'hot-spot': 'alerts.ruleName.hotSpot',
  screens: 'alerts.ruleName.screens',
  orders: 'alerts.ruleName.orders',
  maintenance: 'alerts.ruleName.maintenance',
}

/** The machine states the state rule watches, in the form's order; their words are the board's
 * (STATE_KEYS), so a state reads the same on the settings page as on the machines. */
export const WATCHED_STATES = [
  'stopped',
  'threadbreak',
  'error',
  'not-reporting',
  'unknown',
] as const satisfies ReadonlyArray<keyof AlertSettings['rules']['state']['minutes'] & BoardState>

/** The channel kinds, in the form's order (product names are a message too: one list). */
export const KIND_NAMES: Record<AlertChannel['kind'], MessageKey> = {
  webhook: 'alerts.kind.webhook',
  teams: 'alerts.kind.teams',
  slack: 'alerts.kind.slack',
  email: 'alerts.kind.email',
}

/** The two ends of the quiet hours, as the form names them. */
export const QUIET_ENDS = [
  ['from', 'alerts.quiet.from'],
  ['to', 'alerts.quiet.to'],
] as const satisfies ReadonlyArray<readonly ['from' | 'to', MessageKey]>
