import type { MessageKey, Translator } from './i18n/translator'
/** Machine states stitchboard knows. The vendor reports a numeric status code and publishes no table of
 * them (myzsk-api.md section 2): a dictionary maps codes to states and labels. */
export const MACHINE_STATES = ['running', 'stopped', 'threadbreak', 'idle', 'setup', 'error'] as const
export type MachineState = (typeof MACHINE_STATES)[number]

export interface StatusMeaning {
  state: MachineState
  /** the factory's own words for the code (STATUS_CODES), shown as written; null: the product's words */
  label: string | null
  /** the product's words for a code of its own table (the demo's), a message; else the state's words */
  words?: (typeof PRODUCT_CODE_WORDS)[number]
}

/** The demo factory's own code table (docs/configuration.md, "The demo companies"); the default
 * dictionary until a factory sets its own. 1012 is the vendor's "completed" event (myzsk-api.md section 2). */
export const DEMO_STATUS_CODES: ReadonlyMap<number, StatusMeaning> = new Map([
  [1, { state: 'running', label: null }],
  [2, { state: 'stopped', label: null }],
  [9, { state: 'threadbreak', label: null }],
  [30, { state: 'setup', label: null, words: 'app.code.hooping' }],
  [40, { state: 'idle', label: null }],
  [99, { state: 'error', label: null, words: 'app.code.machineError' }],
  [1012, { state: 'stopped', label: null, words: 'app.code.designCompleted' }],
])

/** The product's own words for codes of its table (DEMO_STATUS_CODES): the only `words` an answer may name. */
export const PRODUCT_CODE_WORDS = [
  'app.code.hooping',
  'app.code.machineError',
  'app.code.designCompleted',
] as const

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

/** A state's words (messages) where a dictionary entry gives none of its own; the one place they are
 * named (the board's STATE_KEYS, and through it the timeline and the server's alert rules). */
export const STATE_WORD_KEYS: Record<MachineState, MessageKey> = {
  running: 'app.state.running',
  stopped: 'app.state.stopped',
  threadbreak: 'app.state.threadbreak',
  idle: 'app.state.idle',
  setup: 'app.state.setup',
  error: 'app.state.error',
}

/** A code's words in the screen's language: the factory's own as written, else the product's. */
export const meaningLabel = (meaning: StatusMeaning, t: Translator['t']): string =>
  meaning.label ?? t(meaning.words ?? STATE_WORD_KEYS[meaning.state])

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
    entries.push({ code, state: state as MachineState, label: label || null })
  }
  return entries
}

/** The STATUS_CODES line for these entries: the label left out where it is the state's own words; the
 * product's words for a code of its table (the demo's) written in the screen's language, from then on the
 * factory's own. */
export function statusCodesLine(entries: readonly StatusEntry[], t: Translator['t']): string {
  return entries
    .map(({ code, state, label, words }) => {
      const own = label ?? (words ? t(words) : null)
      return own === null ? `${code}=${state}` : `${code}=${state}:${own}`
    })
    .join(',')
}

/** The demo's table as entries (the default dictionary). */
export const DEMO_STATUS_ENTRIES: readonly StatusEntry[] = [...DEMO_STATUS_CODES].map(([code, meaning]) => ({
  code,
  ...meaning,
}))

/** A dictionary from entries. */
export const dictionaryOf = (entries: readonly StatusEntry[]): ReadonlyMap<number, StatusMeaning> =>
  new Map(
    entries.map(({ code, state, label, words }) => [code, { state, label, ...(words ? { words } : {}) }]),
  )
