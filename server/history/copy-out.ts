/**
 * `COPY (<select>) TO STDOUT (FORMAT binary)` on both ways to PostgreSQL, its bytes collected as they
 * come: the rows as stored, none parsed on the way (the factory timeline reads 150,000 of them).
 * - PGlite (./pglite.ts, read only to carry an earlier history over): its raw protocol stream (`execProtocolRawStream`, public API) hands the wire
 *   protocol's bytes over in pieces of some 10 kB; `CopyDataReader` takes the CopyData messages' payloads
 *   out of them. PGlite's own COPY TO '/dev/blob' was 65 ms slower a day of the factory: 9,000 pieces of
 *   1 kB in a Blob, read back through Node's Blob.
 * - PostgreSQL (the embedded one, a server): `CopyOut`, a "submittable" for pg's client (as pg-copy-streams does it: the client hands
 *   it the protocol's messages).
 */

/** Bytes appended into one growing buffer (of `size` bytes to begin with). */
class Bytes {
  private buffer: Uint8Array
  length = 0
  constructor(size = 1 << 16) {
    this.buffer = new Uint8Array(size)
  }
  append(bytes: Uint8Array) {
    if (this.length + bytes.length > this.buffer.length) {
      const bigger = new Uint8Array(Math.max(this.buffer.length * 2, this.length + bytes.length))
      bigger.set(this.buffer.subarray(0, this.length))
      this.buffer = bigger
    }
    this.buffer.set(bytes, this.length)
    this.length += bytes.length
  }
  view(): Uint8Array {
    return this.buffer.subarray(0, this.length)
  }
}

/** The simple query protocol's Query message. */
export function queryMessage(sql: string): Uint8Array {
  const text = new TextEncoder().encode(sql)
  const message = new Uint8Array(1 + 4 + text.length + 1)
  const view = new DataView(message.buffer)
  message[0] = 0x51 // 'Q'
  view.setInt32(1, 4 + text.length + 1)
  message.set(text, 5)
  return message
}

/** The text of an ErrorResponse's fields: its message (M) and SQLSTATE (C). */
function errorText(fields: Uint8Array): string {
  const decoder = new TextDecoder()
  const found: Record<string, string> = {}
  for (let at = 0; at < fields.length && fields[at] !== 0; ) {
    const type = String.fromCharCode(fields[at]!)
    const end = fields.indexOf(0, at + 1)
    found[type] = decoder.decode(fields.subarray(at + 1, end === -1 ? fields.length : end))
    at = end === -1 ? fields.length : end + 1
  }
  return `${found.M ?? 'error'}${found.C ? ` (${found.C})` : ''}`
}

/**
 * The backend's messages as they come, in pieces cut anywhere; then the payloads of their CopyData
 * messages ('d') one after another (the COPY's bytes), or an ErrorResponse ('E') as an error. The rest
 * (CopyOutResponse, CopyDone, CommandComplete, notices, ReadyForQuery) is passed over. The pieces are
 * only appended while they come (PGlite calls `push` from inside the database); the messages, one a row,
 * are read once all is there, each payload moved down over the framing in place (copying each on its
 * own as it came took 3 times as long).
 */
export class CopyDataReader {
  private readonly stream: Bytes
  /** `expected`: about how many bytes will come (the buffer grows by doubling from there) */
  constructor(expected = 0) {
    this.stream = new Bytes(Math.max(1 << 16, expected))
  }

  push(piece: Uint8Array) {
    this.stream.append(piece)
  }

  /** the COPY's bytes, or the database's error */
  result(): Uint8Array {
    const bytes = this.stream.view()
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    let write = 0
    for (let at = 0; at + 5 <= bytes.length; ) {
      const type = bytes[at]!
      const end = Math.min(bytes.length, at + 1 + view.getInt32(at + 1))
      if (type === 0x64) {
        bytes.copyWithin(write, at + 5, end)
        write += end - at - 5
      } else if (type === 0x45) throw new Error(errorText(bytes.subarray(at + 5, end)))
      at = end
    }
    return bytes.subarray(0, write)
  }
}

/** A COPY … TO STDOUT for pg's client: one CopyData message a row, each copied at once (pg reuses the
 * buffer they are read from). */
export class CopyOut {
  private readonly data: Bytes
  private failed = false
  constructor(
    readonly text: string,
    private readonly resolve: (bytes: Uint8Array) => void,
    private readonly reject: (error: Error) => void,
    /** about how many bytes will come */
    expected = 0,
  ) {
    this.data = new Bytes(Math.max(1 << 16, expected))
  }
  submit(connection: { query(text: string): void }) {
    connection.query(this.text)
  }
  handleCopyData(message: { chunk: Uint8Array }) {
    this.data.append(message.chunk)
  }
  handleCommandComplete() {}
  handleEmptyQuery() {}
  handleReadyForQuery() {
    if (!this.failed) this.resolve(this.data.view())
  }
  handleError(error: Error) {
    this.failed = true
    this.reject(error)
  }
}
