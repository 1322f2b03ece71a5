import { gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { testApp, VENDOR_ENV } from '../test/server-app'
import { gzipOnce, LARGE_ANSWER_BYTES } from './compress-json'
import { declaredLength } from './node-server'
import { callUpstream, type Transport, type UpstreamResponse } from './proxy/upstream'
import { memorySettler } from './settle-memory'

/** A thread-break log as large as a month of a big hall's (the vendor's shape, myzsk-api.md 1.10). */
function breakLog(rows: number): Uint8Array {
  const data = Array.from({ length: rows }, (_, i) => ({
    timestamp: 1_760_000_000_000 + i * 1000,
    id_machine: `AS-${i % 200}`,
    machine_name: `Machine ${i % 200}`,
    head: (i % 15) + 1,
    needle: (i % 12) + 1,
    pattern: `D-${i % 40}`,
    pattern_stitchnumber: i * 7,
  }))
  return new TextEncoder().encode(JSON.stringify({ data }))
}

const chunksOf = (bytes: Uint8Array, size = 64 * 1024): AsyncIterable<Uint8Array> => ({
  async *[Symbol.asyncIterator]() {
    for (let at = 0; at < bytes.byteLength; at += size) yield bytes.slice(at, at + size)
  },
})

describe('large answers', () => {
  const log = breakLog(20_000)
  /** the whole hall's log for machineIds=all, a small one for one machine */
  const transport: Transport = async ({ url }) => {
    const body = url.includes('machineIds=all') ? log : breakLog(3)
    return { status: 200, body: chunksOf(body), length: body.byteLength }
  }

  test('go gzipped to a client that takes gzip, unpacking to the upstream’s very bytes, and are told', async () => {
    expect(log.byteLength).toBeGreaterThan(LARGE_ANSWER_BYTES)
    const large: number[] = []
    const { app } = testApp(VENDOR_ENV, transport, undefined, undefined, {
      afterLargeAnswer: () => large.push(1),
    })
    const path = '/api/reports/threadbreaks-by-machine?from=1760000000&till=1760086400&machineIds=all'
    for (const cache of ['MISS', 'HIT']) {
      const zipped = await app.request(path, { headers: { 'Accept-Encoding': 'gzip, br' } })
      expect(zipped.status).toBe(200)
      expect(zipped.headers.get('X-Cache')).toBe(cache)
      expect(zipped.headers.get('Content-Encoding')).toBe('gzip')
      expect(zipped.headers.get('Vary')).toBe('Accept-Encoding')
      expect(zipped.headers.get('X-Content-Type-Options')).toBe('nosniff')
      const bytes = new Uint8Array(await zipped.arrayBuffer())
      expect(Number(zipped.headers.get('Content-Length'))).toBe(bytes.byteLength)
      expect(bytes.byteLength).toBeLessThan(log.byteLength / 4)
      expect(Buffer.from(gunzipSync(bytes)).equals(Buffer.from(log))).toBe(true)
    }
    // a client that does not take gzip gets the bytes as they are
    const plain = await app.request(path, { headers: { 'Accept-Encoding': 'identity' } })
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(Buffer.from(await plain.arrayBuffer()).equals(Buffer.from(log))).toBe(true)
    expect(large).toHaveLength(3)
    // a small answer is not a large one
    await app.request('/api/reports/threadbreaks-by-machine?from=1760000000&till=1760000001&machineIds=AS-1')
    expect(large).toHaveLength(3)
  })

  test('one answer is gzipped once, however many clients are sent it', async () => {
    const body = breakLog(2_000)
    expect(gzipOnce(body)).toBe(gzipOnce(body))
    expect(gzipOnce(body)).not.toBe(gzipOnce(body.slice()))
  })
})

describe('an upstream body of a declared length', () => {
  const call = (response: UpstreamResponse, maxBytes = 1024 * 1024) =>
    callUpstream(
      async () => response,
      { url: 'http://upstream/machines', method: 'GET', headers: {} },
      {
        timeoutSeconds: 5,
        maxBytes,
        name: 'the production API',
      },
    )

  test('is read into one buffer, intact', async () => {
    const log = breakLog(2_000)
    const answer = await call({ status: 200, body: chunksOf(log, 1000), length: log.byteLength })
    expect(Buffer.from(answer.body).equals(Buffer.from(log))).toBe(true)
    expect(answer.body.buffer.byteLength).toBe(log.byteLength)
  })

  test('over the limit is refused before a byte of it is read', async () => {
    let pulled = 0
    const body: AsyncIterable<Uint8Array> = {
      async *[Symbol.asyncIterator]() {
        pulled++
        yield new Uint8Array(10)
      },
    }
    await expect(call({ status: 200, body, length: 2 * 1024 * 1024 })).rejects.toThrow(
      /the production API sent more than 1 MiB; narrow the time range or machines/,
    )
    expect(pulled).toBe(0)
  })

  test('that does not match what arrives is a broken answer, never a cut or padded one', async () => {
    const text = new TextEncoder().encode('{"data":[]}')
    await expect(call({ status: 200, body: chunksOf(text), length: text.byteLength - 2 })).rejects.toThrow(
      /sent more than the 9 bytes it announced/,
    )
    await expect(call({ status: 200, body: chunksOf(text), length: text.byteLength + 5 })).rejects.toThrow(
      /broke off its answer \(11 of 16 bytes\)/,
    )
  })

  test('is taken from Content-Length only when the body comes as it is', () => {
    expect(declaredLength({ 'content-length': '2817' })).toBe(2817)
    expect(declaredLength({ 'content-length': '2817', 'content-encoding': 'gzip' })).toBeUndefined()
    expect(declaredLength({ 'content-length': '2817', 'transfer-encoding': 'chunked' })).toBeUndefined()
    expect(declaredLength({ 'content-length': '28, 28' })).toBeUndefined()
    expect(declaredLength({ 'content-length': '-1' })).toBeUndefined()
    expect(declaredLength({})).toBeUndefined()
  })
})

describe('memory settles after large answers', () => {
  test('one full collection once large answers have stopped, however many came before', async () => {
    let collections = 0
    let collected: () => void = () => {}
    const settler = memorySettler({
      quietMs: 0,
      collect: () => {
        collections++
        collected()
      },
    })
    const next = () => new Promise<void>((resolve) => (collected = resolve))
    let done = next()
    for (let i = 0; i < 5; i++) settler.touched()
    await done
    done = next()
    settler.touched()
    await done
    expect(collections).toBe(2)
  })
})
