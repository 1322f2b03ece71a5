/** The stop reasons' query key root (its own module: the shell's live stream reads it without the stops'
 * schemas). */
export const STOPS_KEY = ['stops'] as const
/** What every standing machine stands for now: read again whenever a machine's state changes. */
export const CURRENT_STOPS_KEY = [...STOPS_KEY, 'current'] as const
