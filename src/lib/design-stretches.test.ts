import { describe, expect, test } from 'vitest'
import { t } from '../../test/messages'
import { designStretches, stretchInWords, stretchLength } from './design-stretches'

describe('where in a design threads break', () => {
  test('about 40 stretches of whole hundreds, at least 100 stitches', () => {
    expect(stretchLength(38_053)).toBe(1000)
    expect(stretchLength(2_000)).toBe(100)
    expect(designStretches(38_053, []).length).toBe(39)
  })

  test('breaks spread evenly flag nothing; a cluster far above its share is flagged and said in words', () => {
    const even = Array.from({ length: 40 }, (_, i) => ({ stitch: i * 1000 + 500, count: 2 }))
    expect(designStretches(40_000, even).some((s) => s.flagged)).toBe(false)
    const clustered = [...even, { stitch: 12_450, count: 20 }, { stitch: 12_900, count: 9 }]
    const stretches = designStretches(40_000, clustered)
    const flagged = stretches.filter((s) => s.flagged)
    expect(flagged.map((s) => [s.from, s.to, s.count])).toEqual([[12_001, 13_000, 31]])
    expect(stretchInWords(flagged[0]!, t)).toBe('stitches 12,001–13,000: 31\u00a0breaks, 11× their share')
  })

  test('a few breaks in one place are not enough: at least 3, and unlikely by chance', () => {
    expect(designStretches(40_000, [{ stitch: 100, count: 2 }]).some((s) => s.flagged)).toBe(false)
  })

  test('the last stretch ends at the design’s last stitch; a position past it counts there', () => {
    const s = designStretches(1_050, [{ stitch: 5_000, count: 1 }])
    expect(s.at(-1)).toMatchObject({ from: 1_001, to: 1_050, count: 1 })
  })
})
