/** A failed write, with its HTTP status and the words for it. */
export class StopError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message)
  }
}

/** A reason given to a stop part, with the one it replaced (none: null). */
export interface ReasonChange {
  machineId: string
  /** the part's start and end (Unix ms) */
  start: number
  end: number
  before: string | null
  after: string
  by: string
  at: number
}
