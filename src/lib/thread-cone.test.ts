import { describe, expect, test } from 'vitest'
import {
  classifyFailure,
  closeMatches,
  colorNameText,
  deltaEInWords,
  hexOf,
  needleEntry,
  scanCodeText,
  searchColors,
  typingHints,
} from './thread-cone'

const color = (ColorNumber: string, extra: Record<string, unknown> = {}) => ({
  Index: 1,
  ColorNumber,
  R: 200,
  G: 16,
  B: 3,
  ...extra,
})

describe('a thread-cone colour', () => {
  test('the needle entry of reference 2.5: RGB, name, number, the series Weight as a string', () => {
    expect(needleEntry(color('1004', { ColorName: 'Signal Red' }), 40)).toEqual({
      Red: 200,
      Green: 16,
      Blue: 3,
      ColorName: 'Signal Red',
      ColorNumber: '1004',
      ThreadSize: '40',
    })
    expect(needleEntry(color('A1'), '30').ThreadSize).toBe('30')
    expect(needleEntry(color('A1'), 30).ColorName).toBe('')
  })

  test('ScanCode printed exactly, all 12 digits', () => {
    expect(scanCodeText(999_999_999_999)).toBe('999999999999')
    expect(scanCodeText(400_000_000_007)).toBe('400000000007')
    expect(scanCodeText('000123456789')).toBe('000123456789')
    expect(scanCodeText(undefined)).toBeNull()
    expect(scanCodeText(null)).toBeNull()
  })

  test('a missing or empty ColorName is "no name"; hex is upper case', () => {
    expect(colorNameText(color('1'))).toBeNull()
    expect(colorNameText(color('1', { ColorName: '' }))).toBeNull()
    expect(colorNameText(color('1', { ColorName: 'Jade' }))).toBe('Jade')
    expect(hexOf({ R: 200, G: 16, B: 3 })).toBe('#C81003')
  })
})

describe('what the typed number may have meant (reference 4.8 rule 3)', () => {
  const series = [color('0012'), color('12'), color('7'), color('B101'), color('b102')]

  test('leading zeros added or dropped: the numbers that differ only by them', () => {
    expect(closeMatches('012', series).map((c) => c.ColorNumber)).toEqual(['0012', '12'])
    expect(closeMatches('0007', series).map((c) => c.ColorNumber)).toEqual(['7'])
  })

  test('spaces typed around the number', () => {
    expect(closeMatches(' 7 ', series).map((c) => c.ColorNumber)).toEqual(['7'])
    expect(typingHints(' 7 ')).toEqual({ spaces: true, leadingZeros: false })
    expect(typingHints('0012')).toEqual({ spaces: false, leadingZeros: true })
  })

  test('case is no hint: the service matches it anyway', () => {
    expect(closeMatches('b101', series)).toEqual([])
    expect(closeMatches('nothing', series)).toEqual([])
  })

  test('search by number or name, case-insensitive', () => {
    const named = [color('C001', { ColorName: 'Deep Jade' }), color('C002', { ColorName: 'Rose' })]
    expect(searchColors(named, 'jade').map((c) => c.ColorNumber)).toEqual(['C001'])
    expect(searchColors(named, 'c00').length).toBe(2)
    expect(searchColors(named, ' ').length).toBe(2)
  })
})

describe('failures of reference 7', () => {
  test.each([
    ['Thread cone series not found: NFP-41', 'series-not-found'],
    ['Thread cone not found: NFP-40 / 01004', 'cone-not-found'],
    ['GetThreadCone: Die Datei "SK-ARCHIV-2019.tcs" konnte nicht gelesen werden.', 'unreadable'],
    ['GetThreadConeList: Unzulässige Zeichen im Pfad.', 'unreadable'],
    ['Invalid licence token.', 'licence'],
    ['No licence token found.', 'licence'],
    ['The thread-cone service did not answer within 15 s', 'other'],
  ])('%s', (message, kind) => {
    expect(classifyFailure(message).kind).toBe(kind)
  })

  test('the series and number are read back from "not found"', () => {
    expect(classifyFailure('Thread cone not found: LUMEN Classic 40 v2 / a101')).toMatchObject({
      series: 'LUMEN Classic 40 v2',
      number: 'a101',
    })
  })

  test('ΔE in words', () => {
    expect(deltaEInWords(0.6)).toBe('not perceptible')
    expect(deltaEInWords(1.8)).toMatch(/^close/)
    expect(deltaEInWords(12)).toBe('a different colour')
  })
})
