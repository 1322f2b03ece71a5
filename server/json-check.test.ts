import { describe, expect, test } from 'vitest'
import { workerJsonCheck } from './json-check'
// @ts-expect-error plain JavaScript module of the JSON worker, checked here against JSON.parse
import { jsonKind } from './json-validate.mjs'

const encoder = new TextEncoder()
const kindByParse = (text: string) => {
  try {
    const value = JSON.parse(text) as unknown
    return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
  } catch {
    return 'invalid'
  }
}

/** The validator that checks large upstream answers off the event loop agrees with JSON.parse. */
describe('the JSON check of large upstream answers', () => {
  test.each([
    '{}',
    '[]',
    '{"a":1}',
    '[1,2,{"b":[true,false,null,"x\\n\\u00e9 ·"]}]',
    ' {"a" : -0.5e+3 } ',
    'null',
    '"s"',
    '12',
    'true',
    '',
    '{',
    '[1,]',
    '{"a":1,}',
    '{"a"}',
    '{a:1}',
    '01',
    '1.',
    '-',
    '"\\x"',
    '"a',
    '[1 2]',
    '{"a":1}{}',
    'nul',
    '{"a":[}',
    '[{]}',
    '"\u0001"',
    '1e',
    'tru',
    '[1]]',
    '{"data": [', // the fake upstream's "malformed"
  ])('%j', (text) => {
    expect(jsonKind(encoder.encode(text))).toBe(kindByParse(text))
  })

  test('a large answer is checked on the worker and handed back intact; a broken one is refused', async () => {
    const check = workerJsonCheck()
    const big = encoder.encode(
      JSON.stringify({ data: Array.from({ length: 60_000 }, (_, i) => ({ id: `AS-${i}`, head: i % 15 })) }),
    )
    expect(big.byteLength).toBeGreaterThan(1024 * 1024)
    const copy = big.slice()
    const { kind, body } = await check(copy)
    expect(kind).toBe('object')
    expect(Buffer.from(body).equals(Buffer.from(big))).toBe(true)
    const broken = big.slice(0, big.byteLength - 1)
    await expect(check(broken)).rejects.toThrow()
    const array = encoder.encode(`[${'1,'.repeat(700_000)}1]`)
    expect((await check(array)).kind).toBe('array')
  })

  test('a worker with nothing to check stops, and the next large answer starts another', async () => {
    const events: string[] = []
    let stopped: () => void = () => {}
    const check = workerJsonCheck({
      idleMs: 0,
      onWorker: (event) => {
        events.push(event)
        if (event === 'stopped') stopped()
      },
    })
    const big = () => encoder.encode(JSON.stringify({ data: 'x'.repeat(1024 * 1024 + 1) }))
    const firstStop = new Promise<void>((resolve) => (stopped = resolve))
    expect((await check(big())).kind).toBe('object')
    await firstStop
    expect(events).toEqual(['started', 'stopped'])
    const body = big()
    const expected = body.slice()
    const second = await check(body)
    expect(second.kind).toBe('object')
    expect(Buffer.from(second.body).equals(Buffer.from(expected))).toBe(true)
    expect(events.slice(0, 3)).toEqual(['started', 'stopped', 'started'])
  })
})
