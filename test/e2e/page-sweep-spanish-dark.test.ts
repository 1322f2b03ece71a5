import { sweep } from './page-sweep'

// The page sweep's Spanish pass in the dark theme (page-sweep.ts): the pages but the many reports; phone, no
// English, and axe-core on the dark theme's colours
sweep({
  name: 'Spanish, dark theme',
  locale: 'es',
  colorScheme: 'dark',
  pages: 'but reports',
  touch: false,
  axe: true,
})
