import { compileCatalogue } from '../src/lib/i18n/compile'
import de from '../src/lib/i18n/locales/de.json'
import en from '../src/lib/i18n/locales/en.json'
import es from '../src/lib/i18n/locales/es.json'
import { type Language, type Translator, translator } from '../src/lib/i18n/translator'

/** The catalogues as the server reads them (bundled into the built server), each compiled once, when first
 * spoken: the server speaks several languages at once (a channel each). */
const sources: Record<Language, Record<string, string>> = { en, de, es }
const made = new Map<Language, Translator>()

export function speaking(language: Language): Translator {
  let spoken = made.get(language)
  if (!spoken) {
    spoken = translator(language, compileCatalogue(sources[language]))
    made.set(language, spoken)
  }
  return spoken
}
