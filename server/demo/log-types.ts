/** The demo machines' logs as server/demo/machine-log.ts generates them and packed-chunk.ts packs them. */

/** The states of the demo machines' STATUS log; each has its code in the demo's code table
 * (DEMO_CODE_OF), except offline: a machine that is offline sends nothing. */
export type DemoStatus = 'running' | 'stopped' | 'threadbreak' | 'idle' | 'setup' | 'completed' | 'offline'
/** Every status, in the order their packed numbers follow (./packed-chunk.ts): offline last. */
export const DEMO_STATUSES: readonly DemoStatus[] = [
  'running',
  'stopped',
  'threadbreak',
  'idle',
  'setup',
  'completed',
  'offline',
]

/** One row of the STATUS log: the machine was in `status` during [start, end). While running,
 * it sewed at `rpm` stitches per minute (the MIN log is these segments cut into minutes). */
export interface Segment {
  start: number
  end: number
  status: DemoStatus
  /** index into company.designs, -1 when no design is loaded */
  design: number
  /** index into company.operators, -1 when nobody is logged on */
  operator: number
  rpm: number
  /** index into the chunk's runs, -1 outside a run */
  run: number
}

/** A thread break (STATUS log): head and needle, needle 0 being the bobbin (reference 4.1). */
export interface Break {
  at: number
  head: number
  needle: number
  design: number
  operator: number
  /** stitch position in the design when the thread broke */
  stitch: number
  /** speed when it broke */
  rpm: number
}

/** One pass: a design sewn once on every active head, from the first stitch to the last (or to the
 * chunk's end). A job repeats its design `repeats` times; this is pass number `pass` of it. */
export interface Run {
  start: number
  end: number
  design: number
  operator: number
  completed: boolean
  pass: number
  repeats: number
  /** running seconds of the pass */
  running: number
}

/** A machine's logs over one chunk (server/demo/packed-chunk.ts keeps them small). */
export interface Chunk {
  start: number
  end: number
  segments: Segment[]
  breaks: Break[]
  runs: Run[]
  /** the memory it takes, roughly, in bytes (the factory keeps a bounded number of them) */
  bytes: number
  /** Each segment, break or run in order, as one object filled anew for each: read it during the call
   * and keep nothing of it (a report reads hundreds of thousands without making an object of each). */
  eachSegment(visit: (segment: Segment) => void): void
  eachBreak(visit: (threadbreak: Break) => void): void
  eachRun(visit: (run: Run) => void): void
}
