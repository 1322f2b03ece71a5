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
  codes: ReadonlyMap<number, StatusMeaning> = DEMO_STATUS_CODES,
): number {
  let total = 0
  for (const [code, seconds] of secondsByStatus) if (codes.get(code)?.state === state) total += seconds
  return total
}
