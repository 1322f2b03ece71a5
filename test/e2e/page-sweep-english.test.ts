import { expect, test } from 'vitest'
import { pathsNotVisited, sweep } from './page-sweep'

// The page sweep's first pass (page-sweep.ts), in English and the light theme: phone, touch targets and
// axe-core; here every page but the many reports (page-sweep-english-reports.test.ts)
test('the sweep visits every page of the router', () => {
  expect(pathsNotVisited()).toEqual([])
})

sweep({
  name: 'English, light theme',
  locale: 'en',
  colorScheme: 'light',
  pages: 'but reports',
  touch: true,
  axe: true,
})
