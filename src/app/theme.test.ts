import { expect, test } from 'vitest'
import { initialTheme } from './theme'

test.each([
  [{ pathname: '/', search: '?theme=light' }, 'dark', true, 'light'],
  [{ pathname: '/', search: '' }, 'light', true, 'light'],
  [{ pathname: '/kiosk', search: '' }, null, false, 'dark'],
  [{ pathname: '/', search: '' }, null, true, 'dark'],
  [{ pathname: '/', search: '' }, null, false, 'light'],
] as const)('%j, stored %s, prefers dark %s → %s', (location, stored, prefersDark, theme) => {
  expect(initialTheme(location, stored, prefersDark)).toBe(theme)
})
