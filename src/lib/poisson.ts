/** The Poisson distribution's upper tail, for the hot-spot rule of the thread-break heatmaps. */

// Lanczos approximation (g = 7, n = 9), accurate to about 15 significant digits for x > 0.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
]

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x)
  const z = x - 1
  let sum = LANCZOS[0] as number
  for (let i = 1; i < LANCZOS.length; i++) sum += (LANCZOS[i] as number) / (z + i)
  const t = z + 7.5
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum)
}

function logPmf(k: number, lambda: number): number {
  return -lambda + k * Math.log(lambda) - logGamma(k + 1)
}

/** P(X ≥ k) for X ~ Poisson(λ): how likely a count at least this high is by chance alone. */
export function poissonUpperTail(k: number, lambda: number): number {
  if (k <= 0) return 1
  if (lambda <= 0) return 0
  if (k <= lambda) {
    // the tail is large here: 1 − P(X < k), summing P(X = k−1), P(X = k−2), … downwards in log space
    let term = Math.exp(logPmf(k - 1, lambda))
    let below = term
    for (let i = k - 1; i > 0 && term > below * 1e-16; i--) {
      term *= i / lambda
      below += term
    }
    return Math.max(0, Math.min(1, 1 - below))
  }
  // terms fall from k on: sum them until they stop mattering
  let term = Math.exp(logPmf(k, lambda))
  let sum = term
  for (let i = k + 1; term > sum * 1e-16; i++) {
    term *= lambda / i
    sum += term
  }
  return Math.min(1, sum)
}
