/** Deterministic randomness: the demo factory is a pure function of its seed and the clock. */

/** 32-bit hash of any mix of strings and numbers (cyrb53's mixing, folded to 32 bits). */
export function hash(...parts: Array<string | number>): number {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (const part of parts) {
    const text = `${part}|`
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i)
      h1 = Math.imul(h1 ^ ch, 2654435761)
      h2 = Math.imul(h2 ^ ch, 1597334677)
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (h1 ^ h2) >>> 0
}

export interface Random {
  /** uniform in [0, 1) */
  next(): number
  /** integer in [min, max] */
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  /** waiting time of a Poisson process with `ratePerSecond` events per second */
  exponential(ratePerSecond: number): number
}

/** mulberry32: small, fast and good enough for a demo. */
export function random(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    exponential: (rate) => (rate <= 0 ? Number.POSITIVE_INFINITY : -Math.log(1 - next()) / rate),
  }
}
