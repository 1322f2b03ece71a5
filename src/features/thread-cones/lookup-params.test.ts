import { describe, expect, test } from 'vitest'
import { lookupOf, withLookup } from './lookup-params'

describe('lookupOf', () => {
  test.each([
    ['nothing chosen', '', { manufacturer: null, series: null, number: null }],
    [
      'all three',
      'm=Nordfaden&s=NFP-40&c=1004',
      { manufacturer: 'Nordfaden', series: 'NFP-40', number: '1004' },
    ],
    ['the number exactly as typed', 'm=N&s=S&c=+007+', { manufacturer: 'N', series: 'S', number: ' 007 ' }],
    [
      'a series without a manufacturer counts for nothing',
      's=NFP-40&c=1004',
      { manufacturer: null, series: null, number: null },
    ],
    [
      'a number without a series counts for nothing',
      'm=Nordfaden&c=1004',
      { manufacturer: 'Nordfaden', series: null, number: null },
    ],
  ])('%s', (_, search, expected) => {
    expect(lookupOf(new URLSearchParams(search))).toEqual(expected)
  })
})

describe('withLookup', () => {
  test.each([
    ['sets a value', 'm=N', { s: 'S' }, 'm=N&s=S'],
    ['replaces a value', 'm=N&s=S&c=1', { c: '2' }, 'm=N&s=S&c=2'],
    ['null removes', 'm=N&s=S&c=1', { s: null, c: null }, 'm=N'],
    ['empty removes', 'm=N&s=S', { s: '' }, 'm=N'],
    ['undefined removes', 'm=N&s=S', { s: undefined }, 'm=N'],
    ['other parameters are kept', 'theme=dark&m=N', { m: 'O', s: null }, 'theme=dark&m=O'],
  ])('%s', (_, search, patch, expected) => {
    const current = new URLSearchParams(search)
    expect(withLookup(current, patch).toString()).toBe(expected)
    // a new object: the router's current search is not changed in place
    expect(current.toString()).toBe(search)
  })
})
