/** Viridis (sequential, perceptually uniform, colour-blind safe) as 17 stops of d3-scale-chromatic's
 * interpolateViridis at t = 0, 1/16, …, 1, interpolated linearly between them. The table keeps
 * d3-color and every other scheme out of the bundle; viridis.test.ts checks it against the library. */
export const VIRIDIS_STOPS = [
  '#440154',
  '#48186a',
  '#472d7b',
  '#424086',
  '#3b528b',
  '#33638d',
  '#2c728e',
  '#26828e',
  '#21918c',
  '#1fa088',
  '#28ae80',
  '#3fbc73',
  '#5ec962',
  '#84d44b',
  '#addc30',
  '#d8e219',
  '#fde725',
] as const

const rgb = VIRIDIS_STOPS.map(
  (hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number],
)

/** The viridis colour at t ∈ [0, 1] as #rrggbb. */
export function viridis(t: number): string {
  const x = Math.min(1, Math.max(0, t)) * (rgb.length - 1)
  const i = Math.min(rgb.length - 2, Math.floor(x))
  const f = x - i
  const [a, b] = [rgb[i]!, rgb[i + 1]!]
  return `#${a
    .map((v, k) =>
      Math.round(v + (b[k]! - v) * f)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}
