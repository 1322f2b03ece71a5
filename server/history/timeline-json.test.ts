import { describe, expect, test } from 'vitest'
import { CopyDataReader } from './copy-out'
import { CopyFormatError, timelineJsonFromCopy } from './timeline-json'

/** Issue 34: the factory timeline's JSON written from a binary COPY, and the COPY's bytes taken out of the
 * wire protocol, on COPYs built here byte by byte as PostgreSQL documents them. */

const PG_EPOCH_MS = 946_684_800_000

interface Row {
  machine: string
  start: number
  end: number | null
  code: number | null
  id: number
  turning?: boolean
  reporting?: boolean
  seenSince?: boolean
  design: string | null
}

/** A binary COPY of TIMELINE_COLUMNS' rows (timestamps in µs from 2000, the id and flags in one bigint). */
function copyOf(rows: readonly Row[]): Uint8Array {
  const bytes: number[] = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]
  const int32 = (n: number) => {
    const b = new Uint8Array(4)
    new DataView(b.buffer).setInt32(0, n)
    bytes.push(...b)
  }
  const int64 = (n: bigint) => {
    const b = new Uint8Array(8)
    new DataView(b.buffer).setBigInt64(0, n)
    bytes.push(...b)
  }
  const text = (t: string | null) => {
    if (t === null) return int32(-1)
    const b = new TextEncoder().encode(t)
    int32(b.length)
    bytes.push(...b)
  }
  const time = (ms: number | null) => {
    if (ms === null) return int32(-1)
    int32(8)
    int64(BigInt(ms - PG_EPOCH_MS) * 1000n)
  }
  int32(0) // flags
  int32(0) // header extension
  for (const r of rows) {
    bytes.push(0, 6)
    text(r.machine)
    time(r.start)
    time(r.end)
    if (r.code === null) int32(-1)
    else {
      int32(4)
      int32(r.code)
    }
    int32(8)
    int64(BigInt(r.id) * 8n + BigInt((r.turning ? 1 : 0) + (r.reporting ? 2 : 0) + (r.seenSince ? 4 : 0)))
    text(r.design)
  }
  bytes.push(0xff, 0xff)
  return new Uint8Array(bytes)
}

const json = (rows: readonly Row[]) => new TextDecoder().decode(timelineJsonFromCopy(copyOf(rows)))
const T = Date.UTC(2026, 10, 18, 6)

