import { interpolateViridis } from 'd3-scale-chromatic'
import { expect, test } from 'vitest'
import { heatColor } from './color-scale'
import { VIRIDIS_STOPS, viridis } from './viridis'

const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))

test('the stops are d3-scale-chromatic’s viridis', () => {
  VIRIDIS_STOPS.forEach((hex, i) => {
    expect(hex).toBe(interpolateViridis(i / 16))
  })
})

test.each([0, 0.1, 0.33, 0.5, 0.77, 0.99, 1])(
  'viridis(%s) is within 3 levels of the library per channel',
  (t) => {
    const ours = channels(viridis(t))
    const theirs = channels(interpolateViridis(t))
    ours.forEach((v, k) => {
      expect(Math.abs(v - theirs[k]!)).toBeLessThanOrEqual(3)
    })
  },
)

const luminance = (hex: string) => channels(hex).reduce((s, v, k) => s + v * [0.299, 0.587, 0.114][k]!, 0)

test('heat colours on the light theme: zero is transparent, more breaks are darker', () => {
  expect(heatColor(0, 10)).toBe('transparent')
  for (let count = 1; count < 10; count++) {
    expect(luminance(heatColor(count + 1, 10))).toBeLessThan(luminance(heatColor(count, 10)))
  }
})

test('heat colours on the dark theme: more breaks are brighter, standing out from the dark page', () => {
  expect(heatColor(0, 10, true)).toBe('transparent')
  for (let count = 1; count < 10; count++) {
    expect(luminance(heatColor(count + 1, 10, true))).toBeGreaterThan(luminance(heatColor(count, 10, true)))
  }
})
