import { describe, expect, test } from 'vitest'
import { keptWhileMovedOn, movedOnPlaceholders } from './moved-on'

const rangeOf = (key: readonly unknown[]) => ({
  rest: JSON.stringify(key.slice(0, -2)),
  from: Number(key.at(-2)),
  till: Number(key.at(-1)),
})
const MINUTE = 60_000

describe('the last answer while a range moves on', () => {
  test('is kept for the same query a few minutes on, never for another query or a range moved further', () => {
    const answer = { rows: [1] }
    expect(keptWhileMovedOn(answer, ['a', 0, 60 * MINUTE], ['a', 5 * MINUTE, 65 * MINUTE], rangeOf)).toBe(
      answer,
    )
    expect(keptWhileMovedOn(answer, ['a', 0, 60 * MINUTE], ['b', 0, 60 * MINUTE], rangeOf)).toBeUndefined()
    expect(
      keptWhileMovedOn(answer, ['a', 0, 60 * MINUTE], ['a', 6 * MINUTE, 66 * MINUTE], rangeOf),
    ).toBeUndefined()
  })

  test('is one function per key, so that the query reads it once (a new one per render looped)', () => {
    const placeholderOf = movedOnPlaceholders(rangeOf)
    const first = placeholderOf(['a', 0, 60 * MINUTE])
    expect(placeholderOf(['a', 0, 60 * MINUTE])).toBe(first)
    expect(placeholderOf(['a', MINUTE, 61 * MINUTE])).not.toBe(first)
    const answer = { rows: [1] }
    expect(first(answer, { queryKey: ['a', -MINUTE, 59 * MINUTE] })).toBe(answer)
    expect(first(answer, undefined)).toBeUndefined()
  })

  test('keeps a bounded number of keys: the oldest gives way', () => {
    const placeholderOf = movedOnPlaceholders(rangeOf)
    const first = placeholderOf(['a', 0, 1])
    for (let i = 1; i <= 256; i++) placeholderOf(['a', i, i + 1])
    expect(placeholderOf(['a', 256, 257])).toBe(placeholderOf(['a', 256, 257]))
    expect(placeholderOf(['a', 0, 1])).not.toBe(first)
  })
})
