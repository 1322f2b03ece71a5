/**
 * The factory timeline's `machines` object as JSON bytes, from the rows of a binary COPY (PostgreSQL's
 * documented `COPY … (FORMAT binary)` layout) of `TIMELINE_COLUMNS`, in any order:
 * `{"<machine>":[[start, end|null, code|null, turning 0/1, reporting 0/1, design|null, seenSince 0/1],
 * …], …}` (Unix ms), each machine's rows by start, then in the order they were recorded (by id: an
 * interval of no length before the one that starts when it ends), the machines by ID.
 *
 * Why not rows, nor JSON built by PostgreSQL: a day of 1,000 machines is some 150,000 intervals. As
 * rows, each field becomes a JavaScript value (a timestamptz a Date): seconds on the embedded database.
 * With `json_agg`, PostgreSQL formats every number and sorts the rows: most of a second in WebAssembly.
 * A binary COPY only copies the stored values out (each field costs: the id and the three flags are one),
 * and this writes the JSON in two passes over the bytes, without a JavaScript object or string per row.
 */

/** What the COPY selects, in this order; the fifth is the id and the three flags in one bigint (id × 8 +
 * turning 1 + reporting 2 + seen since 4). */
const TIMELINE_COLUMNS =
  'machine_id, started_at, ended_at, code, id * 8 + turning::int + 2 * reporting::int + 4 * seen_since::int, design_id'
const FIELDS = 6

/** An instant as an SQL literal (a COPY takes no parameters). */
function instant(at: number): string {
  const text = new Date(at).toISOString()
  if (!/^[-+\d:.TZ]+$/.test(text)) throw new RangeError(`not an instant: ${at}`)
  return `'${text}'::timestamptz`
}

/**
 * The intervals overlapping [from, till) (Unix ms): those that end after `from` (or are open) and start
 * before `till`. Found by their end (migration 3): a recent range reads only what ended since its start,
 * however long the history.
 */
export const timelineSelect = (from: number, till: number) =>
  `select ${TIMELINE_COLUMNS} from state_intervals
   where (ended_at > ${instant(from)} or ended_at is null) and started_at < ${instant(till)}`

/** 2000-01-01T00:00:00Z in Unix ms: PostgreSQL's timestamps count microseconds from there. */
const PG_EPOCH_MS = 946_684_800_000
/** "PGCOPY\n\xff\r\n\0", then flags (int32) and the header extension's length (int32) */
const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]

const [QUOTE, BACKSLASH, COMMA, COLON, OPEN, CLOSE, OPEN_OBJECT, CLOSE_OBJECT, ZERO] = [
  0x22, 0x5c, 0x2c, 0x3a, 0x5b, 0x5d, 0x7b, 0x7d, 0x30,
] as const

export class CopyFormatError extends Error {
  override name = 'CopyFormatError'
}

/** A timestamptz's 8 bytes at `at` as Unix ms, rounded half away from zero as
 * `(extract(epoch from t) * 1000)::bigint` does (exact while |µs from 1970| < 2^53: until 2255). */
function msAt(view: DataView, at: number): number {
  const us = view.getInt32(at) * 4_294_967_296 + view.getUint32(at + 4) + PG_EPOCH_MS * 1000
  const ms = us / 1000
  return ms < 0 ? -Math.round(-ms) : Math.round(ms)
}

/** The fifth column's 8 bytes at `at`: the id (exact below 2^50) and the flags. */
function idAndFlagsAt(view: DataView, at: number): { id: number; flags: number } {
  const low = view.getUint32(at + 4)
  const flags = low & 7
  return { id: (view.getInt32(at) * 4_294_967_296 + low - flags) / 8, flags }
}

/** The rows as the writer reads them. */
interface Index {
  /** where each row starts (its field count), machine after machine, each machine's in time order */
  rows: Int32Array
  /** the machines' names in order, each with where its rows end in `rows` */
  machines: Array<{ name: string; end: number }>
}

