import { type Break, type Chunk, DEMO_STATUSES, type DemoStatus, type Run, type Segment } from './log-types'

/*
 * A machine-day of the demo's logs as the factory keeps it: one Uint32Array of some 1.7 KB, instead of
 * the ~30 KB its 230 segments, 26 breaks and 43 runs take as objects (the whole history, 258 machines ×
 * 121 days, was 580 MB as objects and typed arrays of doubles; packed it is about 60 MB).
 *
 * Layout after a header of three counts (segments, breaks, runs):
 * - a segment, 1 word: its end, status, and its run index (working states) or operator + 1 (idle and
 *   offline). Its start is the end before it (segments follow each other without a gap from the chunk's
 *   start, which packing checks); its design, operator and speed are its run's (checked too);
 * - a break, 2 words: time, head, needle, operator | stitch, design, speed / 10;
 * - a run, 3 words: start, design, pass, repeats | end, operator, completed | running seconds, speed / 10.
 * A time is an offset in whole seconds from the chunk's start (17 bits: a chunk is at most 25.5 h) and a
 * flag adding the chunk's one fraction of a second: the time a machine goes offline is drawn as a real
 * number and every later time of that chunk carries its fraction (integer seconds are added to it).
 * Packing checks every value it writes (a time decodes to the very same number; a field fits its bits; a
 * segment's design, operator and speed are its run's); a chunk that does not fit (none of the seeded
 * history, but the generator may change) stays as the objects it was generated as.
 */

const STATUSES = DEMO_STATUSES
const STATUS_INDEX = new Map(STATUSES.map((status, i) => [status, i]))
const [RUNNING, IDLE, OFFLINE] = [
  STATUS_INDEX.get('running'),
  STATUS_INDEX.get('idle'),
  STATUS_INDEX.get('offline'),
]
/** idle and offline: no run; the word holds the operator (idle may be an operator waiting for work) */
const NO_RUN = (status: DemoStatus) => status === 'idle' || status === 'offline'

const HEADER = 3
const TIME_BITS = 17
const TIME_MASK = (1 << TIME_BITS) - 1
const FRACTION_BIT = 1 << TIME_BITS
/** what a chunk costs beyond its words: the typed array, its buffer and the chunk object (measured roughly) */
const OVERHEAD_BYTES = 320

/** A generated chunk, packed; the objects themselves when they do not fit the layout. */
export function packChunk(
  start: number,
  end: number,
  segments: readonly Segment[],
  breaks: readonly Break[],
  runs: readonly Run[],
): Chunk & { bytes: number } {
  const words = packed(start, segments, breaks, runs)
  if (words) return new PackedChunk(start, end, words.data, words.fraction)
  const bytes = OVERHEAD_BYTES + 100 * (segments.length + breaks.length + runs.length)
  const kept = { segments: [...segments], breaks: [...breaks], runs: [...runs] }
  return {
    start,
    end,
    ...kept,
    bytes,
    eachSegment: (visit) => {
      for (const segment of kept.segments) visit(segment)
    },
    eachBreak: (visit) => {
      for (const threadbreak of kept.breaks) visit(threadbreak)
    },
    eachRun: (visit) => {
      for (const run of kept.runs) visit(run)
    },
  }
}

function packed(start: number, segments: readonly Segment[], breaks: readonly Break[], runs: readonly Run[]) {
  if (!Number.isInteger(start) || start < 0 || start > 0xffffffff) return null
  let fraction = 0
  /** the time's 18 bits, or -1 when it cannot be written exactly */
  const time = (value: number): number => {
    let whole = Math.floor(value)
    let flag = 0
    if (whole !== value) {
      // the chunk's first fraction is its fraction; any other one does not fit
      if (fraction === 0) fraction = value - whole
      flag = FRACTION_BIT
    }
    const offset = whole - start
    if (offset < 0 || offset > TIME_MASK) return -1
    whole = start + offset
    return (flag ? whole + fraction : whole) === value ? offset | flag : -1
  }
  const data = new Uint32Array(HEADER + segments.length + 2 * breaks.length + 3 * runs.length)
  data[0] = segments.length
  data[1] = breaks.length
  data[2] = runs.length
  // a run's speed is that of its running segments (all of a run's running segments share it)
  const runRpm = new Array<number>(runs.length).fill(0)
  for (const s of segments) if (s.status === 'running' && s.run >= 0) runRpm[s.run] = s.rpm
  let at = HEADER
  let previousEnd = start
  for (const s of segments) {
    const endTime = time(s.end)
    if (endTime < 0 || s.start !== previousEnd) return null
    previousEnd = s.end
    let field: number
    if (NO_RUN(s.status)) {
      if (s.run !== -1 || s.design !== -1 || s.rpm !== 0 || !fits(s.operator + 1, 11)) return null
      field = s.operator + 1
    } else {
      const run = runs[s.run]
      if (!run || !fits(s.run, 11)) return null
      const rpm = s.status === 'running' ? runRpm[s.run] : 0
      if (s.design !== run.design || s.operator !== run.operator || s.rpm !== rpm) return null
      field = s.run
    }
    const status = STATUS_INDEX.get(s.status)
    if (status === undefined) return null
    data[at++] = (endTime | (status << 18) | (field << 21)) >>> 0
  }
  for (const b of breaks) {
    const atTime = time(b.at)
    if (atTime < 0 || !fits(b.head, 5) || !fits(b.needle, 4) || !fits(b.operator, 5)) return null
    if (!fits(b.stitch, 16) || !fits(b.design, 8) || b.rpm % 10 !== 0 || !fits(b.rpm / 10, 8)) return null
    data[at++] = (atTime | (b.head << 18) | (b.needle << 23) | (b.operator << 27)) >>> 0
    data[at++] = (b.stitch | (b.design << 16) | ((b.rpm / 10) << 24)) >>> 0
  }
  for (const [i, r] of runs.entries()) {
    const startTime = time(r.start)
    const endTime = time(r.end)
    const rpm = runRpm[i]!
    if (startTime < 0 || endTime < 0 || !fits(r.design, 8) || !fits(r.pass, 3) || !fits(r.repeats, 3))
      return null
    if (!fits(r.operator, 5) || !fits(r.running, 24) || rpm % 10 !== 0 || !fits(rpm / 10, 8)) return null
    data[at++] = (startTime | (r.design << 18) | (r.pass << 26) | (r.repeats << 29)) >>> 0
    data[at++] = (endTime | (r.operator << 18) | (Number(r.completed) << 23)) >>> 0
    data[at++] = (r.running | ((rpm / 10) << 24)) >>> 0
  }
  return { data, fraction }
}

