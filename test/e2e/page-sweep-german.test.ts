import { sweep } from './page-sweep'

// The page sweep's German pass (page-sweep.ts): every page; phone, and no English
sweep({ name: 'German', locale: 'de', colorScheme: 'light', pages: 'every', touch: false, axe: false })
