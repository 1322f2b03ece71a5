/** The Poisson distribution's upper tail, for the hot-spot rule of the thread-break heatmaps; the binomial's,
 * for comparing two Poisson rates (the thread-break assistant's speed test). */

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

/** P(X ≥ k) for X ~ Binomial(n, p). Of two Poisson counts with exposures a and b, the first given their sum n
 * is Binomial(n, a ÷ (a + b)) when both have one rate: this is the exact test that its count is too high. */
export function binomialUpperTail(k: number, n: number, p: number): number {
  if (k <= 0) return 1
  if (k > n || p <= 0) return 0
  if (p >= 1) return 1
  const logTerm = (i: number) =>
    logGamma(n + 1) - logGamma(i + 1) - logGamma(n - i + 1) + i * Math.log(p) + (n - i) * Math.log1p(-p)
  // summed from the largest term of the tail outwards, in log space
  const mode = Math.max(k, Math.min(n, Math.floor((n + 1) * p)))
  const top = logTerm(mode)
  let sum = 0
  for (let i = mode; i <= n; i++) {
    const term = Math.exp(logTerm(i) - top)
    sum += term
    if (term < 1e-17 * sum) break
  }
  for (let i = mode - 1; i >= k; i--) {
    const term = Math.exp(logTerm(i) - top)
    sum += term
    if (term < 1e-17 * sum) break
  }
  return Math.min(1, Math.exp(top) * sum)
}