const fits = (value: number, bits: number) => Number.isInteger(value) && value >= 0 && value < 2 ** bits

/** A packed chunk: its segments, breaks and runs are new objects on every read (read each once per use);
 * each* reads them without making an object of each. */
export class PackedChunk implements Chunk {
  constructor(
    readonly start: number,
    readonly end: number,
    private readonly data: Uint32Array,
    private readonly fraction: number,
  ) {}

  get bytes(): number {
    return this.data.byteLength + OVERHEAD_BYTES
  }

  private time(bits: number): number {
    const whole = this.start + (bits & TIME_MASK)
    return bits & FRACTION_BIT ? whole + this.fraction : whole
  }

  private runsAt(): number {
    return HEADER + this.data[0]! + 2 * this.data[1]!
  }

  get segments(): Segment[] {
    const segments: Segment[] = []
    this.eachSegment((segment) => segments.push({ ...segment }))
    return segments
  }

  get breaks(): Break[] {
    const breaks: Break[] = []
    this.eachBreak((threadbreak) => breaks.push({ ...threadbreak }))
    return breaks
  }

  get runs(): Run[] {
    const runs: Run[] = []
    this.eachRun((run) => runs.push({ ...run }))
    return runs
  }

  eachSegment(visit: (segment: Segment) => void): void {
    const { data, start, fraction } = this
    const count = data[0]!
    const runsAt = this.runsAt()
    const segment: Segment = { start: 0, end: start, status: 'idle', design: 0, operator: 0, rpm: 0, run: 0 }
    for (let i = 0; i < count; i++) {
      const word = data[HEADER + i]!
      const status = (word >>> 18) & 7
      const field = word >>> 21
      const end = start + (word & TIME_MASK)
      segment.start = segment.end
      segment.end = word & FRACTION_BIT ? end + fraction : end
      segment.status = STATUSES[status]!
      if (status === IDLE || status === OFFLINE) {
        segment.design = -1
        segment.operator = field - 1
        segment.rpm = 0
        segment.run = -1
      } else {
        const at = runsAt + 3 * field
        segment.design = (data[at]! >>> 18) & 0xff
        segment.operator = (data[at + 1]! >>> 18) & 0x1f
        segment.rpm = status === RUNNING ? (data[at + 2]! >>> 24) * 10 : 0
        segment.run = field
      }
      visit(segment)
    }
  }

  eachBreak(visit: (threadbreak: Break) => void): void {
    const { data } = this
    const count = data[1]!
    const b: Break = { at: 0, head: 0, needle: 0, design: 0, operator: 0, stitch: 0, rpm: 0 }
    for (let i = 0, at = HEADER + data[0]!; i < count; i++, at += 2) {
      const first = data[at]!
      const second = data[at + 1]!
      b.at = this.time(first)
      b.head = (first >>> 18) & 0x1f
      b.needle = (first >>> 23) & 0xf
      b.design = (second >>> 16) & 0xff
      b.operator = first >>> 27
      b.stitch = second & 0xffff
      b.rpm = (second >>> 24) * 10
      visit(b)
    }
  }

  eachRun(visit: (run: Run) => void): void {
    const { data } = this
    const count = data[2]!
    const run: Run = {
      start: 0,
      end: 0,
      design: 0,
      operator: 0,
      completed: false,
      pass: 0,
      repeats: 0,
      running: 0,
    }
    for (let i = 0, at = this.runsAt(); i < count; i++, at += 3) {
      const first = data[at]!
      const second = data[at + 1]!
      run.start = this.time(first)
      run.end = this.time(second)
      run.design = (first >>> 18) & 0xff
      run.operator = (second >>> 18) & 0x1f
      run.completed = ((second >>> 23) & 1) === 1
      run.pass = (first >>> 26) & 7
      run.repeats = first >>> 29
      run.running = data[at + 2]! & 0xffffff
      visit(run)
    }
  }
}
