import { sweep } from './page-sweep'

// The page sweep's first pass (page-sweep.ts), in English and the light theme, for the many report pages:
// phone, touch targets and axe-core
sweep({
  name: 'English, light theme, the reports',
  locale: 'en',
  colorScheme: 'light',
  pages: 'reports',
  touch: true,
  axe: true,
})
