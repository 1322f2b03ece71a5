/** Machine states stitchboard knows. The vendor reports a numeric status code and publishes no table of
 * them (myzsk-api.md section 2): a dictionary maps codes to states and labels. */
export const MACHINE_STATES = ['running', 'stopped', 'threadbreak', 'idle', 'setup', 'error'] as const
export type MachineState = (typeof MACHINE_STATES)[number]

export interface StatusMeaning {
  state: MachineState
  label: string
}

/** The demo factory's own code table (README, "Demo status codes"); the default dictionary until a
 * factory sets its own. 1012 is the vendor's "completed" event (myzsk-api.md section 2). */
export const DEMO_STATUS_CODES: ReadonlyMap<number, StatusMeaning> = new Map([
  [1, { state: 'running', label: 'Running' }],
  [2, { state: 'stopped', label: 'Stopped' }],
  [9, { state: 'threadbreak', label: 'Thread break' }],
  [30, { state: 'setup', label: 'Hooping' }],
  [40, { state: 'idle', label: 'Idle' }],
  [99, { state: 'error', label: 'Machine error' }],
  [1012, { state: 'stopped', label: 'Design completed' }],
])

/** The code the demo reports for each of its log states. */
export const DEMO_CODE_OF = {
  running: 1,
  stopped: 2,
  threadbreak: 9,
  setup: 30,
  idle: 40,
  error: 99,
  completed: 1012,
} as const

/** Seconds in one state from a map of seconds per status code (machine-summary's statusBreakdown). */
export function secondsInStateOf(
  secondsByStatus: ReadonlyMap<number, number>,
  state: MachineState,
  codes: ReadonlyMap<number, StatusMeaning>,
): number {
  let total = 0
  for (const [code, seconds] of secondsByStatus) if (codes.get(code)?.state === state) total += seconds
  return total
}

/** Words for a state when a dictionary entry gives no label of its own; the one place these words are
 * written (the board's STATE_LABELS, and through it the timeline and the server's alert rules). */
export const STATE_WORDS: Record<MachineState, string> = {
  running: 'Running',
  stopped: 'Stopped',
  threadbreak: 'Thread break',
  idle: 'Idle',
  setup: 'Setup',
  error: 'Error',
}

export interface StatusEntry extends StatusMeaning {
  code: number
}

const MAX_LABEL = 60

/** STATUS_CODES (issue 17): comma-separated `code=state` or `code=state:label`, state one of
 * MACHINE_STATES, e.g. `1=running,2=stopped:Stop switch,9=threadbreak`. Returns the entries in the
 * order given, or the first problem in words naming the entry. */
export function parseStatusCodes(text: string): StatusEntry[] | string {
  const entries: StatusEntry[] = []
  const seen = new Set<number>()
  const items = text.split(',').map((item) => item.trim())
  if (items.every((item) => item === ''))
    return 'is empty: give entries such as 1=running,2=stopped:Stop switch'
  for (const item of items) {
    if (item === '') return 'has an empty entry (two commas in a row, or one at the end)'
    const shown = JSON.stringify(item.slice(0, 80))
    const match = item.match(/^(-?\d{1,9})\s*=\s*([a-z]+)\s*(?::(.*))?$/i)
    if (!match) return `entry ${shown} is not code=state or code=state:label (such as 2=stopped:Stop switch)`
    const [, codeText, stateText, labelText] = match as unknown as [
      string,
      string,
      string,
      string | undefined,
    ]
    const code = Number(codeText)
    const state = stateText.toLowerCase()
    if (!(MACHINE_STATES as readonly string[]).includes(state))
      return `entry ${shown} has the state "${stateText}"; the states are ${MACHINE_STATES.join(', ')}`
    if (seen.has(code)) return `entry ${shown} maps code ${code} a second time`
    const label = labelText?.trim()
    if (labelText !== undefined && !label) return `entry ${shown} has an empty label after the colon`
    if (label && label.length > MAX_LABEL)
      return `entry ${shown} has a label longer than ${MAX_LABEL} characters`
    seen.add(code)
    entries.push({ code, state: state as MachineState, label: label || STATE_WORDS[state as MachineState] })
  }
  return entries
}

/** The STATUS_CODES line for these entries (the label left out where it is the state's own words). */
export function statusCodesLine(entries: readonly StatusEntry[]): string {
  return entries
    .map(({ code, state, label }) =>
      label === STATE_WORDS[state] ? `${code}=${state}` : `${code}=${state}:${label}`,
    )
    .join(',')
}

/** The demo's table as entries (the default dictionary). */
export const DEMO_STATUS_ENTRIES: readonly StatusEntry[] = [...DEMO_STATUS_CODES].map(([code, meaning]) => ({
  code,
  ...meaning,
}))

/** A dictionary from entries. */
export const dictionaryOf = (entries: readonly StatusEntry[]): ReadonlyMap<number, StatusMeaning> =>
  new Map(entries.map(({ code, state, label }) => [code, { state, label }]))
