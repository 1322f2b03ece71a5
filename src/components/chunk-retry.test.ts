import { describe, expect, test, vi } from 'vitest'
import { importWithRetry, isChunkLoadError, mayReloadForChunk } from './chunk-retry'

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/x.js')

describe('a page whose code could not be fetched', () => {
  test('is recognised by the browsers’ words, not any error', () => {
    expect(isChunkLoadError(chunkError())).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false)
  })

  test('is fetched again after each delay, and given up after the last', async () => {
    const waits: number[] = []
    const wait = async (ms: number) => {
      waits.push(ms)
    }
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce('page')
    expect(await importWithRetry(load, [1000, 3000], wait)).toBe('page')
    expect(waits).toEqual([1000])
    const never = vi.fn().mockRejectedValue(chunkError())
    await expect(importWithRetry(never, [1000, 3000], wait)).rejects.toThrow(/dynamically imported/)
    expect(never).toHaveBeenCalledTimes(3)
  })

  test('code that throws is not fetched again', async () => {
    const load = vi.fn().mockRejectedValue(new Error('broken page'))
    await expect(importWithRetry(load, [1], async () => {})).rejects.toThrow('broken page')
    expect(load).toHaveBeenCalledTimes(1)
  })

  test('reloads are bounded: three in five minutes, then none until they age out', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    }
    const t0 = 1_000_000
    expect([0, 1, 2, 3].map((i) => mayReloadForChunk(t0 + i * 1000, storage))).toEqual([
      true,
      true,
      true,
      false,
    ])
    expect(mayReloadForChunk(t0 + 5 * 60_000 + 1, storage)).toBe(true)
  })
})
