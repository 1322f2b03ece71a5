import { describe, expect, test } from 'vitest'
import { speaking, t } from '../../test/messages'
import { parseLocations } from './location-names'
import {
  DEMO_STATUS_ENTRIES,
  dictionaryOf,
  meaningLabel,
  parseStatusCodes,
  type StatusEntry,
  secondsInStateOf,
  statusCodesLine,
} from './status-codes'

describe('STATUS_CODES', () => {
  test('code=state and code=state:label, spaces and case forgiven, the state’s words as the default label', () => {
    expect(parseStatusCodes(' 1 = Running , 2=stopped: Stop switch ,-5=error')).toEqual([
      { code: 1, state: 'running', label: null },
      { code: 2, state: 'stopped', label: 'Stop switch' },
      { code: -5, state: 'error', label: null },
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

  test('the line to copy says the same in the screen’s language and reads back to it; the state’s own words are left out', () => {
    const line = statusCodesLine(DEMO_STATUS_ENTRIES, t)
    expect(line).toBe(
      '1=running,2=stopped,9=threadbreak,30=setup:Hooping,40=idle,99=error:Machine error,1012=stopped:Design completed',
    )
    const read = parseStatusCodes(line) as StatusEntry[]
    const words = (entries: readonly StatusEntry[]) =>
      entries.map((e) => [e.code, e.state, meaningLabel(e, t)])
    expect(words(read)).toEqual(words(DEMO_STATUS_ENTRIES))
    // in German the product's words become the factory's own, as the supervisor read them
    expect(statusCodesLine(DEMO_STATUS_ENTRIES, speaking('de').t)).toContain('30=setup:Einrahmen')
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
