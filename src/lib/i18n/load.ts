import type { Catalogue } from './messages'
import { type Language, type Translator, translator } from './translator'

/** Every language's catalogue, each its own chunk, loaded when that language is chosen (compiled at build
 * time: vite.config.ts, compiledMessages). */
const catalogues = import.meta.glob<Catalogue>('./locales/*.json', { query: '?messages', import: 'default' })

export async function loadTranslator(language: Language): Promise<Translator> {
  const load = catalogues[`./locales/${language}.json`]
  if (!load) throw new Error(`no catalogue for ${language}`)
  return translator(language, await load())
}
