import { describe, expect, test } from 'vitest'
import { t } from '../../test/messages'
import {
  type ConeColor,
  classifyFailure,
  closeMatches,
  colorNameText,
  deltaEInWords,
  hexOf,
  scanCodeText,
  searchColors,
  typingHints,
} from './thread-cone'

const color = (number: string, extra: Partial<ConeColor> = {}): ConeColor => ({
  index: 1,
  number,
  r: 200,
  g: 16,
  b: 3,
  name: null,
  scanCode: null,
  ...extra,
})

describe('a thread-cone colour', () => {
  test('ScanCode printed exactly, all 12 digits', () => {
    expect(scanCodeText(999_999_999_999)).toBe('999999999999')
    expect(scanCodeText(400_000_000_007)).toBe('400000000007')
    expect(scanCodeText('000123456789')).toBe('000123456789')
    expect(scanCodeText(undefined)).toBeNull()
    expect(scanCodeText(null)).toBeNull()
  })

  test('a missing or empty name is "no name"; hex is upper case', () => {
    expect(colorNameText(color('1'))).toBeNull()
    expect(colorNameText(color('1', { name: '' }))).toBeNull()
    expect(colorNameText(color('1', { name: 'Jade' }))).toBe('Jade')
    expect(hexOf({ r: 200, g: 16, b: 3 })).toBe('#C81003')
  })
})

describe('what the typed number may have meant (reference 4.8 rule 3)', () => {
  const series = [color('0012'), color('12'), color('7'), color('B101'), color('b102')]

  test('leading zeros added or dropped: the numbers that differ only by them', () => {
    expect(closeMatches('012', series).map((c) => c.number)).toEqual(['0012', '12'])
    expect(closeMatches('0007', series).map((c) => c.number)).toEqual(['7'])
  })

  test('spaces typed around the number', () => {
    expect(closeMatches(' 7 ', series).map((c) => c.number)).toEqual(['7'])
    expect(typingHints(' 7 ')).toEqual({ spaces: true, leadingZeros: false })
    expect(typingHints('0012')).toEqual({ spaces: false, leadingZeros: true })
  })

  test('case is no hint: the service matches it anyway', () => {
    expect(closeMatches('b101', series)).toEqual([])
    expect(closeMatches('nothing', series)).toEqual([])
  })

  test('search by number or name, case-insensitive', () => {
    const named = [color('C001', { name: 'Deep Jade' }), color('C002', { name: 'Rose' })]
    expect(searchColors(named, 'jade').map((c) => c.number)).toEqual(['C001'])
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
    expect(deltaEInWords(0.6, t)).toBe('not perceptible')
    expect(deltaEInWords(1.8, t)).toMatch(/^close/)
    expect(deltaEInWords(12, t)).toBe('a different colour')
  })
})
