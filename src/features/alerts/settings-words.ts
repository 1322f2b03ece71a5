import type { AlertSettings } from '../../api/alert-settings'
import type { BoardState } from '../../lib/machine-state'

/** The settings page's names for the server's rules, the states it watches and channel kinds. */
export const RULE_TITLES = {
  state: 'Machine down too long',
  'head-breaks': 'One needle of a head breaks again and again',
  'hot-spot': 'New thread-break hot spot this shift',
} as const
export type RuleId = keyof typeof RULE_TITLES
export const RULES = Object.keys(RULE_TITLES) as RuleId[]

/** The machine states the state rule watches, in the form's order; their words are the board's
 * (STATE_LABELS), so a state reads the same on the settings page as on the machines. */
export const WATCHED_STATES = [
  'stopped',
  'threadbreak',
  'error',
  'not-reporting',
  'unknown',
] as const satisfies ReadonlyArray<keyof AlertSettings['rules']['state']['minutes'] & BoardState>

export const KIND_NAMES = {
  webhook: 'Webhook (JSON)',
  teams: 'Microsoft Teams',
  slack: 'Slack',
  email: 'E-mail',
} as const

/** The two ends of the quiet hours, as the form names them. */
export const QUIET_ENDS = [
  ['from', 'Quiet from'],
  ['to', 'Quiet until'],
] as const
