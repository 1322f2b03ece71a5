/** Writes per client and per person: a burst, then a steady rate (token buckets, bounded in entries). A
 * refusal says how long to wait; only the first refusal of a flood is worth an entry in the audit log. */
export const WRITE_LIMITS = {
  /** a floor tablet shared by a shift: 60 at once, then one a second */
  perClient: { capacity: 60, refillMs: 1000 },
  /** one person: 30 at once, then one every 2 s */
  perPerson: { capacity: 30, refillMs: 2000 },
}
const MAX_KEYS = 10_000

interface Bucket {
  tokens: number
  at: number
  /** refused since it last allowed one: the flood's first refusal was logged */
  flooding: boolean
}

export class WriteLimits {
  private readonly buckets = new Map<string, Bucket>()
  constructor(private readonly limit: { capacity: number; refillMs: number }) {}

  /** Takes one write for `key`: null when allowed; otherwise the seconds to wait and whether this is the
   * flood's first refusal. */
  take(key: string, now: number): null | { waitSeconds: number; first: boolean } {
    let bucket = this.buckets.get(key)
    if (!bucket) {
      if (this.buckets.size >= MAX_KEYS) {
        // forget the full ones (they lose nothing), else the oldest
        for (const [k, b] of this.buckets)
          if (this.level(b, now) >= this.limit.capacity) this.buckets.delete(k)
        if (this.buckets.size >= MAX_KEYS) this.buckets.delete(this.buckets.keys().next().value!)
      }
      bucket = { tokens: this.limit.capacity, at: now, flooding: false }
      this.buckets.set(key, bucket)
    }
    bucket.tokens = this.level(bucket, now)
    bucket.at = now
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      bucket.flooding = false
      return null
    }
    const first = !bucket.flooding
    bucket.flooding = true
    return { waitSeconds: Math.max(1, Math.ceil(((1 - bucket.tokens) * this.limit.refillMs) / 1000)), first }
  }

  private level(bucket: Bucket, now: number) {
    return Math.min(this.limit.capacity, bucket.tokens + (now - bucket.at) / this.limit.refillMs)
  }
}
