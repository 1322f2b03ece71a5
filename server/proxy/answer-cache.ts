import { LRUCache } from 'lru-cache'
import type { Answer } from './upstream'

export interface AnswerCacheOptions {
  maxEntries: number
  maxBytes: number
  /** the monotonic clock that times entries out (milliseconds); `performance` unless a test moves it */
  perf?: { now(): number }
  /** larger answers are shared by the requests waiting for them but not kept */
  maxEntryBytes?: number
}

/** Upstream answers by request key: identical concurrent requests share one upstream call, and
 * cacheable answers are kept for their time to live. Failures are never kept. Bounded in entries and bytes. */
export class AnswerCache {
  private readonly stored: LRUCache<string, Answer>
  private readonly pending = new Map<string, Promise<Answer>>()

  private readonly maxEntryBytes: number

  constructor({ maxEntries, maxBytes, perf, maxEntryBytes = 8 * 1024 * 1024 }: AnswerCacheOptions) {
    this.maxEntryBytes = maxEntryBytes
    this.stored = new LRUCache<string, Answer>({
      // an injected clock is read on every look-up (no 1 ms memo of the time), so a moved clock counts at once
      ...(perf ? { perf, ttlResolution: 0 } : {}),
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (answer, key) => answer.body.byteLength + key.length + 64,
    })
    // an answer past its time to live is kept until something evicts it: after a burst of large answers
    // (a few 31-day reports) that was megabytes held for nothing. Dropped every 10 s; the timer ends with
    // the cache (it holds it weakly) and never keeps the process alive.
    const cache = new WeakRef(this.stored)
    const purge: ReturnType<typeof setInterval> = setInterval(() => {
      const stored = cache.deref()
      if (stored) stored.purgeStale()
      else clearInterval(purge)
    }, 10_000)
    purge.unref()
  }

  /** The stored answer for `key`, if any, without waiting: the cache-hit path stays synchronous. */
  peek(key: string): Answer | undefined {
    return this.stored.get(key)
  }

  /** The stored answer for `key`, or the answer of the one call in flight for it, or a new call. */
  async get(
    key: string,
    ttlSeconds: number,
    load: () => Promise<Answer>,
    cacheable: (answer: Answer) => boolean,
  ): Promise<{ answer: Answer; hit: boolean }> {
    const stored = this.stored.get(key)
    if (stored) return { answer: stored, hit: true }
    let call = this.pending.get(key)
    if (!call) {
      call = load().then(
        (answer) => {
          this.pending.delete(key)
          if (ttlSeconds > 0 && answer.body.byteLength <= this.maxEntryBytes && cacheable(answer)) {
            this.stored.set(key, answer, { ttl: ttlSeconds * 1000 })
          }
          return answer
        },
        (error: unknown) => {
          this.pending.delete(key)
          throw error
        },
      )
      this.pending.set(key, call)
    }
    return { answer: await call, hit: false }
  }

  get size() {
    return this.stored.size
  }
}
