import { describe, expect, test } from 'vitest'
import { parseLocations } from './location-names'
import {
  DEMO_STATUS_ENTRIES,
  dictionaryOf,
  parseStatusCodes,
  secondsInStateOf,
  statusCodesLine,
} from './status-codes'

describe('STATUS_CODES', () => {
  test('code=state and code=state:label, spaces and case forgiven, the state’s words as the default label', () => {
    expect(parseStatusCodes(' 1 = Running , 2=stopped: Stop switch ,-5=error')).toEqual([
      { code: 1, state: 'running', label: 'Running' },
      { code: 2, state: 'stopped', label: 'Stop switch' },
      { code: -5, state: 'error', label: 'Error' },
    ])
  })

  test('a label may hold a colon and text that looks like markup; it stays text', () => {
    expect(parseStatusCodes('3=setup:Hooping: frame <b>A</b>')).toEqual([
      { code: 3, state: 'setup', label: 'Hooping: frame <b>A</b>' },
    ])
  })

  test.each([
    ['', 'is empty'],
    ['1=running,', 'has an empty entry'],
    ['1=walking', 'entry "1=walking" has the state "walking"'],
    ['one=running', 'entry "one=running" is not code=state'],
    ['1=running,1=idle', 'entry "1=idle" maps code 1 a second time'],
    [`1=idle:${'x'.repeat(61)}`, 'has a label longer than 60 characters'],
  ])('%j is refused: %s', (text, problem) => {
    const result = parseStatusCodes(text)
    expect(typeof result).toBe('string')
    expect(result).toContain(problem)
  })

  test('the line to copy reads back to the same entries; labels equal to the state’s words are left out', () => {
    const line = statusCodesLine(DEMO_STATUS_ENTRIES)
    expect(line).toBe(
      '1=running,2=stopped,9=threadbreak,30=setup:Hooping,40=idle,99=error:Machine error,1012=stopped:Design completed',
    )
    expect(parseStatusCodes(line)).toEqual(DEMO_STATUS_ENTRIES)
  })

  test('seconds in a state add up every code the dictionary gives that state', () => {
    const codes = dictionaryOf(DEMO_STATUS_ENTRIES)
    const byStatus = new Map([
      [2, 600],
      [1012, 300],
      [1, 7200],
      [4711, 50],
    ])
    expect(secondsInStateOf(byStatus, 'stopped', codes)).toBe(900)
    expect(secondsInStateOf(byStatus, 'running', codes)).toBe(7200)
  })
})

describe('LOCATIONS', () => {
  test('id=name pairs, trimmed', () => {
    expect(parseLocations('1=Hall North, 2 = Hall South')).toEqual([
      { id: 1, name: 'Hall North' },
      { id: 2, name: 'Hall South' },
    ])
  })

  test.each([
    ['North', 'entry "North" is not id=name'],
    ['1=A,1=B', 'names location 1 a second time'],
    ['1=', 'has no name'],
    [',', 'is empty'],
  ])('%j is refused: %s', (text, problem) => {
    expect(parseLocations(text)).toContain(problem)
  })
})