/** Pass 1: where every row is, its machine, start and id; then the rows grouped and sorted. */
function indexRows(bytes: Uint8Array, view: DataView): Index {
  for (let i = 0; i < SIGNATURE.length; i++)
    if (bytes[i] !== SIGNATURE[i]) throw new CopyFormatError('not a binary COPY')
  let at = SIGNATURE.length + 8 + view.getInt32(SIGNATURE.length + 4)
  // a row takes at least 42 bytes: its field count (2), each field's length (4), a start and the id (8 each)
  const most = Math.floor(bytes.length / 42)
  const starts = new Int32Array(most)
  const machineOf = new Int32Array(most)
  const startMs = new Float64Array(most)
  const ids = new Float64Array(most)
  const names: string[] = []
  const known = new Map<string, number>()
  const decoder = new TextDecoder()
  let count = 0
  let lastAt = -1
  let lastLength = -1
  let last = -1
  for (;;) {
    const fields = view.getInt16(at)
    if (fields === -1) break
    if (fields !== FIELDS) throw new CopyFormatError(`a row of ${fields} fields, not ${FIELDS}`)
    starts[count] = at
    const length = view.getInt32(at + 2)
    const name = at + 6
    // rows of one machine often follow each other: the name's bytes are compared before it is decoded
    let same = length === lastLength
    for (let i = 0; same && i < length; i++) same = bytes[name + i] === bytes[lastAt + i]
    if (!same) {
      const text = decoder.decode(bytes.subarray(name, name + length))
      last = known.get(text) ?? -1
      if (last === -1) {
        last = names.length
        names.push(text)
        known.set(text, last)
      }
      lastAt = name
      lastLength = length
    }
    machineOf[count] = last
    at = name + length
    if (view.getInt32(at) !== 8) throw new CopyFormatError('a row without its start')
    startMs[count] = msAt(view, at + 4)
    at += 12
    at += 4 + Math.max(0, view.getInt32(at))
    at += 4 + Math.max(0, view.getInt32(at))
    if (view.getInt32(at) !== 8) throw new CopyFormatError('a row without its id')
    ids[count] = idAndFlagsAt(view, at + 4).id
    at += 12
    at += 4 + Math.max(0, view.getInt32(at))
    count++
  }
  // the machines by name; their rows counted into place (in the COPY's order within each)
  const order = names.map((_, i) => i).sort((a, b) => (names[a]! < names[b]! ? -1 : 1))
  const rank = new Int32Array(names.length)
  for (let i = 0; i < order.length; i++) rank[order[i]!] = i
  const ends = new Int32Array(names.length)
  for (let row = 0; row < count; row++) ends[rank[machineOf[row]!]!]!++
  for (let i = 1; i < ends.length; i++) ends[i]! += ends[i - 1]!
  const grouped = new Int32Array(count)
  const next = ends.slice()
  for (let row = count - 1; row >= 0; row--) grouped[--next[rank[machineOf[row]!]!]!] = row
  // each machine's rows by start, then id; most often they are so already (the table is written in time
  // order)
  const before = (a: number, b: number) => startMs[a]! - startMs[b]! || ids[a]! - ids[b]!
  for (let m = 0, from = 0; m < ends.length; from = ends[m++]!) {
    const run = grouped.subarray(from, ends[m])
    let sorted = true
    for (let i = 1; sorted && i < run.length; i++) sorted = before(run[i - 1]!, run[i]!) < 0
    if (!sorted) run.sort(before)
  }
  for (let i = 0; i < count; i++) grouped[i] = starts[grouped[i]!]!
  return { rows: grouped, machines: order.map((machine, i) => ({ name: names[machine]!, end: ends[i]! })) }
}

