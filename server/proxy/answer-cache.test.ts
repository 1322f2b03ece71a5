import { describe, expect, test } from 'vitest'
import { AnswerCache } from './answer-cache'

describe('the answer cache', () => {
  test('a large answer is shared by the requests waiting for it, but not kept', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000, maxEntryBytes: 1000 })
    let calls = 0
    const load = (bytes: number) => async () => {
      calls++
      return { status: 200, body: new Uint8Array(bytes) }
    }
    const both = await Promise.all([
      cache.get('big', 60, load(5000), () => true),
      cache.get('big', 60, load(5000), () => true),
    ])
    expect(calls).toBe(1)
    expect(both.map((b) => b.answer.body.byteLength)).toEqual([5000, 5000])
    expect(cache.peek('big')).toBeUndefined()
    await cache.get('small', 60, load(500), () => true)
    expect(cache.peek('small')?.body.byteLength).toBe(500)
  })

  test('held bytes stay within maxBytes whatever is asked', async () => {
    const cache = new AnswerCache({ maxEntries: 1000, maxBytes: 10_000, maxEntryBytes: 5000 })
    for (let i = 0; i < 100; i++) {
      await cache.get(
        `k${i}`,
        60,
        async () => ({ status: 200, body: new Uint8Array(900) }),
        () => true,
      )
    }
    expect(cache.size).toBeLessThanOrEqual(10)
  })
})