describe('the factory timeline as JSON from a binary COPY', () => {
  test('rows as [start, end, code, turning, reporting, design, seenSince], Unix ms, nulls kept', () => {
    const text = json([
      {
        machine: 'M1',
        start: T,
        end: T + 60_000,
        code: 2,
        id: 7,
        turning: false,
        reporting: true,
        design: 'D-1',
      },
      { machine: 'M1', start: T + 60_000, end: null, code: null, id: 9, turning: true, design: null },
      {
        machine: 'M0',
        start: T - 1,
        end: T + 1,
        code: -5,
        id: 1,
        reporting: true,
        seenSince: true,
        design: '',
      },
    ])
    // compact, the machines by ID
    expect(text).toBe(
      `{"M0":[[${T - 1},${T + 1},-5,0,1,"",1]],"M1":[[${T},${T + 60_000},2,0,1,"D-1",0],[${T + 60_000},null,null,1,0,null,0]]}`,
    )
  })

  test('each machine’s rows by start, then by id (the order they were recorded in), whatever the COPY’s order', () => {
    const rows: Row[] = [
      { machine: 'A', start: T + 2, end: null, code: 3, id: 30, design: null },
      { machine: 'B', start: T, end: null, code: 1, id: 1, design: null },
      { machine: 'A', start: T + 1, end: T + 1, code: 2, id: 21, design: null },
      { machine: 'A', start: T + 1, end: T + 1, code: 1, id: 20, design: null },
      { machine: 'A', start: T, end: T + 1, code: 0, id: 40, design: null },
    ]
    const parsed = JSON.parse(json(rows)) as Record<string, number[][]>
    expect(Object.keys(parsed)).toEqual(['A', 'B'])
    expect(parsed.A!.map((r) => r[2])).toEqual([0, 1, 2, 3])
  })

  test('numbers as JavaScript writes them: every digit count, signs, instants from 1970 to 2286', () => {
    const codes = [0, 1, 9, 10, 99, 100, 12_345, 99_999_999, 100_000_000, 2_147_483_647, -1, -2_147_483_648]
    const starts = [0, 1, 999, PG_EPOCH_MS, 999_999_999_999, 1_000_000_000_000, T, 9_999_999_999_999]
    const rows: Row[] = [
      ...codes.map((code, i) => ({ machine: 'C', start: T + i, end: T + i + 1, code, id: i, design: null })),
      ...starts.map((start, i) => ({ machine: 'S', start, end: start + 1, code: null, id: i, design: null })),
    ]
    const parsed = JSON.parse(json(rows)) as Record<string, number[][]>
    expect(parsed.C!.map((r) => r[2])).toEqual(codes)
    expect(parsed.S!.map((r) => [r[0], r[1]])).toEqual(starts.map((s) => [s, s + 1]))
  })

  test('timestamps with microseconds round to the millisecond as extract(epoch) × 1000 does', () => {
    // half a millisecond rounds away from zero, of the Unix time (the COPY counts from 2000)
    const copy = copyOf([{ machine: 'M', start: 0, end: 0, code: 1, id: 1, design: null }])
    const view = new DataView(copy.buffer)
    const startAt = 11 + 8 + 2 + 4 + 1 + 4
    const fromUnix = (us: bigint) => us - BigInt(PG_EPOCH_MS) * 1000n
    view.setBigInt64(startAt, fromUnix(BigInt(T) * 1000n + 1_500n)) // T + 1.5 ms
    view.setBigInt64(startAt + 12, fromUnix(BigInt(PG_EPOCH_MS) * 1000n - 2_500n)) // 2.5 ms before 2000
    const parsed = JSON.parse(new TextDecoder().decode(timelineJsonFromCopy(copy))) as Record<
      string,
      number[][]
    >
    expect(parsed.M![0]!.slice(0, 2)).toEqual([T + 2, PG_EPOCH_MS - 2])
    view.setBigInt64(startAt, fromUnix(-2_500n)) // 2.5 ms before 1970
    view.setBigInt64(startAt + 12, fromUnix(1_499n))
    const again = JSON.parse(new TextDecoder().decode(timelineJsonFromCopy(copy))) as Record<
      string,
      number[][]
    >
    expect(again.M![0]!.slice(0, 2)).toEqual([-3, 1])
  })

  test('names and designs escaped as JSON.stringify escapes them, any UTF-8 kept', () => {
    const odd = ['Nähe "Nord" \\ 1', 'tab\there\nnew\u0001\u001f\u007f', '東京-7 🧵', '42', '']
    const rows = odd.map((s, i) => ({ machine: s, start: T, end: null, code: 1, id: i, design: s }))
    const text = json(rows)
    const parsed = JSON.parse(text) as Record<string, unknown[][]>
    expect(Object.keys(parsed).sort()).toEqual([...odd].sort())
    for (const s of odd) expect(parsed[s]![0]![5]).toBe(s)
    expect(text).toContain(JSON.stringify(odd[1]))
  })

  test('no rows: an empty object; what is not such a COPY is refused', () => {
    expect(json([])).toBe('{}')
    expect(() => timelineJsonFromCopy(new TextEncoder().encode('{"not":"a copy"}'))).toThrow(CopyFormatError)
    const copy = copyOf([{ machine: 'M', start: T, end: null, code: 1, id: 1, design: null }])
    copy[11 + 8 + 1] = 5 // five fields
    expect(() => timelineJsonFromCopy(copy)).toThrow(/5 fields, not 6/)
  })
})

/** A backend message: type, length (itself included), body. */
const message = (type: string, body: Uint8Array) => {
  const m = new Uint8Array(5 + body.length)
  m[0] = type.charCodeAt(0)
  new DataView(m.buffer).setInt32(1, 4 + body.length)
  m.set(body, 5)
  return m
}
const concat = (parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    all.set(p, at)
    at += p.length
  }
  return all
}

describe('the COPY’s bytes out of the wire protocol', () => {
  const rows = [new Uint8Array([1, 2, 3]), new Uint8Array([]), new Uint8Array([4, 5, 6, 7, 8])]
  const stream = concat([
    message('H', new Uint8Array([1, 0, 0])),
    ...rows.map((r) => message('d', r)),
    message('c', new Uint8Array()),
    message('C', new TextEncoder().encode('COPY 3\0')),
    message('Z', new TextEncoder().encode('I')),
  ])

  test.each([1, 2, 5, 7, 1000])('the CopyData payloads one after another, in pieces of %i bytes', (size) => {
    const reader = new CopyDataReader()
    for (let at = 0; at < stream.length; at += size) reader.push(stream.slice(at, at + size))
    expect([...reader.result()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
  })

  test('an ErrorResponse is the error, with its message and SQLSTATE', () => {
    const fields = new TextEncoder().encode('SERROR\0C22012\0Mdivision by zero\0\0')
    const reader = new CopyDataReader()
    reader.push(concat([message('E', fields), message('Z', new TextEncoder().encode('I'))]))
    expect(() => reader.result()).toThrow('division by zero (22012)')
  })
})
