import { describe, expect, test } from 'vitest'
import { t } from '../../../test/messages'
import { joinDelayMs, screenTurns, turnOf, wallTitle } from './wall-rotation'

describe('the wall’s turns', () => {
  test.each([
    [[1], ['0:0']],
    [
      [1, 1, 1],
      ['0:0', '1:0', '2:0'],
    ],
    [
      [1, 3],
      ['0:0', '1:0', '1:1', '1:2'],
    ],
    [[], []],
  ])('screens %o take the turns %o', (screens, turns) => {
    expect(screenTurns(screens)).toEqual(turns)
  })

  test.each([
    ['0:0', { page: 0, screen: 0 }],
    ['2:1', { page: 2, screen: 1 }],
    ['exceptions:0', { page: -1, screen: 0 }],
    ['exceptions:1', { page: -1, screen: 1 }],
    [undefined, { page: -1, screen: 0 }],
  ])('turn %s shows %o', (turn, shows) => {
    expect(turnOf(turn)).toEqual(shows)
  })

  test.each([
    {
      case: 'a page of one screen: its title',
      turn: '0:0',
      exceptionsStarting: false,
      pageTitle: 'Machine status',
      screen: 0,
      screens: 1,
      title: 'Machine status',
    },
    {
      case: 'a page of several screens: numbered',
      turn: '1:1',
      exceptionsStarting: false,
      pageTitle: 'Thread breaks',
      screen: 1,
      screens: 3,
      title: 'Thread breaks 2/3',
    },
    {
      case: 'the exception page',
      turn: 'exceptions:0',
      exceptionsStarting: false,
      pageTitle: undefined,
      screen: 0,
      screens: 1,
      title: 'Needs action now',
    },
    {
      case: 'the exception page’s second screen of two',
      turn: 'exceptions:1',
      exceptionsStarting: false,
      pageTitle: 'Machine status',
      screen: 1,
      screens: 2,
      title: 'Needs action now 2/2',
    },
    {
      case: 'while the exception page may still come: its title, before the page’s',
      turn: '0:0',
      exceptionsStarting: true,
      pageTitle: 'Machine status',
      screen: 0,
      screens: 1,
      title: 'Needs action now',
    },
    {
      case: 'no page yet',
      turn: undefined,
      exceptionsStarting: false,
      pageTitle: undefined,
      screen: 0,
      screens: 1,
      title: '',
    },
  ])('$case: “$title”', ({ title, ...shown }) => {
    expect(wallTitle(shown, t)).toBe(title)
  })

  test.each([
    [30, 25_000],
    [8, 4000],
    [2, 1000],
    [0.02, 10],
  ])('with a dwell of %s s, the next page joins after %s ms', (dwell, ms) => {
    expect(joinDelayMs(dwell)).toBe(ms)
  })
})