/** A growing output buffer of bytes. */
class Out {
  bytes: Uint8Array
  at = 0
  constructor(size: number) {
    this.bytes = new Uint8Array(Math.max(1024, size))
  }
  room(n: number) {
    if (this.at + n <= this.bytes.length) return
    const bigger = new Uint8Array(Math.max(this.bytes.length * 2, this.at + n))
    bigger.set(this.bytes.subarray(0, this.at))
    this.bytes = bigger
  }
  byte(b: number) {
    this.bytes[this.at++] = b
  }
  null() {
    const { bytes } = this
    bytes[this.at] = 0x6e
    bytes[this.at + 1] = 0x75
    bytes[this.at + 2] = 0x6c
    bytes[this.at + 3] = 0x6c
    this.at += 4
  }
  /** a safe integer in decimal */
  integer(n: number) {
    if (n < 0) {
      this.bytes[this.at++] = 0x2d
      n = -n
    }
    if (n < 1e8) {
      let count = 1
      for (let ten = 10; ten <= n; ten *= 10) count++
      this.digits(n, count)
    } else {
      // a timestamp in ms, say: the part above 10^8, then the 8 digits below it
      const high = Math.floor(n / 1e8)
      this.integer(high)
      this.digits(n - high * 1e8, 8)
    }
  }
  /** n < 10^8 in `count` digits, zeros first; two at a time, from the last (in 32-bit arithmetic) */
  private digits(n: number, count: number) {
    const { bytes } = this
    const first = this.at
    let at = first + count
    let x = n | 0
    while (at - first >= 2) {
      const hundredth = (x / 100) | 0
      const pair = (x - hundredth * 100) * 2
      bytes[--at] = PAIRS[pair + 1]!
      bytes[--at] = PAIRS[pair]!
      x = hundredth
    }
    if (at > first) bytes[--at] = ZERO + x
    this.at = first + count
  }
  /** UTF-8 text as a JSON string, escaped as JSON.stringify does */
  string(from: Uint8Array, start: number, length: number) {
    this.room(length * 6 + 2)
    const { bytes } = this
    let at = this.at
    bytes[at++] = QUOTE
    for (let i = start; i < start + length; i++) {
      const c = from[i]!
      if (c >= 0x20 && c !== QUOTE && c !== BACKSLASH) {
        bytes[at++] = c
        continue
      }
      bytes[at++] = BACKSLASH
      const short = c === QUOTE || c === BACKSLASH ? c : SHORT_ESCAPES[c]
      if (short !== undefined) bytes[at++] = short
      else {
        bytes.set([0x75, ZERO, ZERO, HEX[c >> 4]!, HEX[c & 15]!], at)
        at += 5
      }
    }
    bytes[at++] = QUOTE
    this.at = at
  }
}

/** "00" to "99" */
const PAIRS = Uint8Array.from({ length: 200 }, (_, i) =>
  i % 2 === 0 ? ZERO + Math.floor(i / 20) : ZERO + (((i - 1) / 2) % 10),
)
const HEX = [...'0123456789abcdef'].map((c) => c.charCodeAt(0))
/** \b \t \n \f \r */
const SHORT_ESCAPES: Record<number, number> = { 8: 0x62, 9: 0x74, 10: 0x6e, 12: 0x66, 13: 0x72 }

/** The JSON bytes of the machines' rows in a binary COPY (see the top of this file). */
export function timelineJsonFromCopy(copy: Uint8Array): Uint8Array {
  const view = new DataView(copy.buffer, copy.byteOffset, copy.byteLength)
  const { rows, machines } = indexRows(copy, view)
  const encoder = new TextEncoder()
  // a row is some 45 bytes of JSON from some 65 of COPY
  const out = new Out(copy.length)
  out.byte(OPEN_OBJECT)
  let row = 0
  for (const [m, machine] of machines.entries()) {
    const name = encoder.encode(machine.name)
    out.room(1)
    if (m > 0) out.byte(COMMA)
    out.string(name, 0, name.length)
    out.room(2)
    out.byte(COLON)
    out.byte(OPEN)
    for (const first = row; row < machine.end; row++) {
      // up to 2 + 2 × 17 + 12 + 6 + 3 bytes besides the design (whose string makes its own room)
      out.room(64)
      if (row > first) out.byte(COMMA)
      // the fields after the machine's name
      let at = rows[row]! + 2
      at += 4 + view.getInt32(at)
      out.byte(OPEN)
      out.integer(msAt(view, at + 4))
      out.byte(COMMA)
      at += 12
      if (view.getInt32(at) < 0) out.null()
      else out.integer(msAt(view, at + 4))
      at += view.getInt32(at) < 0 ? 4 : 12
      out.byte(COMMA)
      if (view.getInt32(at) < 0) out.null()
      else out.integer(view.getInt32(at + 4))
      at += view.getInt32(at) < 0 ? 4 : 8
      const { flags } = idAndFlagsAt(view, at + 4)
      at += 12
      out.byte(COMMA)
      out.byte(ZERO + (flags & 1))
      out.byte(COMMA)
      out.byte(ZERO + ((flags >> 1) & 1))
      out.byte(COMMA)
      const design = view.getInt32(at)
      if (design < 0) out.null()
      else out.string(copy, at + 4, design)
      out.room(3)
      out.byte(COMMA)
      out.byte(ZERO + ((flags >> 2) & 1))
      out.byte(CLOSE)
    }
    out.room(1)
    out.byte(CLOSE)
  }
  out.room(1)
  out.byte(CLOSE_OBJECT)
  return out.bytes.subarray(0, out.at)
}
