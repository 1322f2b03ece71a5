/** The settings page's names for the server's rules, machine states and channel kinds. */
export const RULE_TITLES = {
  state: 'Machine down too long',
  'head-breaks': 'One needle of a head breaks again and again',
  'hot-spot': 'New thread-break hot spot this shift',
} as const
export type RuleId = keyof typeof RULE_TITLES
export const RULES = Object.keys(RULE_TITLES) as RuleId[]

export const STATE_NAMES = {
  stopped: 'Stopped',
  threadbreak: 'Thread break',
  error: 'Error',
  'not-reporting': 'Not reporting',
  unknown: 'Unknown status',
} as const

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
