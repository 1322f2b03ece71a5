import type { Translator } from './i18n/translator'
import { placeName } from './place-name'
import { poissonUpperTail } from './poisson'

/** "Where to look first": places (cells, heads, needles) of a machine that break far more often than
 * the machine's own total would give them if its breaks were spread evenly.
 *
 * The rule, stated once (the page shows it in words, HOT_SPOT_RULE):
 * - expected share of a place = the machine's total over the places of its kind (cells, heads or needles);
 * - a place is flagged when its count is at least MIN_COUNT, at least MIN_RATIO × its expected share, and
 *   the Poisson probability of a count at least that high by chance, P(X ≥ count | λ = expected), is below
 *   ALPHA divided by the number of places tested in the whole view (Bonferroni correction, so the chance
 *   of one false flag on the page stays under 1 %). */
export const ALPHA = 0.01
export const MIN_RATIO = 2
export const MIN_COUNT = 3

export const hotSpotRule = (t: Translator['t']) =>
  t('heatmap.hotSpot.rule', { count: MIN_COUNT, ratio: MIN_RATIO, percent: ALPHA * 100 })

/** One place of a machine; a null dimension is one the view does not split by. */
export interface Place {
  head: number | null
  needle: number | null
  count: number
}

/** Places of one kind of one machine that share a total (its cells, or its heads, or its needles). */
export interface PlaceFamily {
  machineId: string
  machineName: string
  places: readonly Place[]
}

export interface HotSpot extends Place {
  machineId: string
  machineName: string
  expected: number
  /** count ÷ expected */
  ratio: number
  /** P(X ≥ count) under the even spread */
  p: number
}

/** Every flagged place of the view, the least likely by chance first. */
export function findHotSpots(families: readonly PlaceFamily[]): HotSpot[] {
  const tested = families.reduce((sum, family) => sum + family.places.length, 0)
  if (tested === 0) return []
  const threshold = ALPHA / tested
  const found: HotSpot[] = []
  for (const family of families) {
    const total = family.places.reduce((sum, place) => sum + place.count, 0)
    if (total === 0 || family.places.length < 2) continue
    const expected = total / family.places.length
    for (const place of family.places) {
      if (place.count < MIN_COUNT || place.count < MIN_RATIO * expected) continue
      const p = poissonUpperTail(place.count, expected)
      if (p < threshold) {
        found.push({
          ...place,
          machineId: family.machineId,
          machineName: family.machineName,
          expected,
          ratio: place.count / expected,
          p,
        })
      }
    }
  }
  return found.sort((a, b) => a.p - b.p || b.ratio - a.ratio)
}

/** "Machine 7, head 3: 41 breaks, 4.2× its expected share". */
export function hotSpotInWords(spot: HotSpot, t: Translator['t']): string {
  const times = spot.ratio >= 10 ? Math.round(spot.ratio) : Math.round(spot.ratio * 10) / 10
  return t('heatmap.hotSpot.words', {
    machine: spot.machineName,
    place: placeName(spot, t),
    count: spot.count,
    ratio: times,
  })
}
