import { expect, test } from 'vitest'
import { pathsNotVisited, sweep } from './page-sweep'

// The page sweep's first pass (page-sweep.ts): every page in English and the light theme; phone, touch
// targets and axe-core
test('the sweep visits every page of the router', () => {
  expect(pathsNotVisited()).toEqual([])
})

sweep({
  name: 'English, light theme',
  locale: 'en',
  colorScheme: 'light',
  every: true,
  touch: true,
  axe: true,
})
